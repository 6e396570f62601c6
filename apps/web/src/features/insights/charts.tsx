import { useTheme } from '@mui/material/styles'
import type { ApexOptions } from 'apexcharts'
import { useMemo } from 'react'
import { Chart } from '../../components/chart/Chart'
import { drillEvents } from '../../components/chart/ChartCard'
import { useChart } from '../../components/chart/useChart'

type Series = { name: string; data: number[] }

/**
 * Bars per category, clickable: a click opens the records of `keys[series][category]` (or of `keys[category]`
 * when every series shares them). `format` writes the values in the axis and tooltips.
 */
export function Bars({
  categories,
  series,
  keys,
  onDrill,
  format,
  axisFormat = format,
  horizontal = false,
  stacked = false,
  height = 300,
  label,
}: {
  categories: string[]
  series: Series[]
  keys: (string | undefined)[] | (string | undefined)[][]
  onDrill?: (key: string) => void
  format: (value: number) => string
  /** The value axis' labels, when shorter than the tooltips' (money as "€12K"). */
  axisFormat?: (value: number) => string
  horizontal?: boolean
  stacked?: boolean
  height?: number
  /** What the chart shows, for screen readers (the table view holds the figures). */
  label: string
}) {
  // Counts up to five get one tick each, so no axis reads 0.5 deals.
  const values = series.flatMap((s) => s.data)
  const most = stacked
    ? Math.max(0, ...categories.map((_, i) => series.reduce((sum, s) => sum + (s.data[i] ?? 0), 0)))
    : Math.max(0, ...values)
  const fewWhole = values.every(Number.isInteger) && most <= 5
  const options = useChart(
    useMemo<ApexOptions>(
      () => ({
        chart: {
          stacked,
          ...drillEvents((s, i) => {
            const row = keys[s]
            return Array.isArray(row) ? row[i] : (keys[i] as string | undefined)
          }, onDrill),
        },
        // A lone bar stays a bar, not a slab: the fewer the rows, the thinner each one's share.
        plotOptions: { bar: { horizontal, ...(horizontal && { barHeight: categories.length < 3 ? '32%' : '56%' }) } },
        states: { active: { filter: { type: 'none' } } },
        stroke: { show: true, width: 2, colors: ['transparent'] },
        xaxis: {
          categories,
          ...(horizontal && {
            tickAmount: fewWhole ? Math.max(most, 1) : 4,
            ...(fewWhole && { max: Math.max(most, 1) }),
            labels: { formatter: (value: string) => axisFormat(Number(value)) },
          }),
        },
        yaxis: horizontal
          ? { labels: { maxWidth: 180 } }
          : {
              labels: { formatter: (value: number) => axisFormat(value) },
              min: 0,
              ...(fewWhole ? { max: Math.max(most, 1), tickAmount: Math.max(most, 1) } : { forceNiceScale: true }),
            },
        tooltip: { y: { formatter: (value: number) => format(value) } },
        legend: { show: series.length > 1 },
      }),
      [categories, series.length, keys, onDrill, format, axisFormat, horizontal, stacked, fewWhole, most],
    ),
  )
  return (
    <figure aria-label={label} style={{ margin: 0, cursor: onDrill ? 'pointer' : undefined }}>
      <Chart type="bar" height={height} series={series} options={options} />
    </figure>
  )
}

/** Shares of a whole, clickable slice by slice. */
export function Donut({
  labels,
  values,
  keys,
  onDrill,
  format,
  label,
  height = 300,
}: {
  labels: string[]
  values: number[]
  keys: (string | undefined)[]
  onDrill?: (key: string) => void
  format: (value: number) => string
  label: string
  height?: number
}) {
  const paper = useTheme().palette.background.paper
  const options = useChart(
    useMemo<ApexOptions>(
      () => ({
        chart: drillEvents((_s, i) => keys[i], onDrill),
        labels,
        legend: { position: 'bottom', horizontalAlign: 'center' },
        stroke: { colors: [paper] },
        tooltip: { y: { formatter: (value: number) => format(value) } },
        plotOptions: {
          pie: {
            donut: {
              labels: {
                value: { formatter: (value: string) => format(Number(value)) },
                total: { formatter: () => format(values.reduce((a, b) => a + b, 0)) },
              },
            },
          },
        },
      }),
      [labels, keys, onDrill, format, paper, values],
    ),
  )
  return (
    <figure aria-label={label} style={{ margin: 0, cursor: onDrill ? 'pointer' : undefined }}>
      <Chart type="donut" height={height} series={values} options={options} />
    </figure>
  )
}
