import type { ProductFigures } from '@closeroom/shared'
import { Typography } from '@mui/material'
import { useMemo } from 'react'
import { Amounts, addMoney, chartMoney } from '../../components/chart/Amounts'
import { ChartCard, type Column, type Row } from '../../components/chart/ChartCard'
import { useTranslation } from '../../locales/i18n'
import { Bars } from './charts'
import { Grid, Stat } from './DashboardFrame'
import { DashboardPage } from './DashboardPage'
import { useFormats } from './format'
import { useProductInsights } from './queries'

type Period = { from: string; to: string }

/** /ecommerce: what each product brought in won deals, how often it is in them, and its room's funnel. */
export default function ProductInsightsPage() {
  return (
    <DashboardPage
      area="products"
      useAnswer={useProductInsights}
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
  current: ProductFigures
  previous: ProductFigures | null
  open: (title: string) => (key: string) => void
  period: Period
}) {
  const { t } = useTranslation()
  const f = useFormats()
  const products = current.products
  const revenue = useMemo(() => addMoney(products.map((p) => p.revenue)), [products])
  const units = products.reduce((sum, p) => sum + p.units, 0)
  const unitsBefore = previous?.products.reduce((sum, p) => sum + p.units, 0) ?? 0
  const visits = products.reduce((sum, p) => sum + p.roomVisits, 0)
  const inquiries = products.reduce((sum, p) => sum + p.inquiries.count, 0)
  return (
    <>
      <Grid columns={4}>
        <Stat label={t('insights.products.revenue')} value={<Amounts money={revenue} />} />
        <Stat
          label={t('insights.products.units')}
          value={f.count(units)}
          compare={previous ? { current: units, previous: unitsBefore, format: f.count } : null}
        />
        <Stat
          label={t('insights.products.wonDeals')}
          value={f.count(current.wonDeals)}
          compare={previous ? { current: current.wonDeals, previous: previous.wonDeals, format: f.count } : null}
        />
        <Stat
          label={t('insights.products.roomVisits')}
          value={
            // A figure and a word: at the other cards' figure size, "inquiries" broke onto a line of its own.
            <Typography variant="h5" component="p">
              {t('insights.products.visitsToInquiries', { visits: f.count(visits), inquiries: f.count(inquiries) })}
            </Typography>
          }
        />
      </Grid>
      <Grid>
        <Revenue products={products} open={open(t('insights.products.byProduct'))} period={period} />
        <Funnel products={products} open={open(t('insights.products.funnel'))} period={period} />
      </Grid>
    </>
  )
}

type Part = { products: ProductFigures['products']; open: (key: string) => void; period: Period }

function Revenue({ products, open, period }: Part) {
  const { t } = useTranslation()
  const f = useFormats()
  const money = chartMoney(products.map((p) => p.revenue))
  const columns: Column[] = [
    { key: 'name', label: t('insights.products.product') },
    { key: 'revenue', label: t('insights.products.revenue'), kind: 'money' },
    { key: 'units', label: t('insights.products.units'), kind: 'count' },
    { key: 'deals', label: t('insights.products.wonDeals'), kind: 'count' },
    { key: 'attach', label: t('insights.products.attachRate'), kind: 'percent' },
  ]
  const rows: Row[] = products.map((p) => ({
    key: p.deals.drill,
    cells: { name: p.name, revenue: p.revenue, units: p.units, deals: p.deals.count, attach: p.attachRate },
  }))
  const categories = useMemo(() => products.map((p) => p.name), [products])
  const keys = useMemo(() => products.map((p) => p.deals.drill), [products])
  const series = useMemo(
    () =>
      money
        ? [{ name: t('insights.products.revenue'), data: money.values }]
        : [{ name: t('insights.products.units'), data: products.map((p) => p.units) }],
    [money, products, t],
  )
  const format = useMemo(() => (money ? f.money(money.currency) : f.count), [money, f])
  const axisFormat = useMemo(() => (money ? f.moneyAxis(money.currency) : f.count), [money, f])
  const sold = products.some((p) => p.deals.count > 0)
  return (
    <ChartCard
      title={t('insights.products.byProduct')}
      subtitle={money ? t('insights.products.byProductText') : t('insights.products.byProductUnitsText')}
      columns={columns}
      rows={sold ? rows : []}
      onDrill={open}
      period={period}
      empty={t('insights.products.noSales')}
      chart={
        <Bars
          categories={categories}
          series={series}
          keys={keys}
          onDrill={open}
          format={format}
          axisFormat={axisFormat}
          horizontal
          height={Math.max(220, 48 * products.length + 60)}
          label={t('insights.products.byProduct')}
        />
      }
    />
  )
}

function Funnel({ products: all, open, period }: Part) {
  // Only products whose room was visited or asked about: the others have no funnel to show.
  const products = useMemo(() => all.filter((p) => p.roomVisits > 0 || p.inquiries.count > 0), [all])
  const { t } = useTranslation()
  const f = useFormats()
  const columns: Column[] = [
    { key: 'name', label: t('insights.products.product') },
    { key: 'visits', label: t('insights.products.roomVisits'), kind: 'count' },
    { key: 'inquiries', label: t('insights.products.inquiries'), kind: 'count' },
    { key: 'won', label: t('insights.products.inquiriesWon'), kind: 'count' },
  ]
  const rows: Row[] = products.map((p) => ({
    key: p.inquiries.drill,
    cells: { name: p.name, visits: p.roomVisits, inquiries: p.inquiries.count, won: p.inquiriesWon.count },
  }))
  const categories = useMemo(() => products.map((p) => p.name), [products])
  const series = useMemo(
    () => [
      { name: t('insights.products.roomVisits'), data: products.map((p) => p.roomVisits) },
      { name: t('insights.products.inquiries'), data: products.map((p) => p.inquiries.count) },
      { name: t('insights.products.inquiriesWon'), data: products.map((p) => p.inquiriesWon.count) },
    ],
    [products, t],
  )
  // Visits are counted, not records: their bars open the inquiries instead.
  const keys = useMemo(
    () => [products.map((p) => p.inquiries.drill), products.map((p) => p.inquiries.drill), products.map((p) => p.inquiriesWon.drill)],
    [products],
  )
  const any = products.length > 0
  return (
    <ChartCard
      title={t('insights.products.funnel')}
      subtitle={t('insights.products.funnelText')}
      columns={columns}
      rows={any ? rows : []}
      onDrill={open}
      period={period}
      empty={t('insights.products.noVisits')}
      chart={
        <Bars
          categories={categories}
          series={series}
          keys={keys}
          onDrill={open}
          format={f.count}
          horizontal
          height={Math.max(200, 90 * products.length + 60)}
          label={t('insights.products.funnel')}
        />
      }
    />
  )
}
