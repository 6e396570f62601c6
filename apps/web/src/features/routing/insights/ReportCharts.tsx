import type { RoutingReport } from '@closeroom/shared'
import {
  Box,
  Button,
  Card,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material'
import { alpha, useTheme } from '@mui/material/styles'
import type { ApexOptions } from 'apexcharts'
import { type ReactNode, useCallback, useId, useMemo, useState } from 'react'
import { Chart } from '../../../components/chart/Chart'
import { useChart } from '../../../components/chart/useChart'
import { intlLocale } from '../../../lib/intl'
import { useTranslation } from '../../../locales/i18n'
import { everyDay, type Period } from './period'

type Row = { key: string; label: string; responses: number; booked: number }

/** The report of a period: totals and booked rate, responses per day and by outcome, each chart also as a table. */
export function ReportCharts({
  report,
  period,
  onOutcome,
}: {
  report: RoutingReport
  period: Period
  /** A bar of an outcome was chosen: show its responses. */
  onOutcome(outcomeId: string): void
}) {
  const { t, i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  // Counted by day: the outcomes' counts leave out responses to outcomes deleted since.
  const responses = report.days.reduce((sum, day) => sum + day.responses, 0)
  const booked = report.days.reduce((sum, day) => sum + day.booked, 0)
  const number = new Intl.NumberFormat(locale)
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })

  const days = useMemo(() => {
    // The days are calendar dates: shown as such, whatever the browser's zone.
    const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
    return everyDay(period, report.days, (date) => ({ date, responses: 0, booked: 0 })).map((day) => ({
      key: day.date,
      label: format.format(new Date(`${day.date.slice(0, 10)}T00:00:00Z`)),
      responses: day.responses,
      booked: day.booked,
    }))
  }, [period, report.days, locale])
  const choose = useCallback(
    (index: number) => {
      const outcome = report.outcomes[index]
      if (outcome) onOutcome(outcome.outcomeId)
    },
    [report.outcomes, onOutcome],
  )
  const outcomes = useMemo(
    () =>
      report.outcomes.map((outcome) => ({
        key: outcome.outcomeId,
        label: outcome.name,
        responses: outcome.responses,
        booked: outcome.booked,
      })),
    [report.outcomes],
  )

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <Stat label={t('routingInsights.report.responses')} value={number.format(responses)} />
        <Stat label={t('routingInsights.report.booked')} value={number.format(booked)} />
        <Stat
          label={t('routingInsights.report.bookedRate')}
          value={responses ? percent.format(booked / responses) : '—'}
          detail={t('routingInsights.report.bookedOf', { count: responses, booked: number.format(booked) })}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <Panel
          title={t('routingInsights.report.perDay')}
          subtitle={t('routingInsights.report.perDayText')}
          chart={<BookedChart rows={days} />}
          table={<CountsTable heading={t('routingInsights.report.day')} rows={days.filter((day) => day.responses > 0)} />}
        />
        <Panel
          title={t('routingInsights.report.byOutcome')}
          subtitle={t('routingInsights.report.byOutcomeText')}
          chart={<BookedChart rows={outcomes} onBar={choose} />}
          table={
            <CountsTable
              heading={t('routingInsights.report.outcome')}
              rows={outcomes}
              label={(row, index) => (
                <Button
                  size="small"
                  onClick={() => choose(index)}
                  aria-label={t('routingInsights.report.showResponses', { outcome: row.label })}
                  sx={{ textAlign: 'start', justifyContent: 'flex-start' }}
                >
                  {row.label}
                </Button>
              )}
            />
          }
        />
      </Box>
    </Stack>
  )
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card sx={{ p: 3 }}>
      <Typography variant="subtitle2" component="p" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h3" component="p">
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      )}
    </Card>
  )
}

/** A chart's card, with a switch to read the same numbers as a table (screen readers, exact values). */
function Panel({ title, subtitle, chart, table }: { title: string; subtitle: string; chart: ReactNode; table: ReactNode }) {
  const { t } = useTranslation()
  const [view, setView] = useState<'chart' | 'table'>('chart')
  const titleId = useId()
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <div>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {subtitle}
          </Typography>
        </div>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, next: 'chart' | 'table' | null) => next && setView(next)}
          aria-label={`${title}: ${t('routingInsights.report.view')}`}
        >
          <ToggleButton value="chart">{t('routingInsights.report.chart')}</ToggleButton>
          <ToggleButton value="table">{t('routingInsights.report.table')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {view === 'chart' ? chart : table}
    </Card>
  )
}

/** Booked and not booked stacked in one bar per row; `onBar` makes the bars clickable. */
function BookedChart({ rows, onBar }: { rows: Row[]; onBar?: (index: number) => void }) {
  const { t, i18n } = useTranslation()
  const { palette } = useTheme()
  const locale = intlLocale(i18n.language)
  const most = Math.max(0, ...rows.map((row) => row.responses))
  const options = useChart(
    useMemo<ApexOptions>(
      () => ({
        chart: {
          stacked: true,
          ...(onBar && {
            events: {
              dataPointSelection: (_event: unknown, _chart: unknown, point: { dataPointIndex: number }) => onBar(point.dataPointIndex),
            },
          }),
        },
        colors: [palette.primary.main, alpha(palette.grey[500], 0.48)],
        // A transparent edge parts a bar's booked and not booked pieces.
        stroke: { colors: ['transparent'] },
        states: { active: { filter: { type: 'none' } } },
        xaxis: { categories: rows.map((row) => row.label), tickAmount: Math.min(rows.length, 12) },
        // Whole responses only: up to five, one tick each, so no axis reads 0.5.
        yaxis: {
          labels: { formatter: (value: number) => new Intl.NumberFormat(locale).format(Math.round(value)) },
          min: 0,
          ...(most <= 5 ? { max: Math.max(most, 1), tickAmount: Math.max(most, 1) } : { forceNiceScale: true }),
        },
      }),
      [rows, onBar, palette, locale, most],
    ),
  )
  return (
    <Box sx={onBar ? { '& .apexcharts-bar-area': { cursor: 'pointer' } } : undefined}>
      <Chart
        type="bar"
        height={300}
        series={[
          { name: t('routingInsights.report.booked'), data: rows.map((row) => row.booked) },
          { name: t('routingInsights.report.notBooked'), data: rows.map((row) => row.responses - row.booked) },
        ]}
        options={options}
      />
    </Box>
  )
}

function CountsTable({ heading, rows, label }: { heading: string; rows: Row[]; label?: (row: Row, index: number) => ReactNode }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(intlLocale(i18n.language))
  if (rows.length === 0)
    return <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>{t('routingInsights.report.noResponses')}</Typography>
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{heading}</TableCell>
          <TableCell align="right">{t('routingInsights.report.responses')}</TableCell>
          <TableCell align="right">{t('routingInsights.report.booked')}</TableCell>
          <TableCell align="right">{t('routingInsights.report.notBooked')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={row.key}>
            <TableCell component="th" scope="row">
              {label ? label(row, index) : row.label}
            </TableCell>
            <TableCell align="right">{number.format(row.responses)}</TableCell>
            <TableCell align="right">{number.format(row.booked)}</TableCell>
            <TableCell align="right">{number.format(row.responses - row.booked)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
