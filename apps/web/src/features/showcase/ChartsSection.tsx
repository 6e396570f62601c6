import { Box, Chip, Stack, Typography } from '@mui/material'
import { useTheme } from '@mui/material/styles'
import type { ApexOptions } from 'apexcharts'
import { type ReactNode, useMemo } from 'react'
import { Chart } from '../../components/chart/Chart'
import { useChart } from '../../components/chart/useChart'
import { intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { Section } from './Section'
import { pipeline, revenue, sources } from './sampleData'

const sourceKeys = Object.keys(sources) as (keyof typeof sources)[]

/** The short names of the last `count` months, ending with this one, in the reader's language. */
function lastMonths(count: number, locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'short' })
  const now = new Date()
  return Array.from({ length: count }, (_, index) => format.format(new Date(now.getFullYear(), now.getMonth() - (count - 1 - index), 1)))
}

function ChartCard({ title, subtitle, children, testId }: { title: string; subtitle: string; children: ReactNode; testId: string }) {
  const { t } = useTranslation()
  return (
    <Box data-testid={testId} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <div>
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {subtitle}
          </Typography>
        </div>
        <Chip size="small" variant="outlined" label={t('gallery.sampleData')} />
      </Stack>
      {children}
    </Box>
  )
}

export function ChartsSection() {
  const { t, i18n } = useTranslation()
  const theme = useTheme()
  const locale = intlLocale(i18n.language)
  const money = useMemo(() => {
    const full = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
    const compact = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 })
    const plain = new Intl.NumberFormat(locale)
    return {
      full: (value: number) => full.format(value),
      compact: (value: number) => compact.format(value),
      count: (value: number) => plain.format(value),
    }
  }, [locale])

  const barOptions = useChart(
    useMemo<ApexOptions>(
      () => ({
        xaxis: { categories: lastMonths(6, locale) },
        yaxis: { labels: { formatter: money.compact } },
        tooltip: { y: { formatter: money.full } },
        // A transparent edge keeps the two columns of a month apart.
        stroke: { width: 2, colors: ['transparent'] },
      }),
      [locale, money],
    ),
  )
  const areaOptions = useChart(
    useMemo<ApexOptions>(
      () => ({
        xaxis: { categories: lastMonths(12, locale) },
        yaxis: { labels: { formatter: money.compact } },
        tooltip: { y: { formatter: money.full } },
        fill: { type: 'gradient' },
      }),
      [locale, money],
    ),
  )
  const donutOptions = useChart(
    useMemo<ApexOptions>(
      () => ({
        labels: sourceKeys.map((key) => t(`gallery.charts.sourceNames.${key}`)),
        legend: { position: 'bottom', horizontalAlign: 'center' },
        stroke: { width: 2, colors: [theme.palette.background.paper] },
        tooltip: { y: { formatter: money.count } },
        plotOptions: { pie: { donut: { size: '72%' } } },
      }),
      [t, theme.palette.background.paper, money],
    ),
  )

  return (
    <Section id="charts" title={t('gallery.sections.charts')} text={t('gallery.charts.text')}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <ChartCard testId="chart-bar" title={t('gallery.charts.revenue')} subtitle={t('gallery.charts.lastMonths', { count: 6 })}>
          <Chart
            type="bar"
            height={320}
            series={[
              { name: t('gallery.charts.newBusiness'), data: revenue.newBusiness },
              { name: t('gallery.charts.renewals'), data: revenue.renewals },
            ]}
            options={barOptions}
          />
        </ChartCard>
        <ChartCard testId="chart-donut" title={t('gallery.charts.sources')} subtitle={t('gallery.charts.thisYear')}>
          <Chart type="donut" height={320} series={sourceKeys.map((key) => sources[key])} options={donutOptions} />
        </ChartCard>
        <Box sx={{ gridColumn: { lg: '1 / -1' }, minWidth: 0 }}>
          <ChartCard testId="chart-area" title={t('gallery.charts.pipeline')} subtitle={t('gallery.charts.lastMonths', { count: 12 })}>
            <Chart
              type="area"
              height={320}
              series={[
                { name: t('gallery.charts.created'), data: pipeline.created },
                { name: t('gallery.charts.won'), data: pipeline.won },
              ]}
              options={areaOptions}
            />
          </ChartCard>
        </Box>
      </Box>
    </Section>
  )
}
