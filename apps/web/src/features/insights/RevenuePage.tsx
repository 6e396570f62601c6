import type { RevenueInsights } from '@closeroom/shared'
import { Typography } from '@mui/material'
import type { ApexOptions } from 'apexcharts'
import { useCallback, useMemo } from 'react'
import { Amounts, chartMoney, comparable } from '../../components/chart/Amounts'
import { Chart } from '../../components/chart/Chart'
import { ChartCard, type Column, drillEvents, type Row } from '../../components/chart/ChartCard'
import { useChart } from '../../components/chart/useChart'
import { intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { Bars } from './charts'
import { Grid, Stat } from './DashboardFrame'
import { DashboardPage } from './DashboardPage'
import { useFormats } from './format'
import { useRevenueInsights } from './queries'

/** /banking: won per month, the forecast, commit and best case, against the quotas of members and teams. */
export default function RevenuePage() {
  return (
    <DashboardPage
      area="revenue"
      // Revenue looks ahead: the year whole, won so far and the forecast for the months left, against its quotas.
      defaultPreset="thisYear"
      useAnswer={useRevenueInsights}
      render={(answer, { compare, open }) => <Figures insights={answer} compare={compare} open={open} />}
    />
  )
}

function Figures({
  insights,
  compare,
  open,
}: {
  insights: RevenueInsights
  compare: boolean
  open: (title: string) => (key: string) => void
}) {
  const { t } = useTranslation()
  const f = useFormats()
  const { totals } = insights
  const won = comparable(totals.won.value)
  const before = comparable(insights.previousWon.value)
  const currency = chartMoney([totals.won.value, insights.previousWon.value])?.currency
  return (
    <>
      <Grid columns={4}>
        <Stat
          label={t('insights.revenue.won')}
          value={<Amounts money={totals.won.value} />}
          onDrill={() => open(t('insights.revenue.won'))(totals.won.drill)}
          compare={
            compare && won !== null && before !== null && currency ? { current: won, previous: before, format: f.money(currency) } : null
          }
        />
        <Stat
          label={t('insights.revenue.forecast')}
          value={<Amounts money={totals.forecast} />}
          onDrill={() => open(t('insights.revenue.forecast'))(totals.forecastDeals.drill)}
        />
        <Stat
          label={t('insights.revenue.commit')}
          value={<Amounts money={totals.commit.value} />}
          onDrill={() => open(t('insights.revenue.commit'))(totals.commit.drill)}
        />
        <Stat
          label={t('insights.revenue.bestCase')}
          value={<Amounts money={totals.bestCase.value} />}
          onDrill={() => open(t('insights.revenue.bestCase'))(totals.bestCase.drill)}
        />
      </Grid>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1.5 }}>
        {t('insights.revenue.explain', { commit: f.percent(insights.commitProbability / 100) })}{' '}
        {insights.unscheduled.count > 0 &&
          t('insights.revenue.unscheduled', { count: insights.unscheduled.count, shown: f.count(insights.unscheduled.count) })}
      </Typography>
      <Months insights={insights} open={open(t('insights.revenue.byMonth'))} />
      <Quotas insights={insights} open={open(t('insights.revenue.quotas'))} />
    </>
  )
}

function Months({ insights, open }: { insights: RevenueInsights; open: (key: string) => void }) {
  const { t, i18n } = useTranslation()
  const f = useFormats()
  const months = insights.months
  const money = chartMoney(months.flatMap((m) => [m.won.value, m.forecast, m.commit.value, m.bestCase.value, m.quota]))
  const monthName = useMemo(() => {
    const format = new Intl.DateTimeFormat(intlLocale(i18n.language), { month: 'short', year: 'numeric', timeZone: 'UTC' })
    return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`))
  }, [i18n.language])
  const columns: Column[] = [
    { key: 'month', label: t('insights.revenue.month') },
    { key: 'won', label: t('insights.revenue.won'), kind: 'money' },
    { key: 'forecast', label: t('insights.revenue.forecast'), kind: 'money' },
    { key: 'commit', label: t('insights.revenue.commit'), kind: 'money' },
    { key: 'bestCase', label: t('insights.revenue.bestCase'), kind: 'money' },
    { key: 'quota', label: t('insights.revenue.quota'), kind: 'money' },
  ]
  const rows: Row[] = months.map((m) => ({
    key: m.won.drill,
    cells: {
      month: monthName(m.month),
      won: m.won.value,
      forecast: m.forecast,
      commit: m.commit.value,
      bestCase: m.bestCase.value,
      quota: m.quota,
    },
  }))
  const format = useMemo(() => (money ? f.money(money.currency) : f.count), [money, f])
  const axisFormat = useMemo(() => (money ? f.moneyAxis(money.currency) : f.count), [money, f])
  const series = useMemo(() => {
    if (!money) return [{ name: t('insights.revenue.wonDeals'), type: 'column', data: months.map((m) => m.won.count) }]
    const at = (offset: number) => money.values.filter((_, i) => i % 5 === offset)
    return [
      { name: t('insights.revenue.won'), type: 'column', data: at(0) },
      { name: t('insights.revenue.forecast'), type: 'column', data: at(1) },
      { name: t('insights.revenue.commit'), type: 'column', data: at(2) },
      { name: t('insights.revenue.bestCase'), type: 'column', data: at(3) },
      { name: t('insights.revenue.quota'), type: 'line', data: at(4) },
    ]
  }, [money, months, t])
  // Forecast bars open the open deals it is made of; the quota's point, the deals its members won that month.
  const keys = useMemo(
    () => [
      months.map((m) => m.won.drill),
      months.map((m) => m.forecastDeals.drill),
      months.map((m) => m.commit.drill),
      months.map((m) => m.bestCase.drill),
      months.map((m) => m.quotaWon.drill),
    ],
    [months],
  )
  const options = useChart(
    useMemo<ApexOptions>(
      () => ({
        chart: drillEvents((s, i) => keys[s]?.[i], open),
        // A line chart puts its months on the ticks, which cut the first and last months' columns in half (the
        // best case of the last month fell off the edge): between the ticks, each month's columns stand whole.
        xaxis: { categories: months.map((m) => monthName(m.month)), tickPlacement: 'between' },
        yaxis: { labels: { formatter: (value: number) => axisFormat(value) }, min: 0, forceNiceScale: true },
        tooltip: { shared: true, intersect: false, y: { formatter: (value: number) => format(value) } },
        stroke: { width: [0, 0, 0, 0, 3], curve: 'straight', dashArray: [0, 0, 0, 0, 6] },
        markers: { size: [0, 0, 0, 0, 4] },
        states: { active: { filter: { type: 'none' } } },
      }),
      [keys, open, months, monthName, format, axisFormat],
    ),
  )
  const nothing = months.every((m) => m.won.count === 0 && m.bestCase.count === 0 && comparable(m.quota) === 0)
  return (
    <ChartCard
      title={t('insights.revenue.byMonth')}
      subtitle={money ? t('insights.revenue.byMonthText') : t('insights.revenue.byMonthCountText')}
      columns={columns}
      rows={nothing ? [] : rows}
      onDrill={open}
      period={insights.period}
      empty={t('insights.revenue.noRevenue')}
      chart={
        <figure aria-label={t('insights.revenue.byMonth')} style={{ margin: 0, cursor: 'pointer' }}>
          <Chart type="line" height={340} series={series} options={options} />
        </figure>
      }
    />
  )
}

function Quotas({ insights, open }: { insights: RevenueInsights; open: (key: string) => void }) {
  const { t, i18n } = useTranslation()
  const f = useFormats()
  const quotas = insights.quotas
  const when = useMemo(() => {
    const month = new Intl.DateTimeFormat(intlLocale(i18n.language), { month: 'short', year: 'numeric', timeZone: 'UTC' })
    return (q: RevenueInsights['quotas'][number]) =>
      q.period === 'month'
        ? month.format(new Date(`${q.start}T00:00:00Z`))
        : t('insights.revenue.quarter', { quarter: Math.floor(Number(q.start.slice(5, 7)) / 3) + 1, year: q.start.slice(0, 4) })
  }, [i18n.language, t])
  const columns: Column[] = [
    { key: 'subject', label: t('insights.revenue.subject') },
    { key: 'period', label: t('insights.revenue.quotaPeriod') },
    { key: 'quota', label: t('insights.revenue.quota'), kind: 'money' },
    { key: 'won', label: t('insights.revenue.won'), kind: 'money' },
    { key: 'attainment', label: t('insights.revenue.attainment'), kind: 'percent' },
  ]
  const rows: Row[] = quotas.map((q) => ({
    key: q.drill,
    cells: {
      subject: q.subject.name,
      period: when(q),
      quota: { amounts: [q.quota], converted: null },
      won: q.won,
      attainment: q.attainment,
    },
  }))
  const categories = useMemo(() => quotas.map((q) => `${q.subject.name} · ${when(q)}`), [quotas, when])
  const keys = useMemo(() => quotas.map((q) => q.drill), [quotas])
  const series = useMemo(
    () => [{ name: t('insights.revenue.attainment'), data: quotas.map((q) => Math.round((q.attainment ?? 0) * 1000) / 10) }],
    [quotas, t],
  )
  const percent = useCallback((value: number) => f.percent(value / 100), [f])
  return (
    <ChartCard
      title={t('insights.revenue.quotas')}
      subtitle={t('insights.revenue.quotasText')}
      columns={columns}
      rows={rows}
      onDrill={open}
      period={insights.period}
      empty={t('insights.revenue.noQuotas')}
      chart={
        <Bars
          categories={categories}
          series={series}
          keys={keys}
          onDrill={open}
          format={percent}
          horizontal
          height={Math.max(200, 48 * quotas.length + 60)}
          label={t('insights.revenue.quotas')}
        />
      }
    />
  )
}
