import type { PipelineFigures } from '@closeroom/shared'
import { useCallback, useMemo } from 'react'
import { Amounts, chartMoney, comparable } from '../../components/chart/Amounts'
import { ChartCard, type Column, type Row } from '../../components/chart/ChartCard'
import { useTranslation } from '../../locales/i18n'
import { Bars, Donut } from './charts'
import { Grid, Stat } from './DashboardFrame'
import { DashboardPage } from './DashboardPage'
import { useFormats } from './format'
import { usePipelineInsights } from './queries'

/** /analytics: the pipeline by stage, win rate, deal size, cycle, conversion, lost reasons, owners and teams. */
export default function AnalyticsPage() {
  return (
    <DashboardPage
      area="analytics"
      useAnswer={usePipelineInsights}
      render={(answer, { compare, open }) => (
        <Figures current={answer.current} previous={compare ? answer.previous : null} open={open} period={answer.period} />
      )}
    />
  )
}

function Figures({
  current,
  previous,
  open,
  period,
}: {
  current: PipelineFigures
  previous: PipelineFigures | null
  open: (title: string) => (key: string) => void
  period: { from: string; to: string }
}) {
  const { t } = useTranslation()
  const f = useFormats()
  const wonValue = comparable(current.won.value)
  const previousWonValue = previous ? comparable(previous.won.value) : null
  const wonMoney = chartMoney([current.won.value])
  const averageNow = comparable(current.averageDealSize)
  const averageBefore = previous ? comparable(previous.averageDealSize) : null
  const averageCurrency = chartMoney([current.averageDealSize])?.currency

  return (
    <>
      <Grid columns={4}>
        <Stat
          label={t('insights.analytics.won')}
          value={<Amounts money={current.won.value} />}
          onDrill={() => open(t('insights.analytics.won'))(current.won.drill)}
          compare={
            previous && wonValue !== null && previousWonValue !== null && wonMoney
              ? { current: wonValue, previous: previousWonValue, format: f.money(wonMoney.currency) }
              : previous
                ? {
                    current: current.won.count,
                    previous: previous.won.count,
                    format: (v) => t('insights.analytics.dealCount', { count: v, shown: f.count(v) }),
                  }
                : null
          }
        />
        <Stat
          label={t('insights.analytics.winRate')}
          value={f.percent(current.winRate)}
          compare={
            previous && current.winRate !== null && previous.winRate !== null
              ? { current: current.winRate, previous: previous.winRate, format: f.percent }
              : null
          }
        />
        <Stat
          label={t('insights.analytics.averageDealSize')}
          value={<Amounts money={current.averageDealSize} />}
          compare={
            previous && averageNow !== null && averageBefore !== null && averageCurrency
              ? { current: averageNow, previous: averageBefore, format: f.money(averageCurrency) }
              : null
          }
        />
        <Stat
          label={t('insights.analytics.salesCycle')}
          value={f.days(current.salesCycleDays)}
          compare={
            previous && current.salesCycleDays !== null && previous.salesCycleDays !== null
              ? { current: current.salesCycleDays, previous: previous.salesCycleDays, lowerIsBetter: true, format: f.days }
              : null
          }
        />
      </Grid>
      <Grid>
        <ByStage figures={current} open={open(t('insights.analytics.byStage'))} period={period} />
        <Conversion figures={current} open={open(t('insights.analytics.conversion'))} period={period} />
      </Grid>
      <Grid>
        <LostReasons figures={current} open={open(t('insights.analytics.lostByReason'))} period={period} />
        <ByOwner figures={current} open={open} period={period} />
      </Grid>
      {current.byTeam.length > 0 && <ByTeam figures={current} open={open} period={period} />}
    </>
  )
}

type Part = { figures: PipelineFigures; open: (key: string) => void; period: { from: string; to: string } }

function ByStage({ figures, open, period }: Part) {
  const { t } = useTranslation()
  const f = useFormats()
  const stages = figures.byStage
  const money = chartMoney(stages.flatMap((s) => [s.value, s.weighted]))
  const columns: Column[] = [
    { key: 'stage', label: t('insights.analytics.stage') },
    { key: 'probability', label: t('insights.analytics.probability'), kind: 'percent' },
    { key: 'count', label: t('insights.analytics.deals'), kind: 'count' },
    { key: 'value', label: t('insights.analytics.value'), kind: 'money' },
    { key: 'weighted', label: t('insights.analytics.weighted'), kind: 'money' },
  ]
  const rows: Row[] = stages.map((s) => ({
    key: s.drill,
    cells: { stage: s.name, probability: s.probability / 100, count: s.count, value: s.value, weighted: s.weighted },
  }))
  const keys = useMemo(() => stages.map((s) => s.drill), [stages])
  const categories = useMemo(() => stages.map((s) => s.name), [stages])
  const series = useMemo(
    () =>
      money
        ? [
            { name: t('insights.analytics.value'), data: money.values.filter((_, i) => i % 2 === 0) },
            { name: t('insights.analytics.weighted'), data: money.values.filter((_, i) => i % 2 === 1) },
          ]
        : [{ name: t('insights.analytics.deals'), data: stages.map((s) => s.count) }],
    [money, stages, t],
  )
  const format = useMemo(() => (money ? f.money(money.currency) : f.count), [money, f])
  const axisFormat = useMemo(() => (money ? f.moneyAxis(money.currency) : f.count), [money, f])
  return (
    <ChartCard
      title={t('insights.analytics.byStage')}
      subtitle={money ? t('insights.analytics.byStageText') : t('insights.analytics.byStageCountText')}
      columns={columns}
      rows={rows}
      onDrill={open}
      period={period}
      empty={t('insights.analytics.noStages')}
      chart={
        <Bars
          categories={categories}
          series={series}
          keys={keys}
          onDrill={open}
          format={format}
          axisFormat={axisFormat}
          label={t('insights.analytics.byStage')}
        />
      }
    />
  )
}

function Conversion({ figures, open, period }: Part) {
  const { t } = useTranslation()
  const f = useFormats()
  const stages = figures.conversion
  const columns: Column[] = [
    { key: 'stage', label: t('insights.analytics.stage') },
    { key: 'entered', label: t('insights.analytics.entered'), kind: 'count' },
    { key: 'advanced', label: t('insights.analytics.advanced'), kind: 'count' },
    { key: 'rate', label: t('insights.analytics.conversionRate'), kind: 'percent' },
    { key: 'days', label: t('insights.analytics.timeInStage'), kind: 'days' },
  ]
  const rows: Row[] = stages.map((s) => ({
    key: s.drill,
    cells: { stage: s.name, entered: s.entered, advanced: s.advanced, rate: s.rate, days: s.averageDays },
  }))
  const keys = useMemo(() => stages.map((s) => s.drill), [stages])
  const categories = useMemo(() => stages.map((s) => s.name), [stages])
  const series = useMemo(
    () => [
      { name: t('insights.analytics.entered'), data: stages.map((s) => s.entered) },
      { name: t('insights.analytics.advanced'), data: stages.map((s) => s.advanced) },
    ],
    [stages, t],
  )
  const nothing = stages.every((s) => s.entered === 0)
  return (
    <ChartCard
      title={t('insights.analytics.conversion')}
      subtitle={t('insights.analytics.conversionText')}
      columns={columns}
      rows={nothing ? [] : rows}
      onDrill={open}
      period={period}
      empty={t('insights.analytics.noConversion')}
      chart={
        <Bars
          categories={categories}
          series={series}
          keys={keys}
          onDrill={open}
          format={f.count}
          label={t('insights.analytics.conversion')}
        />
      }
    />
  )
}

function LostReasons({ figures, open, period }: Part) {
  const { t } = useTranslation()
  const f = useFormats()
  const reasons = figures.lostByReason
  const name = useCallback((reason: string | null) => reason ?? t('insights.analytics.noReason'), [t])
  const columns: Column[] = [
    { key: 'reason', label: t('insights.analytics.reason') },
    { key: 'count', label: t('insights.analytics.deals'), kind: 'count' },
    { key: 'value', label: t('insights.analytics.value'), kind: 'money' },
  ]
  const rows: Row[] = reasons.map((r) => ({ key: r.drill, cells: { reason: name(r.reason), count: r.count, value: r.value } }))
  const labels = useMemo(() => reasons.map((r) => name(r.reason)), [reasons, name])
  const values = useMemo(() => reasons.map((r) => r.count), [reasons])
  const keys = useMemo(() => reasons.map((r) => r.drill), [reasons])
  return (
    <ChartCard
      title={t('insights.analytics.lostByReason')}
      subtitle={t('insights.analytics.lostByReasonText', { count: figures.lost.count, shown: f.count(figures.lost.count) })}
      columns={columns}
      rows={rows}
      onDrill={open}
      period={period}
      empty={t('insights.analytics.noLost')}
      chart={
        <Donut labels={labels} values={values} keys={keys} onDrill={open} format={f.count} label={t('insights.analytics.lostByReason')} />
      }
    />
  )
}

type Outcome = {
  won: { count: number; value: PipelineFigures['won']['value']; drill: string }
  lost: { count: number; drill: string }
  open: { count: number; value: PipelineFigures['won']['value']; drill: string }
  winRate: number | null
}

/** Won, lost and open per owner or team; a bar opens the deals of its kind, the table names each. */
function OutcomeCard({
  title,
  subtitle,
  subjects,
  open,
  period,
  empty,
}: {
  title: string
  subtitle: string
  subjects: { id: string; name: string; outcome: Outcome }[]
  open: (key: string) => void
  period: { from: string; to: string }
  empty: string
}) {
  const { t } = useTranslation()
  const f = useFormats()
  const columns: Column[] = [
    { key: 'name', label: title },
    { key: 'won', label: t('insights.analytics.wonDeals'), kind: 'count' },
    { key: 'wonValue', label: t('insights.analytics.wonValue'), kind: 'money' },
    { key: 'lost', label: t('insights.analytics.lostDeals'), kind: 'count' },
    { key: 'open', label: t('insights.analytics.openDeals'), kind: 'count' },
    { key: 'winRate', label: t('insights.analytics.winRate'), kind: 'percent' },
  ]
  const rows: Row[] = subjects.map((s) => ({
    key: s.outcome.won.drill,
    cells: {
      name: s.name,
      won: s.outcome.won.count,
      wonValue: s.outcome.won.value,
      lost: s.outcome.lost.count,
      open: s.outcome.open.count,
      winRate: s.outcome.winRate,
    },
  }))
  const categories = useMemo(() => subjects.map((s) => s.name), [subjects])
  const series = useMemo(
    () => [
      { name: t('insights.analytics.wonDeals'), data: subjects.map((s) => s.outcome.won.count) },
      { name: t('insights.analytics.lostDeals'), data: subjects.map((s) => s.outcome.lost.count) },
      { name: t('insights.analytics.openDeals'), data: subjects.map((s) => s.outcome.open.count) },
    ],
    [subjects, t],
  )
  const keys = useMemo(
    () => [subjects.map((s) => s.outcome.won.drill), subjects.map((s) => s.outcome.lost.drill), subjects.map((s) => s.outcome.open.drill)],
    [subjects],
  )
  return (
    <ChartCard
      title={subtitle}
      columns={columns}
      rows={rows}
      onDrill={open}
      period={period}
      empty={empty}
      chart={
        <Bars
          categories={categories}
          series={series}
          keys={keys}
          onDrill={open}
          format={f.count}
          horizontal
          stacked
          height={Math.max(220, 56 * subjects.length + 80)}
          label={subtitle}
        />
      }
    />
  )
}

function ByOwner({ figures, open, period }: Omit<Part, 'open'> & { open: (title: string) => (key: string) => void }) {
  const { t } = useTranslation()
  const subjects = useMemo(() => figures.byOwner.map((o) => ({ id: o.owner.id, name: o.owner.name, outcome: o })), [figures.byOwner])
  return (
    <OutcomeCard
      title={t('insights.analytics.owner')}
      subtitle={t('insights.analytics.byOwner')}
      subjects={subjects}
      open={open(t('insights.analytics.byOwner'))}
      period={period}
      empty={t('insights.analytics.noOwners')}
    />
  )
}

function ByTeam({ figures, open, period }: Omit<Part, 'open'> & { open: (title: string) => (key: string) => void }) {
  const { t } = useTranslation()
  const subjects = useMemo(() => figures.byTeam.map((o) => ({ id: o.team.id, name: o.team.name, outcome: o })), [figures.byTeam])
  return (
    <OutcomeCard
      title={t('insights.analytics.team')}
      subtitle={t('insights.analytics.byTeam')}
      subjects={subjects}
      open={open(t('insights.analytics.byTeam'))}
      period={period}
      empty={t('insights.analytics.noOwners')}
    />
  )
}
