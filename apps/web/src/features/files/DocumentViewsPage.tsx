import FolderOutlined from '@mui/icons-material/FolderOutlined'
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  Link,
  Skeleton,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
  Typography,
} from '@mui/material'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { EmailText } from '../../components/EmailText'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { readingTime } from './format'
import { useDocumentViews } from './queries'

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

/** /file: how buyers read the documents of every room, most read first, by document and by visitor. */
export default function DocumentViewsPage() {
  const { t, i18n } = useTranslation()
  const views = useDocumentViews()
  const data = views.data
  return (
    <>
      <PageHeader
        title={t('files.views.title')}
        action={
          <Button component={RouterLink} to="/files-manager" startIcon={<FolderOutlined />}>
            {t('files.library.title')}
          </Button>
        }
      />
      {views.isError && <Alert severity="error">{serverErrorText(t, views.error)}</Alert>}
      <Grid container spacing={3} sx={{ mb: 3 }}>
        {(['documents', 'opens', 'time', 'visitors'] as const).map((key) => (
          <Grid key={key} size={{ xs: 6, md: 3 }}>
            <Card>
              <CardContent>
                <Typography variant="body2" sx={{ color: 'text.secondary' }} id={`total-${key}`}>
                  {t(`files.views.totals.${key}`)}
                </Typography>
                <Typography
                  variant="h4"
                  component="p"
                  aria-describedby={`total-${key}`}
                  sx={{ ...numeric, fontSize: { xs: '1.5rem', sm: undefined } }}
                >
                  {!data ? <Skeleton width={60} /> : key === 'time' ? readingTime(t, data.totals.ms) : data.totals[key]}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      {data && data.documents.length === 0 ? (
        <Card>
          <CardContent>
            <Typography sx={{ color: 'text.secondary' }}>{t('files.views.empty')}</Typography>
          </CardContent>
        </Card>
      ) : (
        <Grid container spacing={3}>
          <Grid size={12}>
            <ViewsTable
              id="views-documents"
              title={t('files.views.byDocument')}
              rows={data?.documents}
              rowKey={(row) => row.documentId}
              columns={[
                {
                  label: t('files.views.document'),
                  cell: (row) => (
                    <>
                      {row.title}
                      <RoomBelow dealId={row.dealId} name={row.dealName} />
                    </>
                  ),
                  sx: { fontWeight: 600, overflowWrap: 'break-word' },
                  dir: 'auto',
                },
                { label: t('files.views.room'), cell: (row) => <RoomLink dealId={row.dealId} name={row.dealName} />, from: 'sm' },
                { label: t('files.reading.opens'), cell: (row) => row.opens, numeric: true },
                { label: t('files.views.totals.visitors'), cell: (row) => row.visitors, numeric: true, from: 'sm' },
                { label: t('files.reading.time'), cell: (row) => readingTime(t, row.ms), numeric: true },
                {
                  label: t('files.reading.lastOpened'),
                  cell: (row) => (row.lastOpenedAt ? formatDateTime(row.lastOpenedAt, i18n.language) : '—'),
                  from: 'md',
                  sx: { whiteSpace: 'nowrap' },
                },
              ]}
            />
          </Grid>
          <Grid size={12}>
            <ViewsTable
              id="views-visitors"
              title={t('files.views.byVisitor')}
              rows={data?.visitors}
              rowKey={(row) => `${row.dealId}:${row.visitor ?? ''}`}
              columns={[
                {
                  label: t('files.reading.visitor'),
                  cell: (row) => (
                    <>
                      {row.visitor ? <EmailText email={row.visitor} /> : t('files.reading.anonymous')}
                      <RoomBelow dealId={row.dealId} name={row.dealName} />
                    </>
                  ),
                  sx: { overflowWrap: 'break-word' },
                },
                { label: t('files.views.room'), cell: (row) => <RoomLink dealId={row.dealId} name={row.dealName} />, from: 'sm' },
                { label: t('files.views.totals.documents'), cell: (row) => row.documents, numeric: true, from: 'sm' },
                { label: t('files.reading.time'), cell: (row) => readingTime(t, row.ms), numeric: true },
              ]}
            />
          </Grid>
        </Grid>
      )}
    </>
  )
}

const RoomLink = ({ dealId, name }: { dealId: string; name: string }) => (
  <Link component={RouterLink} to={`/deals/${dealId}/room`}>
    <bdi>{name}</bdi>
  </Link>
)

/** On a phone the room column gives its width to the figures: the room shows under the row's name instead. */
const RoomBelow = ({ dealId, name }: { dealId: string; name: string }) => (
  <Typography variant="body2" component="span" sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 400, mt: 0.25 }}>
    <RoomLink dealId={dealId} name={name} />
  </Typography>
)

type Column<Row> = {
  label: string
  cell(row: Row): ReactNode
  /** Figures: right-aligned, in even digits. */
  numeric?: boolean
  /** Shown from this width up (a phone keeps the columns that matter). */
  from?: 'sm' | 'md'
  sx?: SxProps<Theme>
  dir?: 'auto'
}

/** One table of /file in a titled card: its columns say what each cell shows; a skeleton row while loading. */
function ViewsTable<Row>({
  id,
  title,
  rows,
  rowKey,
  columns,
}: {
  id: string
  title: string
  rows: Row[] | undefined
  rowKey(row: Row): string
  columns: Column<Row>[]
}) {
  const display = (column: Column<Row>) => (column.from ? { display: { xs: 'none', [column.from]: 'table-cell' } } : {})
  const cellSx = (column: Column<Row>) => ({ ...(column.numeric ? numeric : {}), ...display(column), ...(column.sx as object) })
  return (
    <Card component="section" aria-labelledby={id}>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6', id } }} />
      <TableContainer>
        <Table size="small" aria-labelledby={id}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label} align={column.numeric ? 'right' : undefined} sx={display(column)}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {!rows ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {columns.map((column) => (
                    <TableCell key={column.label} align={column.numeric ? 'right' : undefined} dir={column.dir} sx={cellSx(column)}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  )
}
