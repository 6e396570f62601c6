import { type ExchangeRate, SaveCurrencySettings } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Button, Card, IconButton, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { FormError } from '../../../components/FormError'
import { CURRENCIES } from '../../../components/money/money'
import { useTranslation } from '../../../locales/i18n'
import { useCurrencySettings, useSaveCurrencySettings } from '../../insights/queries'
import { CurrencyField } from './CurrencyField'

/**
 * The reporting currency and, if the organization sets them, exchange rates into it: dashboards then add a
 * converted total under the amounts they show per currency, labelled as converted.
 */
export function CurrencySettingsCard() {
  const settings = useCurrencySettings()
  if (!settings.data) return <Skeleton variant="rounded" height={240} sx={{ maxWidth: 760 }} />
  return <CurrencyForm key={JSON.stringify(settings.data)} initial={settings.data} />
}

function CurrencyForm({ initial }: { initial: { reportingCurrency: string | null; rates: ExchangeRate[] } }) {
  const { t } = useTranslation()
  const save = useSaveCurrencySettings()
  const { enqueueSnackbar } = useSnackbar()
  const [reporting, setReporting] = useState(initial.reportingCurrency ?? '')
  // Each row keeps its own key while its currency is being changed.
  const [rates, setRates] = useState(() => initial.rates.map((rate) => ({ ...rate, row: crypto.randomUUID() })))
  const [issues, setIssues] = useState<Record<string, string>>({})

  function submit() {
    // Without a reporting currency there is nothing to convert into: the rates go too.
    const body = { reportingCurrency: reporting || null, rates: reporting ? rates.map(({ currency, rate }) => ({ currency, rate })) : [] }
    const parsed = SaveCurrencySettings.safeParse(body)
    const found: Record<string, string> = {}
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const [field, index, part] = issue.path
        const key = field === 'rates' && typeof index === 'number' ? `rates.${index}.${String(part ?? 'rate')}` : String(field)
        found[key] ??= issue.message
      }
    rates.forEach((rate, index) => {
      if (rates.findIndex((r) => r.currency === rate.currency) !== index)
        found[`rates.${index}.currency`] ??= t('insights.settings.rateTwice')
      if (rate.currency === reporting) found[`rates.${index}.currency`] ??= t('insights.settings.rateReporting')
    })
    setIssues(found)
    if (Object.keys(found).length > 0) return
    save.mutate(body, { onSuccess: () => enqueueSnackbar(t('insights.settings.currencySaved'), { variant: 'success' }) })
  }

  const unused = CURRENCIES.find((code) => code !== reporting && !rates.some((r) => r.currency === code)) ?? 'USD'
  return (
    <Card component="section" aria-labelledby="currency-settings" sx={{ p: 3, maxWidth: 760 }}>
      <Typography id="currency-settings" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('insights.settings.currencyTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('insights.settings.currencyText')}
      </Typography>
      <FormError error={save.error} />
      <TextField
        select
        size="small"
        label={t('insights.settings.reportingCurrency')}
        value={reporting}
        onChange={(event) => setReporting(event.target.value)}
        error={!!issues.reportingCurrency}
        helperText={issues.reportingCurrency ?? t('insights.settings.reportingCurrencyHelp')}
        sx={{ minWidth: 240, mb: 3 }}
      >
        <MenuItem value="">{t('insights.settings.noReportingCurrency')}</MenuItem>
        {[...new Set([...CURRENCIES, ...(reporting ? [reporting] : [])])].map((code) => (
          <MenuItem key={code} value={code}>
            {code}
          </MenuItem>
        ))}
      </TextField>
      {reporting && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('insights.settings.rates')}
          </Typography>
          {issues.rates && (
            <Typography variant="body2" sx={{ color: 'error.main', mb: 1 }} role="alert">
              {issues.rates}
            </Typography>
          )}
          <Stack spacing={1.5} sx={{ mb: 2 }}>
            {rates.map((rate, index) => (
              <Stack key={rate.row} direction="row" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <CurrencyField
                  label={t('insights.settings.rateCurrency')}
                  value={rate.currency}
                  onChange={(currency) => setRates(rates.map((r, i) => (i === index ? { ...r, currency } : r)))}
                  error={issues[`rates.${index}.currency`]}
                />
                <TextField
                  size="small"
                  label={t('insights.settings.rateValue', { currency: rate.currency, reporting })}
                  value={rate.rate}
                  onChange={(event) => setRates(rates.map((r, i) => (i === index ? { ...r, rate: event.target.value } : r)))}
                  error={!!issues[`rates.${index}.rate`]}
                  helperText={
                    issues[`rates.${index}.rate`] ??
                    t('insights.settings.rateHelp', { currency: rate.currency, reporting, rate: rate.rate || '…' })
                  }
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  sx={{ flex: 1, minWidth: 220 }}
                />
                <IconButton
                  aria-label={t('insights.settings.removeRate', { currency: rate.currency })}
                  onClick={() => setRates(rates.filter((_, i) => i !== index))}
                >
                  <DeleteOutlineRounded />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          <Button
            startIcon={<AddRounded />}
            onClick={() => setRates([...rates, { currency: unused, rate: '', row: crypto.randomUUID() }])}
            sx={{ mb: 2 }}
          >
            {t('insights.settings.addRate')}
          </Button>
        </>
      )}
      <Stack direction="row">
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('insights.settings.saveCurrency')}
        </Button>
      </Stack>
    </Card>
  )
}
