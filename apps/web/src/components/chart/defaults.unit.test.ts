import { CHARTS, LOOK } from '@closeroom/shared'
import { createTheme } from '@mui/material/styles'
import type { ApexOptions } from 'apexcharts'
import { describe, expect, it } from 'vitest'
import { chartDefaults, withChartDefaults, withoutZeroBars } from './defaults'

const theme = (mode: 'light' | 'dark') => createTheme({ palette: { mode }, typography: { fontFamily: `"${LOOK.fontFamily}", sans-serif` } })

/** The column width ApexCharts ends with at a window width: every entry narrower than the window applies, widest first. */
function columnWidthAt(options: ApexOptions, width: number): unknown {
  let columnWidth = options.plotOptions?.bar?.columnWidth
  const entries = [...(options.responsive ?? [])].sort((a, b) => (b.breakpoint ?? 0) - (a.breakpoint ?? 0))
  for (const entry of entries)
    if (width < (entry.breakpoint ?? 0)) columnWidth = entry.options?.plotOptions?.bar?.columnWidth ?? columnWidth
  return columnWidth
}

describe('chart defaults', () => {
  it('give bars 28% of their slot, 32% below the medium breakpoint and 40% below the small one', () => {
    const options = chartDefaults(theme('light'), 'Total')
    expect(columnWidthAt(options, 1280)).toBe(CHARTS.columnWidth.default)
    expect(columnWidthAt(options, LOOK.breakpoints.md - 1)).toBe(CHARTS.columnWidth.belowMd)
    expect(columnWidthAt(options, LOOK.breakpoints.sm - 1)).toBe(CHARTS.columnWidth.belowSm)
    expect([CHARTS.columnWidth.default, CHARTS.columnWidth.belowMd, CHARTS.columnWidth.belowSm]).toEqual(['28%', '32%', '40%'])
  })

  it('draw with the theme: stroke 3, its font and colours, light or dark, and a donut total named in the reader’s language', () => {
    const light = chartDefaults(theme('light'), 'Total')
    const dark = chartDefaults(theme('dark'), 'الإجمالي')
    expect(light.stroke?.width).toBe(CHARTS.strokeWidth)
    expect(light.chart?.fontFamily).toContain(LOOK.fontFamily)
    expect(light.colors?.[0]).toBe(theme('light').palette.primary.main)
    // The first three series in three hues, not two blues.
    expect(light.colors?.slice(0, 3)).toEqual(['primary', 'warning', 'success'].map((k) => theme('light').palette[k as 'primary'].main))
    expect(light.tooltip?.theme).toBe('light')
    expect(dark.tooltip?.theme).toBe('dark')
    expect(dark.theme?.mode).toBe('dark')
    expect(dark.plotOptions?.pie?.donut?.labels?.total?.label).toBe('الإجمالي')
    expect(light.plotOptions?.pie?.donut?.labels?.total?.show).toBe(true)
  })

  it('let a chart override what it needs and keep the rest, its responsive entries after the defaults', () => {
    const defaults = chartDefaults(theme('light'), 'Total')
    const merged = withChartDefaults(defaults, {
      stroke: { colors: ['transparent'] },
      xaxis: { categories: ['Jan', 'Feb'] },
      responsive: [{ breakpoint: 400, options: { legend: { show: false } } }],
    })
    expect(merged.stroke).toEqual({ ...defaults.stroke, colors: ['transparent'] })
    expect(merged.xaxis).toEqual({ axisBorder: { show: false }, axisTicks: { show: false }, categories: ['Jan', 'Feb'] })
    expect(merged.responsive?.map((entry) => entry.breakpoint)).toEqual([LOOK.breakpoints.md, LOOK.breakpoints.sm, 400])
    expect(merged.plotOptions?.bar?.columnWidth).toBe('28%')
  })
})

describe('bar series', () => {
  it('leave zeros out, so that no empty bar is drawn as a dot that reads as a small value', () => {
    expect(
      withoutZeroBars([
        { name: 'Room visits', data: [81, 0] },
        { name: 'Won', data: [0, 2] },
      ]),
    ).toEqual([
      { name: 'Room visits', data: [81, null] },
      { name: 'Won', data: [null, 2] },
    ])
  })
})
