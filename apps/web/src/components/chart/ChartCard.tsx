import {
  Alert,
  Box,
  Button,
  Card,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material'
import { type ReactNode, useId, useState } from 'react'
import { intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { formatMoney, toMajor } from '../money/money'
import { type CsvValue, csvFileName, downloadCsv, toCsv } from './csv'
import type { Period } from './period'

/** An amount in one currency, in minor units. */
export type MoneyCell = { amount: number; currency: string }
/**
 * Money as the insights API answers it: one amount per currency (never added across currencies), and their
 * total converted to the organization's reporting currency when it has one.
 */
export type MoneyFigure = { amounts: MoneyCell[]; converted: (MoneyCell & { missingRates: string[] }) | null }
export type Cell = string | number | null | MoneyFigure

export type Column = {
  key: string
  label: string
  /** How the cell reads on screen; the CSV file holds the raw value whatever the kind. */
  kind?: 'text' | 'count' | 'percent' | 'money' | 'days' | 'hours'
}

export type Row = { key: string; cells: Record<string, Cell> /** No records behind it (a total, an empty bar). */; noDrill?: boolean }

const isMoney = (cell: Cell): cell is MoneyFigure => typeof cell === 'object' && cell !== null

/**
 * A money cell's parts: each currency's non-zero amount, and the converted total when there is one. A total that says
 * no more than the amounts (none, or one amount already in the reporting currency) is the only part.
 */
function moneyParts(cell: MoneyFigure, language: string): { each: string[]; total?: string } {
  const amounts = cell.amounts.filter((amount) => amount.amount !== 0)
  const each = amounts.map((amount) => formatMoney(amount.amount, amount.currency, language))
  const converted = cell.converted
  if (!converted) return { each }
  const total = formatMoney(converted.amount, converted.currency, language)
  return amounts.length === 0 || (amounts.length === 1 && amounts[0]?.currency === converted.currency)
    ? { each: [], total }
    : { each, total }
}

/**
 * A cell in the table view, line by line: money one currency a line, then its converted total, so that a row in
 * three currencies stacks instead of running past the card's edge; anything else on one line.
 */
export function cellLines(cell: Cell, kind: Column['kind'], language: string): string[] {
  if (!isMoney(cell)) return [formatCell(cell, kind, language)]
  const { each, total } = moneyParts(cell, language)
  if (!total) return each.length > 0 ? each : ['—']
  return each.length > 0 ? [...each, `≈ ${total}`] : [total]
}

/** A cell as the reader reads it, in their language's digits and separators; money per currency, then converted. */
export function formatCell(cell: Cell, kind: Column['kind'], language: string): string {
  if (cell === null) return '—'
  if (isMoney(cell)) {
    const { each, total } = moneyParts(cell, language)
    if (!total) return each.join(' · ') || '—'
    return each.length > 0 ? `${each.join(' · ')} (≈ ${total})` : total
  }
  if (typeof cell === 'string') return cell
  const locale = intlLocale(language)
  switch (kind) {
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(cell)
    case 'days':
      return new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long', maximumFractionDigits: 1 }).format(cell)
    case 'hours':
      return new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 }).format(cell)
    default:
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(cell)
  }
}

/**
 * The figures as CSV. A money column becomes one column per currency in the table (amounts in major units, as
 * typed: 1234.5), never summed, plus the converted total when there is one, its header saying so.
 */
export function figuresCsv(
  columns: readonly Column[],
  rows: readonly Row[],
  headers: { inCurrency(label: string, currency: string): string; converted(label: string, currency: string): string },
): string {
  const parts = columns.map((column) => {
    if (column.kind !== 'money') return { column, currencies: [] as string[], converted: null as string | null }
    const cells = rows.map((row) => row.cells[column.key]).filter((cell): cell is MoneyFigure => isMoney(cell ?? null))
    const currencies = [...new Set(cells.flatMap((cell) => cell.amounts.map((amount) => amount.currency)))].sort()
    const converted = cells.find((cell) => cell.converted)?.converted?.currency ?? null
    return { column, currencies, converted }
  })
  const header = parts.flatMap(({ column, currencies, converted }) =>
    column.kind === 'money'
      ? [
          ...currencies.map((currency) => headers.inCurrency(column.label, currency)),
          ...(converted ? [headers.converted(column.label, converted)] : []),
        ]
      : [column.label],
  )
  const lines = rows.map((row) =>
    parts.flatMap(({ column, currencies, converted }): CsvValue[] => {
      const cell = row.cells[column.key] ?? null
      if (column.kind !== 'money') return [isMoney(cell) ? null : cell]
      const money = isMoney(cell) ? cell : null
      return [
        ...currencies.map((currency) => {
          const amount = money?.amounts.find((a) => a.currency === currency)
          return amount ? toMajor(amount.amount, currency) : 0
        }),
        ...(converted ? [money?.converted ? toMajor(money.converted.amount, money.converted.currency) : null] : []),
      ]
    }),
  )
  return toCsv(header, lines)
}

export type ChartCardProps = {
  title: string
  subtitle?: string
  /** The chart itself (a <Chart> whose clicks call onDrill); the table is drawn from columns and rows. */
  chart: ReactNode
  columns: Column[]
  rows: Row[]
  /** A row, bar or slice was chosen: open the records behind `key`. */
  onDrill?: (key: string) => void
  /** Names the CSV file. */
  period?: Period
  loading?: boolean
  error?: string | null
  /** What to say, and what to do, when there is nothing to show. */
  empty?: string
  /** More under the chart or table: a legend, a converted total. */
  footer?: ReactNode
}

/** A chart's card: its title, a switch to read the same figures as a table, their CSV, and a way to the records behind each. */
export function ChartCard({ title, subtitle, chart, columns, rows, onDrill, period, loading, error, empty, footer }: ChartCardProps) {
  const { t, i18n } = useTranslation()
  const [view, setView] = useState<'chart' | 'table'>('chart')
  const titleId = useId()
  const isEmpty = !loading && !error && rows.length === 0
  const csv = () =>
    downloadCsv(
      csvFileName(title, period),
      figuresCsv(columns, rows, {
        inCurrency: (label, currency) => t('insights.kit.inCurrency', { label, currency }),
        converted: (label, currency) => t('insights.kit.convertedHeader', { label, currency }),
      }),
    )

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 }, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {!isEmpty && !loading && !error && (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_, next: 'chart' | 'table' | null) => next && setView(next)}
              aria-label={t('insights.kit.viewOf', { title })}
            >
              <ToggleButton value="chart">{t('insights.kit.chart')}</ToggleButton>
              <ToggleButton value="table">{t('insights.kit.table')}</ToggleButton>
            </ToggleButtonGroup>
            <Button size="small" variant="outlined" color="inherit" onClick={csv} aria-label={t('insights.kit.csvOf', { title })}>
              {t('insights.kit.csv')}
            </Button>
          </Stack>
        )}
      </Stack>
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : loading ? (
        <Skeleton variant="rounded" height={280} aria-label={t('insights.kit.loading')} />
      ) : isEmpty ? (
        <Box
          sx={{
            py: 6,
            px: 2,
            textAlign: 'center',
            color: 'text.secondary',
            border: 1,
            borderColor: 'divider',
            borderStyle: 'dashed',
            borderRadius: 2,
          }}
        >
          <Typography>{empty ?? t('insights.kit.empty')}</Typography>
        </Box>
      ) : view === 'chart' ? (
        chart
      ) : (
        <FiguresTable title={title} columns={columns} rows={rows} onDrill={onDrill} language={i18n.language} />
      )}
      {!isEmpty && !loading && !error && footer}
    </Card>
  )
}

function FiguresTable({
  title,
  columns,
  rows,
  onDrill,
  language,
}: {
  title: string
  columns: Column[]
  rows: Row[]
  onDrill?: (key: string) => void
  language: string
}) {
  const { t } = useTranslation()
  const [first, ...rest] = columns
  if (!first) return null
  const numeric = (column: Column) => column.kind !== undefined && column.kind !== 'text'
  return (
    <TableContainer sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label={title}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={numeric(column) ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const label = formatCell(row.cells[first.key] ?? null, first.kind, language)
            return (
              <TableRow key={row.key} hover={!!onDrill && !row.noDrill}>
                <TableCell component="th" scope="row">
                  {onDrill && !row.noDrill ? (
                    <Button
                      size="small"
                      onClick={() => onDrill(row.key)}
                      aria-label={t('insights.kit.showRecords', { label })}
                      sx={{ textAlign: 'start', justifyContent: 'flex-start', minWidth: 0, px: 0.5 }}
                    >
                      {label}
                    </Button>
                  ) : (
                    label
                  )}
                </TableCell>
                {rest.map((column) => (
                  <TableCell key={column.key} align={numeric(column) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                    {cellLines(row.cells[column.key] ?? null, column.kind, language).map((line) => (
                      <Box key={line} component="span" sx={{ display: 'block' }}>
                        {line}
                      </Box>
                    ))}
                  </TableCell>
                ))}
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

/**
 * Chart events that open the records behind a bar, slice or heat map cell: `keyAt` names what was clicked
 * from ApexCharts' series and point indexes.
 */
export function drillEvents(keyAt: (seriesIndex: number, dataPointIndex: number) => string | undefined, onDrill?: (key: string) => void) {
  if (!onDrill) return {}
  return {
    events: {
      dataPointSelection: (_event: unknown, _chart: unknown, point: { seriesIndex: number; dataPointIndex: number }) => {
        const key = keyAt(point.seriesIndex, point.dataPointIndex)
        if (key) onDrill(key)
      },
    },
  }
}
