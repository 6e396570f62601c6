import { Stack, Typography } from '@mui/material'
import { useTranslation } from '../../locales/i18n'
import { formatMoney } from '../money/money'
import type { MoneyFigure } from './ChartCard'

/**
 * Amounts in several currencies, one line each (never summed across currencies), then, when the organization
 * has a reporting currency, their total converted to it, said to be converted (and which currencies had no rate).
 */
export function Amounts({ money, variant = 'h5' }: { money: MoneyFigure; variant?: 'h3' | 'h4' | 'h5' | 'h6' | 'body1' }) {
  const { t, i18n } = useTranslation()
  const shown = money.amounts.filter((amount) => amount.amount !== 0)
  const converted = money.converted
  const several = shown.length > 1
  const onlyReporting = !several && (!shown[0] || shown[0].currency === converted?.currency)
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      {shown.length === 0 ? (
        <Typography variant={variant} component="p">
          {formatMoney(0, converted?.currency ?? money.amounts[0]?.currency ?? 'EUR', i18n.language)}
        </Typography>
      ) : (
        shown.map((amount) => (
          <Typography
            key={amount.currency}
            variant={several && variant.startsWith('h') ? 'h6' : variant}
            component="p"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {formatMoney(amount.amount, amount.currency, i18n.language)}
          </Typography>
        ))
      )}
      {converted && !onlyReporting && (
        <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
          {t('insights.kit.converted', {
            amount: formatMoney(converted.amount, converted.currency, i18n.language),
            currency: converted.currency,
          })}
          {converted.missingRates.length > 0 && ` ${t('insights.kit.missingRates', { currencies: converted.missingRates.join(', ') })}`}
        </Typography>
      )}
    </Stack>
  )
}

/** A figure to draw or compare: the converted total when there is one, else the amount of the only currency. */
export function comparable(money: MoneyFigure): number | null {
  if (money.converted && money.converted.missingRates.length === 0) return money.converted.amount
  if (money.amounts.length === 1) return money.amounts[0]?.amount ?? null
  if (money.amounts.length === 0) return 0
  return null
}

/**
 * Money figures to draw on one axis: in the reporting currency when every figure converts fully, else in the
 * one currency they all share; null when they mix currencies with no rates (then a chart draws counts instead).
 */
export function chartMoney(figures: MoneyFigure[]): { currency: string; values: number[] } | null {
  const converted = figures.map((figure) => figure.converted)
  const reporting = converted[0]?.currency
  if (reporting && converted.every((c) => c && c.currency === reporting && c.missingRates.length === 0))
    return { currency: reporting, values: converted.map((c) => c?.amount ?? 0) }
  const currencies = new Set(figures.flatMap((figure) => figure.amounts.filter((a) => a.amount !== 0).map((a) => a.currency)))
  if (currencies.size > 1) return null
  const [currency = reporting ?? 'EUR'] = currencies
  return { currency, values: figures.map((figure) => figure.amounts.find((a) => a.currency === currency)?.amount ?? 0) }
}

/** Money figures added up currency by currency (never across), and their converted totals when all have one. */
export function addMoney(figures: MoneyFigure[]): MoneyFigure {
  const byCurrency = new Map<string, number>()
  for (const figure of figures) for (const a of figure.amounts) byCurrency.set(a.currency, (byCurrency.get(a.currency) ?? 0) + a.amount)
  const amounts = [...byCurrency].map(([currency, amount]) => ({ currency, amount })).sort((a, b) => b.amount - a.amount)
  const converted = figures.map((figure) => figure.converted)
  const first = converted.find((c) => c)
  const all = first && converted.every((c) => c?.currency === first.currency)
  return {
    amounts,
    converted: all
      ? {
          currency: first.currency,
          amount: converted.reduce((sum, c) => sum + (c?.amount ?? 0), 0),
          missingRates: [...new Set(converted.flatMap((c) => c?.missingRates ?? []))],
        }
      : null,
  }
}
