import { CHARTS, LOOK } from '@closeroom/shared'
import { alpha, type Theme } from '@mui/material/styles'
import type { ApexOptions } from 'apexcharts'
import { deepMerge } from './merge'

/**
 * The product's look for every chart: the theme's colours and font (light or dark), the spec's stroke width,
 * bar column widths that widen on narrow screens, and a donut that names its total.
 */
export function chartDefaults(theme: Theme, totalLabel: string): ApexOptions {
  const { palette, typography } = theme
  const mode = palette.mode
  return {
    chart: {
      toolbar: { show: false },
      zoom: { enabled: false },
      parentHeightOffset: 0,
      fontFamily: typography.fontFamily,
      foreColor: palette.text.disabled,
      background: 'transparent',
      animations: { enabled: true, speed: 360, animateGradually: { enabled: true, delay: 120 } },
    },
    theme: { mode },
    // Three series are common (won, lost, open; owner, admin, member): the first three are three hues. Info
    // came third before and, blue beside the blue primary, made a chart's first and third series look alike.
    colors: [
      palette.primary.main,
      palette.warning.main,
      palette.success.main,
      palette.error.main,
      palette.info.main,
      palette.warning.dark,
      palette.success.dark,
      palette.info.dark,
    ],
    states: {
      hover: { filter: { type: 'darken' } },
      active: { filter: { type: 'darken' } },
    },
    fill: {
      opacity: 1,
      gradient: { type: 'vertical', shadeIntensity: 0, opacityFrom: 0.4, opacityTo: 0, stops: [0, 100] },
    },
    dataLabels: { enabled: false },
    stroke: { width: CHARTS.strokeWidth, curve: 'smooth', lineCap: 'round' },
    grid: {
      strokeDashArray: 3,
      borderColor: palette.divider,
      padding: { top: 0, right: 0, bottom: 0 },
      xaxis: { lines: { show: false } },
    },
    xaxis: { axisBorder: { show: false }, axisTicks: { show: false } },
    yaxis: { tickAmount: 5 },
    markers: { size: 0, strokeColors: palette.background.paper },
    tooltip: { theme: mode, fillSeriesColor: false, x: { show: true } },
    legend: {
      show: true,
      position: 'top',
      horizontalAlign: 'right',
      fontSize: '13px',
      fontWeight: 500,
      labels: { colors: palette.text.primary },
      markers: { shape: 'circle' },
      itemMargin: { horizontal: 8, vertical: 8 },
    },
    plotOptions: {
      bar: { borderRadius: 4, columnWidth: CHARTS.columnWidth.default, borderRadiusApplication: 'end' },
      pie: {
        donut: {
          labels: {
            show: true,
            value: { color: palette.text.primary, fontSize: '26px', fontWeight: 700 },
            total: {
              show: true,
              label: totalLabel,
              color: palette.text.secondary,
              fontSize: String(typography.subtitle2.fontSize),
              fontWeight: 600,
            },
          },
        },
      },
      radialBar: {
        track: { strokeWidth: '100%', background: alpha(palette.grey[500], 0.16) },
        dataLabels: { value: { color: palette.text.primary }, total: { label: totalLabel, color: palette.text.secondary } },
      },
      radar: { polygons: { fill: { colors: ['transparent'] }, strokeColors: palette.divider, connectorColors: palette.divider } },
    },
    // ApexCharts applies every entry the window is narrower than, widest first, so the narrowest wins.
    responsive: [
      { breakpoint: LOOK.breakpoints.md, options: { plotOptions: { bar: { columnWidth: CHARTS.columnWidth.belowMd } } } },
      { breakpoint: LOOK.breakpoints.sm, options: { plotOptions: { bar: { columnWidth: CHARTS.columnWidth.belowSm, borderRadius: 3 } } } },
    ],
  }
}

/** A chart's own options over the defaults; its responsive entries come after the defaults' instead of replacing them. */
export function withChartDefaults(defaults: ApexOptions, options: ApexOptions): ApexOptions {
  const merged = deepMerge(defaults as Record<string, unknown>, options as Record<string, unknown>) as ApexOptions
  return { ...merged, responsive: [...(defaults.responsive ?? []), ...(options.responsive ?? [])] }
}

/**
 * Bar series with their zeros left out (null): ApexCharts draws a zero bar as a rounded dot on the axis, which
 * reads as a small value. The table view still shows the zeros.
 */
export function withoutZeroBars(series: ApexOptions['series']): ApexOptions['series'] {
  if (!series) return series
  return (series as unknown[]).map((one) =>
    typeof one === 'object' && one !== null && 'data' in one && Array.isArray(one.data)
      ? { ...one, data: one.data.map((value: unknown) => (value === 0 ? null : value)) }
      : one,
  ) as ApexOptions['series']
}
