import {
  BILLING_PERIODS,
  type BillingPeriod,
  COUNTRIES,
  PAID_PLANS,
  type PaidPlan,
  PLAN_PRICES,
  PurchaseRequest,
  planTotal,
  SEATS_MAX,
} from '@closeroom/shared'
import LockOutlined from '@mui/icons-material/LockOutlined'
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined'
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  Container,
  Divider,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material'
import { useMemo, useState } from 'react'
import { Controller, type FieldError } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { MainLayout } from '../../components/MainLayout'
import { fieldErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { Field, sendContact } from './fields'
import { countryOptions, formatPrice, guessCountry } from './format'
import { isBillingPeriod, isPaidPlan } from './plans'

type Sent = { plan: PaidPlan; period: BillingPeriod; seats: number; email: string }

export default function PaymentPage() {
  const { t, i18n } = useTranslation()
  const { user } = useAuthContext()
  const [params, setParams] = useSearchParams()
  const [sent, setSent] = useState<Sent | null>(null)
  const planParam = params.get('plan')
  const periodParam = params.get('period')

  const { form, serverError, submit } = useSchemaForm(PurchaseRequest, {
    topic: 'purchase',
    // No plan in the address: the summary asks for one.
    plan: isPaidPlan(planParam) ? planParam : undefined,
    period: isBillingPeriod(periodParam) ? periodParam : 'yearly',
    seats: 5,
    name: user?.name ?? '',
    email: user?.email ?? '',
    company: '',
    country: guessCountry(COUNTRIES),
    message: '',
  })
  const { isSubmitting, errors } = form.formState
  const [plan, period, seats] = form.watch(['plan', 'period', 'seats'])
  const validSeats = Number.isInteger(seats) && seats >= 1 && seats <= SEATS_MAX
  const countries = useMemo(() => countryOptions(COUNTRIES, i18n.language), [i18n.language])

  // The address follows the choice, so a reload or a shared link shows the same order.
  function remember(next: { plan?: PaidPlan; period?: BillingPeriod }) {
    const values = { plan: next.plan ?? plan, period: next.period ?? period }
    setParams(values.plan ? { plan: values.plan, period: values.period } : { period: values.period }, { replace: true })
  }

  const send = submit(async (values) => {
    await sendContact(values)
    setSent({ plan: values.plan, period: values.period, seats: values.seats, email: values.email })
  })

  const price = (minor: number) => formatPrice(minor, i18n.language)
  const planName = (id: PaidPlan) => t(`general.pricing.plans.${id}.name`)

  if (sent) {
    return (
      <MainLayout>
        <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
          <ReceiptLongOutlined sx={{ fontSize: 64, color: 'primary.main', mb: 2 }} />
          <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
            {t('general.payment.sentTitle')}
          </Typography>
          <Alert severity="success" role="status" sx={{ textAlign: 'start', mb: 4 }}>
            {t('general.payment.sentText', {
              plan: planName(sent.plan),
              seats: sent.seats,
              period: t(`general.payment.billedAs.${sent.period}`),
              total: price(planTotal(sent.plan, sent.period, sent.seats)),
              email: sent.email,
            })}
          </Alert>
          <Button component={Link} to="/" variant="contained" size="large">
            {t('general.payment.home')}
          </Button>
        </Container>
      </MainLayout>
    )
  }

  return (
    <MainLayout>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
          {t('general.payment.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 5, maxWidth: 720 }}>{t('general.payment.text')}</Typography>

        <Box
          component="form"
          noValidate
          onSubmit={send}
          sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' }, alignItems: 'start' }}
        >
          <Card sx={{ p: { xs: 3, md: 4 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 3 }}>
              {t('general.payment.billingDetails')}
            </Typography>
            <FormError error={serverError} />
            <Stack spacing={2.5}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
                <Field form={form} name="name" label={t('fields.name')} autoComplete="name" fullWidth />
                <Field form={form} name="email" label={t('fields.email')} type="email" autoComplete="email" fullWidth />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
                <Field form={form} name="company" label={t('general.fields.company')} autoComplete="organization" fullWidth />
                <Controller
                  control={form.control}
                  name="country"
                  render={({ field, fieldState }) => (
                    <Autocomplete
                      fullWidth
                      options={countries}
                      value={countries.find((c) => c.code === field.value) ?? null}
                      onChange={(_event, option) => field.onChange(option?.code ?? '')}
                      getOptionLabel={(option) => option.name}
                      isOptionEqualToValue={(option, value) => option.code === value.code}
                      renderInput={(input) => (
                        <TextField
                          {...input}
                          name={field.name}
                          onBlur={field.onBlur}
                          label={t('general.fields.country')}
                          error={!!fieldState.error}
                          helperText={fieldErrorText(t, fieldState.error)}
                          slotProps={{ ...input.slotProps, htmlInput: { ...input.slotProps.htmlInput, autoComplete: 'country-name' } }}
                        />
                      )}
                    />
                  )}
                />
              </Stack>
              <Field
                form={form}
                name="seats"
                label={t('general.fields.seats')}
                type="number"
                registerOptions={{ valueAsNumber: true }}
                slotProps={{ htmlInput: { min: 1, max: SEATS_MAX, step: 1 } }}
                helperText={t('general.payment.seatsHelp')}
                sx={{ maxWidth: { sm: 240 } }}
              />
              <Field
                form={form}
                name="message"
                label={t('general.fields.invoiceNotes')}
                helperText={t('general.payment.notesHelp')}
                multiline
                minRows={3}
              />
            </Stack>
          </Card>

          <Card
            component="aside"
            aria-labelledby="order-summary"
            sx={{ p: { xs: 3, md: 4 }, position: { md: 'sticky' }, top: { md: 112 } }}
          >
            <Typography id="order-summary" variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('general.payment.summary')}
            </Typography>

            <Controller
              control={form.control}
              name="plan"
              render={({ field, fieldState }) => (
                <Box sx={{ mb: 2 }}>
                  <RadioGroup
                    name={field.name}
                    value={field.value ?? ''}
                    aria-label={t('general.payment.plan')}
                    onChange={(event) => {
                      field.onChange(event.target.value)
                      remember({ plan: event.target.value as PaidPlan })
                    }}
                  >
                    {PAID_PLANS.map((id) => (
                      <FormControlLabel
                        key={id}
                        value={id}
                        control={<Radio />}
                        label={
                          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, width: '100%' }}>
                            <span>{planName(id)}</span>
                            <Typography component="span" sx={{ color: 'text.secondary' }}>
                              {t('general.payment.perSeat', { price: price(PLAN_PRICES[id][period]) })}
                            </Typography>
                          </Stack>
                        }
                        sx={{
                          mx: 0,
                          mb: 1,
                          paddingInlineEnd: 2,
                          border: 1,
                          borderRadius: 1,
                          borderColor: field.value === id ? 'primary.main' : 'divider',
                          '& .MuiFormControlLabel-label': { flex: 1 },
                        }}
                      />
                    ))}
                  </RadioGroup>
                  {fieldState.error && <FormHelperText error>{fieldErrorText(t, fieldState.error as FieldError)}</FormHelperText>}
                </Box>
              )}
            />

            <Controller
              control={form.control}
              name="period"
              render={({ field }) => (
                <ToggleButtonGroup
                  exclusive
                  fullWidth
                  size="small"
                  value={field.value}
                  onChange={(_event, value: BillingPeriod | null) => {
                    if (!value) return
                    field.onChange(value)
                    remember({ period: value })
                  }}
                  aria-label={t('general.pricing.billing')}
                  sx={{ mb: 3 }}
                >
                  {BILLING_PERIODS.map((id) => (
                    <ToggleButton key={id} value={id}>
                      {t(`general.pricing.${id}`)}
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              )}
            />

            <Stack spacing={1.5} data-testid="order-summary">
              <SummaryLine label={t('general.payment.plan')} value={plan ? planName(plan) : t('general.payment.choosePlan')} />
              <SummaryLine label={t('general.fields.seats')} value={validSeats ? String(seats) : '—'} />
              <SummaryLine label={t('general.payment.billing')} value={t(`general.payment.periods.${period}`)} />
              {plan && (
                <SummaryLine
                  label={t('general.payment.pricePerSeat')}
                  value={t('general.payment.perSeatMonth', { price: price(PLAN_PRICES[plan][period]) })}
                />
              )}
              <Divider />
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
                <Typography variant="subtitle1">
                  {t(period === 'yearly' ? 'general.payment.totalYear' : 'general.payment.totalMonth')}
                </Typography>
                <Typography variant="h4" component="p" data-testid="order-total">
                  {plan && validSeats ? price(planTotal(plan, period, seats)) : '—'}
                </Typography>
              </Stack>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('general.payment.taxes')}
              </Typography>
            </Stack>

            <Button type="submit" size="large" variant="contained" fullWidth loading={isSubmitting} sx={{ mt: 3 }}>
              {t('general.payment.submit')}
            </Button>
            <Stack direction="row" spacing={1} sx={{ mt: 2, color: 'text.secondary', alignItems: 'flex-start' }}>
              <LockOutlined sx={{ fontSize: 18, mt: 0.25 }} />
              <Typography variant="caption">{t('general.payment.noCard')}</Typography>
            </Stack>
            {Object.keys(errors).length > 0 && (
              <Typography variant="caption" role="alert" sx={{ display: 'block', color: 'error.main', mt: 1 }}>
                {t('general.payment.fixErrors')}
              </Typography>
            )}
          </Card>
        </Box>
      </Container>
    </MainLayout>
  )
}

function SummaryLine({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'end' }}>
        {value}
      </Typography>
    </Stack>
  )
}
