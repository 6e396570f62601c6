import { Box, Typography } from '@mui/material'
import { intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { delta } from './delta'

/**
 * How a figure moved since the previous period: "▲ 20 % compared with the previous period", green when it is
 * good news. `format` writes the previous figure (money, days) for the reader.
 */
export function DeltaText({
  current,
  previous,
  lowerIsBetter,
  format,
}: {
  current: number
  previous: number
  lowerIsBetter?: boolean
  format: (value: number) => string
}) {
  const { t, i18n } = useTranslation()
  const moved = delta(current, previous, { lowerIsBetter })
  const percent = new Intl.NumberFormat(intlLocale(i18n.language), {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  })
  const arrow = moved.direction === 'up' ? '▲' : moved.direction === 'down' ? '▼' : '•'
  const color = moved.tone === 'good' ? 'success.main' : moved.tone === 'bad' ? 'error.main' : 'text.secondary'
  const change =
    moved.ratio === null ? (moved.direction === 'flat' ? t('insights.kit.unchanged') : t('insights.kit.new')) : percent.format(moved.ratio)
  return (
    <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
      <Box component="span" sx={{ color, fontWeight: 600 }}>
        <span aria-hidden>{arrow} </span>
        {change}
      </Box>{' '}
      {t('insights.kit.comparedWith', { previous: format(previous) })}
    </Typography>
  )
}
