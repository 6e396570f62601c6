import { Box, Skeleton, type SxProps, type Theme } from '@mui/material'
import type { ApexOptions } from 'apexcharts'
import { lazy, Suspense, useMemo } from 'react'
import { withoutZeroBars } from './defaults'

type ApexChartComponent = typeof import('react-apexcharts')['default']

// ApexCharts is large: it downloads in a chunk of its own the first time a page shows a chart.
// react-apexcharts is CommonJS, so the component may arrive one `default` deeper than the types say.
const ReactApexChart = lazy(async () => {
  const module = (await import('react-apexcharts')) as { default: ApexChartComponent | { default: ApexChartComponent } }
  return { default: 'default' in module.default ? module.default.default : module.default }
})

export type ChartType = 'line' | 'area' | 'bar' | 'pie' | 'donut' | 'radialBar' | 'scatter' | 'heatmap' | 'radar' | 'polarArea'

export type ChartProps = {
  type: ChartType
  series: ApexOptions['series']
  /** Options from useChart, so that the product's defaults apply. */
  options: ApexOptions
  height?: number | string
  width?: number | string
  sx?: SxProps<Theme>
} & Omit<React.HTMLAttributes<HTMLDivElement>, 'children'>

/**
 * A chart. ApexCharts draws left to right whatever the language, so the chart keeps its own direction
 * (its tooltips and legends are laid out by the library, not by the page's right-to-left styles).
 */
export function Chart({ type, series, options, height = 320, width = '100%', sx, ...props }: ChartProps) {
  const drawn = useMemo(() => (type === 'bar' ? withoutZeroBars(series) : series), [type, series])
  return (
    <Box
      dir="ltr"
      {...props}
      sx={[
        {
          width,
          flexShrink: 0,
          '& .apexcharts-canvas': { mx: 'auto' },
          '& .apexcharts-tooltip': {
            borderRadius: 1.5,
            border: 'none !important',
            boxShadow: (theme) => `${theme.shadows[8]} !important`,
          },
          '& .apexcharts-tooltip-title': { fontWeight: 600 },
          '& .apexcharts-xaxistooltip': { display: 'none' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Suspense fallback={<Skeleton variant="rounded" width="100%" height={height} />}>
        <ReactApexChart type={type} series={drawn} options={options} height={height} width="100%" />
      </Suspense>
    </Box>
  )
}
