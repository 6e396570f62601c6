import { useTheme } from '@mui/material/styles'
import type { ApexOptions } from 'apexcharts'
import { useMemo } from 'react'
import { useTranslation } from '../../locales/i18n'
import { chartDefaults, withChartDefaults } from './defaults'

/**
 * A chart's options with the product's defaults under them, following the theme (light or dark, preset)
 * and the language. Only types come from ApexCharts here: the library itself loads with <Chart>.
 */
export function useChart(options: ApexOptions = {}): ApexOptions {
  const theme = useTheme()
  const { t } = useTranslation()
  const totalLabel = t('charts.total')
  return useMemo(() => withChartDefaults(chartDefaults(theme, totalLabel), options), [theme, totalLabel, options])
}
