import type { BookingFigures } from '@closeroom/shared'
import { Card, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material'
import { useTheme } from '@mui/material/styles'
import type { ApexOptions } from 'apexcharts'
import { useCallback, useMemo } from 'react'
import { Chart } from '../../components/chart/Chart'
import { ChartCard, type Column, drillEvents, type Row } from '../../components/chart/ChartCard'
import { useChart } from '../../components/chart/useChart'
import { intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { Bars } from './charts'
import { Grid, Stat } from './DashboardFrame'
import { DashboardPage } from './DashboardPage'
import { useFormats } from './format'
import { useBookingInsights } from './queries'

type Period = { from: string; to: string }

/** /booking: bookings made, moved, cancelled and missed; by event type, member and routing form; when buyers book. */
export default function BookingInsightsPage() {
  return (
    <DashboardPage
      area="bookings"
      useAnswer={useBookingInsights}
      render={(answer, { compare, open }) => (
        <Figures current={answer.current} previous={compare ? answer.previous : null} open={open} period={answer.period} />
      )}
    />
  )
}

/** Monday is 1, as ISO weekdays: 1 January 2024 was a Monday. */
const weekdayDate = (weekday: number) => new Date(Date.UTC(2024, 0, weekday))

function useWhen() {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const locale = intlLocale(i18n.language)
    const day = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })
    const shortDay = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' })
    const hour = new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' })
    return {
      weekday: (weekday: number) => day.format(weekdayDate(weekday)),
      shortWeekday: (weekday: number) => shortDay.format(weekdayDate(weekday)),
      hour: (h: number) => hour.format(new Date(Date.UTC(2024, 0, 1, h))),
    }
  }, [i18n.language])
}

function Figures({
  current,
  previous,
  open,
  period,
}: {
  current: BookingFigures
  previous: BookingFigures | null
  open: (title: string) => (key: string) => void
  period: Period
}) {
  const { t } = useTranslation()
  const f = useFormats()
  const stat = (name: 'created' | 'rescheduled' | 'cancelled' | 'noShow', lowerIsBetter = false) => (
    <Stat
      label={t(`insights.bookings.${name}`)}
      value={f.count(current[name].count)}
      onDrill={() => open(t(`insights.bookings.${name}`))(current[name].drill)}
      compare={previous ? { current: current[name].count, previous: previous[name].count, lowerIsBetter, format: f.count } : null}
    />
  )
  return (
    <>
      <Grid columns={4}>
        {stat('created')}
        {stat('rescheduled', true)}
        {stat('cancelled', true)}
        {stat('noShow', true)}
      </Grid>
      <Grid>
        <ByEventType figures={current} open={open(t('insights.bookings.byEventType'))} period={period} />
        <ByMember figures={current} open={open(t('insights.bookings.byMember'))} period={period} />
      </Grid>
      <Heatmap figures={current} open={open(t('insights.bookings.heatmap'))} period={period} />
      <Grid>
        <LeadTime figures={current} open={open(t('insights.bookings.leadTime'))} period={period} />
        <PopularTimes figures={current} open={open(t('insights.bookings.popularTimes'))} />
      </Grid>
      <ByRoutingForm figures={current} open={open(t('insights.bookings.byRoutingForm'))} period={period} />
    </>
  )
}

type Part = { figures: BookingFigures; open: (key: string) => void; period: Period }

function ByEventType({ figures, open, period }: Part) {
  const { t } = useTranslation()
  const f = useFormats()
  const list = figures.byEventType
  const columns: Column[] = [
    { key: 'name', label: t('insights.bookings.eventType') },
    { key: 'count', label: t('insights.bookings.made'), kind: 'count' },
    { key: 'cancelled', label: t('insights.bookings.cancelled'), kind: 'count' },
  ]
  const rows: Row[] = list.map((e) => ({ key: e.drill, cells: { name: e.name, count: e.count, cancelled: e.cancelled } }))
  const categories = useMemo(() => list.map((e) => e.name), [list])
  const keys = useMemo(() => list.map((e) => e.drill), [list])
  const series = useMemo(
    () => [
      { name: t('insights.bookings.made'), data: list.map((e) => e.count) },
      { name: t('insights.bookings.cancelled'), data: list.map((e) => e.cancelled) },
    ],
    [list, t],
  )
  return (
    <ChartCard
      title={t('insights.bookings.byEventType')}
      subtitle={t('insights.bookings.byEventTypeText')}
      columns={columns}
      rows={rows}
      onDrill={open}
      period={period}
      empty={t('insights.bookings.noBookings')}
      chart={
        <Bars
          categories={categories}
          series={series}
          keys={keys}
          onDrill={open}
          format={f.count}
          label={t('insights.bookings.byEventType')}
        />
      }
    />
  )
}

function ByMember({ figures, open, period }: Part) {
  const { t } = useTranslation()
  const f = useFormats()
  const list = figures.byMember
  const columns: Column[] = [
    { key: 'name', label: t('insights.bookings.member') },
    { key: 'count', label: t('insights.bookings.made'), kind: 'count' },
    { key: 'cancelled', label: t('insights.bookings.cancelled'), kind: 'count' },
    { key: 'noShow', label: t('insights.bookings.noShow'), kind: 'count' },
  ]
  const rows: Row[] = list.map((m) => ({
    key: m.drill,
    cells: { name: m.member.name, count: m.count, cancelled: m.cancelled, noShow: m.noShow },
  }))
  const categories = useMemo(() => list.map((m) => m.member.name), [list])
  const keys = useMemo(() => list.map((m) => m.drill), [list])
  const series = useMemo(() => [{ name: t('insights.bookings.made'), data: list.map((m) => m.count) }], [list, t])
  return (
    <ChartCard
      title={t('insights.bookings.byMember')}
      subtitle={t('insights.bookings.byMemberText')}
      columns={columns}
      rows={rows}
      onDrill={open}
      period={period}
      empty={t('insights.bookings.noBookings')}
      chart={
        <Bars
          categories={categories}
          series={series}
          keys={keys}
          onDrill={open}
          format={f.count}
          horizontal
          height={Math.max(200, 48 * list.length + 60)}
          label={t('insights.bookings.byMember')}
        />
      }
    />
  )
}

function ByRoutingForm({ figures, open, period }: Part) {
  const { t } = useTranslation()
  const f = useFormats()
  const list = figures.byRoutingForm
  const name = useCallback((n: string | null) => n ?? t('insights.bookings.noForm'), [t])
  const columns: Column[] = [
    { key: 'name', label: t('insights.bookings.routingForm') },
    { key: 'count', label: t('insights.bookings.made'), kind: 'count' },
  ]
  const rows: Row[] = list.map((r) => ({ key: r.drill, cells: { name: name(r.name), count: r.count } }))
  const categories = useMemo(() => list.map((r) => name(r.name)), [list, name])
  const keys = useMemo(() => list.map((r) => r.drill), [list])
  const series = useMemo(() => [{ name: t('insights.bookings.made'), data: list.map((r) => r.count) }], [list, t])
  return (
    <ChartCard
      title={t('insights.bookings.byRoutingForm')}
      subtitle={t('insights.bookings.byRoutingFormText')}
      columns={columns}
      rows={rows}
      onDrill={open}
      period={period}
      empty={t('insights.bookings.noBookings')}
      chart={
        <Bars
          categories={categories}
          series={series}
          keys={keys}
          onDrill={open}
          format={f.count}
          horizontal
          height={Math.max(180, 48 * list.length + 60)}
          label={t('insights.bookings.byRoutingForm')}
        />
      }
    />
  )
}

/** Weekday × hour: when meetings take place, in the reader's zone. */
function Heatmap({ figures, open, period }: Part) {
  const { t } = useTranslation()
  const when = useWhen()
  const f = useFormats()
  const { palette } = useTheme()
  const cells = figures.heatmap
  // ApexCharts draws the first series at the bottom: Sunday first puts Monday on top.
  const weekdays = useMemo(() => [7, 6, 5, 4, 3, 2, 1], [])
  const drills = useMemo(() => new Map(cells.map((c) => [`${c.weekday}-${c.hour}`, c.drill])), [cells])
  const series = useMemo(() => {
    const count = new Map(cells.map((c) => [`${c.weekday}-${c.hour}`, c.count]))
    return weekdays.map((weekday) => ({
      name: when.shortWeekday(weekday),
      data: Array.from({ length: 24 }, (_, hour) => ({ x: when.hour(hour), y: count.get(`${weekday}-${hour}`) ?? 0 })),
    }))
  }, [cells, when, weekdays])
  const options = useChart(
    useMemo<ApexOptions>(
      () => ({
        chart: drillEvents((s, hour) => drills.get(`${weekdays[s]}-${hour}`), open),
        plotOptions: { heatmap: { radius: 2, enableShades: true, shadeIntensity: 0.6 } },
        // One colour in shades: seven colours would read as seven kinds of meeting.
        colors: [palette.primary.main],
        // Cells parted by the card's own colour, light or dark.
        stroke: { width: 1, colors: [palette.background.paper] },
        legend: { show: false },
        xaxis: { tickAmount: 12 },
        tooltip: { y: { formatter: (value: number) => f.count(value) } },
      }),
      [f, palette.primary.main, palette.background.paper, drills, weekdays, open],
    ),
  )
  const columns: Column[] = [
    { key: 'weekday', label: t('insights.bookings.weekday') },
    { key: 'hour', label: t('insights.bookings.hour') },
    { key: 'count', label: t('insights.bookings.meetings'), kind: 'count' },
  ]
  const rows: Row[] = [...cells]
    .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)
    .map((c) => ({
      key: c.drill,
      cells: { weekday: when.weekday(c.weekday), hour: when.hour(c.hour), count: c.count },
    }))
  return (
    <ChartCard
      title={t('insights.bookings.heatmap')}
      subtitle={t('insights.bookings.heatmapText')}
      columns={columns}
      rows={rows}
      onDrill={open}
      period={period}
      empty={t('insights.bookings.noMeetings')}
      chart={
        <figure aria-label={t('insights.bookings.heatmap')} style={{ margin: 0, cursor: 'pointer' }}>
          <Chart type="heatmap" height={300} series={series} options={options} />
        </figure>
      }
    />
  )
}

function LeadTime({ figures, open, period }: Part) {
  const { t } = useTranslation()
  const f = useFormats()
  const buckets = figures.leadTime.buckets
  const total = buckets.reduce((sum, b) => sum + b.count, 0)
  const columns: Column[] = [
    { key: 'bucket', label: t('insights.bookings.leadTime') },
    { key: 'count', label: t('insights.bookings.made'), kind: 'count' },
  ]
  const rows: Row[] =
    total === 0
      ? []
      : buckets.map((b) => ({
          key: b.drill,
          noDrill: b.count === 0,
          cells: { bucket: t(`insights.bookings.buckets.${b.bucket}`), count: b.count },
        }))
  const categories = useMemo(() => buckets.map((b) => t(`insights.bookings.buckets.${b.bucket}`)), [buckets, t])
  const series = useMemo(() => [{ name: t('insights.bookings.made'), data: buckets.map((b) => b.count) }], [buckets, t])
  const keys = useMemo(() => buckets.map((b) => (b.count === 0 ? undefined : b.drill)), [buckets])
  return (
    <ChartCard
      title={t('insights.bookings.leadTime')}
      subtitle={t('insights.bookings.leadTimeText', {
        average: f.duration(figures.leadTime.averageHours),
        median: f.duration(figures.leadTime.medianHours),
      })}
      columns={columns}
      rows={rows}
      onDrill={open}
      period={period}
      empty={t('insights.bookings.noBookings')}
      chart={
        <Bars
          categories={categories}
          series={series}
          keys={keys}
          onDrill={open}
          format={f.count}
          // Lying down: five bucket names side by side overlapped, and the chart hid the last ("Later").
          horizontal
          height={260}
          label={t('insights.bookings.leadTime')}
        />
      }
    />
  )
}

function PopularTimes({ figures, open }: { figures: BookingFigures; open: (key: string) => void }) {
  const { t } = useTranslation()
  const when = useWhen()
  const f = useFormats()
  return (
    <Card component="section" aria-labelledby="popular-times" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="popular-times" variant="h6" component="h2">
        {t('insights.bookings.popularTimes')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('insights.bookings.popularTimesText')}
      </Typography>
      {figures.popularTimes.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>{t('insights.bookings.noMeetings')}</Typography>
      ) : (
        <List dense>
          {figures.popularTimes.map((time, index) => (
            <ListItem key={`${time.weekday}-${time.hour}`} disablePadding divider={index < figures.popularTimes.length - 1}>
              <ListItemButton onClick={() => open(time.drill)}>
                <ListItemText
                  primary={t('insights.bookings.slot', { weekday: when.weekday(time.weekday), hour: when.hour(time.hour) })}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
                <Typography variant="body2">
                  {t('insights.bookings.meetingCount', { count: time.count, shown: f.count(time.count) })}
                </Typography>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  )
}
