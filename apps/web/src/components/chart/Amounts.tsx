import { Stack, Typography } from '@mui/material'
import { useTranslation } from '../../locales/i18n'
import { formatMoney } from '../money/money'
import type { MoneyCell } from './ChartCard'

/**
 * Amounts in several currencies, one line each (never summed across currencies), then, when the organization
 * sets exchange rates, their total converted to its reporting currency, said to be converted.
 */
export function Amounts({
  amounts,
  converted,
  variant = 'h4',
}: {
  amounts: MoneyCell[]
  converted?: MoneyCell | null
  variant?: 'h3' | 'h4' | 'h5' | 'body1'
}) {
  const { t, i18n } = useTranslation()
  const shown = amounts.filter((amount) => amount.minor !== 0)
  const several = shown.length > 1
  return (
    <Stack spacing={0.25}>
      {shown.length === 0 ? (
        <Typography variant={variant} component="p">
          {converted ? formatMoney(0, converted.currency, i18n.language) : '—'}
        </Typography>
      ) : (
        shown.map((amount) => (
          <Typography key={amount.currency} variant={several ? 'h5' : variant} component="p" sx={{ whiteSpace: 'nowrap' }}>
            {formatMoney(amount.minor, amount.currency, i18n.language)}
          </Typography>
        ))
      )}
      {converted && (several || (shown[0] && shown[0].currency !== converted.currency)) && (
        <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
          {t('insights.kit.converted', {
            amount: formatMoney(converted.minor, converted.currency, i18n.language),
            currency: converted.currency,
          })}
        </Typography>
      )}
    </Stack>
  )
}
