import { Chip, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'

export type ListColumn = { label: string; align?: 'right' }

type Props<T> = {
  /** The table's name for screen readers (usually the page's title). */
  label?: string
  columns: ListColumn[]
  /** The rows' items; undefined while loading or after an error. */
  items: T[] | undefined
  loading: boolean
  /** Said in place of the rows when the list is empty. */
  empty?: ReactNode
  row(item: T): ReactNode
}

/** A list page's table: its headings, three skeleton rows while loading, a line when empty, then the rows. */
export function ListTable<T>({ label, columns, items, loading, empty, row }: Props<T>) {
  return (
    <TableContainer>
      <Table aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.align}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {loading &&
            [0, 1, 2].map((skeleton) => (
              <TableRow key={skeleton}>
                <TableCell colSpan={columns.length}>
                  <Skeleton height={36} />
                </TableCell>
              </TableRow>
            ))}
          {items?.length === 0 && empty && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
                {empty}
              </TableCell>
            </TableRow>
          )}
          {items?.map(row)}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

/** A row that opens `to` when clicked anywhere (its title, a real link, is what the keyboard reaches). */
export function LinkRow({ to, children }: { to?: string; children: ReactNode }) {
  const navigate = useNavigate()
  return (
    <TableRow hover={Boolean(to)} onClick={to ? () => navigate(to) : undefined} sx={{ cursor: to ? 'pointer' : 'default' }}>
      {children}
    </TableRow>
  )
}

/** The row's title in bold: the link to the item, or plain text for a reader who may not open it. */
export function RowTitle({ to, children }: { to?: string; children: ReactNode }) {
  if (!to)
    return (
      <Typography dir="auto" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    )
  return (
    <Typography
      component={Link}
      to={to}
      onClick={(event) => event.stopPropagation()}
      dir="auto"
      sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
    >
      {children}
    </Typography>
  )
}

/** A row's on/off state (a product on sale, a page published): filled green when on, outlined grey when off. */
export function StatusChip({ on, label }: { on: boolean; label: string }) {
  return <Chip size="small" color={on ? 'success' : 'default'} variant={on ? 'filled' : 'outlined'} label={label} />
}
