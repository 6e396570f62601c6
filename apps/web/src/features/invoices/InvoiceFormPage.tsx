import {
  type Invoice,
  type InvoiceInput,
  type InvoicePrefill,
  type InvoiceStatus,
  isKnownCurrency,
  LANGUAGES,
  type Language,
  priceInvoice,
} from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  IconButton,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { type FormEvent, useState } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { CURRENCIES } from '../../components/money/money'
import { PageHeader } from '../../components/PageHeader'
import { RouterLink } from '../../components/RouterLink'
import { ApiError } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { type TFunction, useTranslation } from '../../locales/i18n'
import { formatAmount, majorText, parseMajor, parsePercent, parseQuantity, percentText } from './money'
import { useCreateInvoice, useInvoice, useInvoiceFromDeal, useUpdateInvoice } from './queries'

type LineDraft = {
  key: number
  description: string
  productId: string | null
  quantity: string
  unitPrice: string
  discount: string
  taxRate: string
}
type Draft = {
  dealId: string | null
  buyer: { name: string; email: string; company: string; address: string }
  currency: string
  language: Language
  issueDate: string
  dueDate: string
  notes: string
  lines: LineDraft[]
}
type Errors = Record<string, string>

let nextKey = 1
/** The fields the form shows an error beside. */
const SHOWN_FIELDS = /^(buyer\.(name|email)|currency|issueDate|dueDate|lines(\.\d+\.(description|quantity|unitPrice|discount|taxRate))?)$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const dayText = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

const emptyLine = (): LineDraft => ({
  key: nextKey++,
  description: '',
  productId: null,
  quantity: '1',
  unitPrice: '',
  discount: '0',
  taxRate: '0',
})

function draftOf(source: InvoicePrefill | Invoice): Draft {
  const dealId = 'dealId' in source ? source.dealId : (source.deal?.id ?? null)
  return {
    dealId,
    buyer: { ...source.buyer },
    currency: source.currency,
    language: source.language,
    issueDate: source.issueDate,
    dueDate: source.dueDate,
    notes: source.notes,
    lines: source.lines.map((line) => ({
      key: nextKey++,
      description: line.description,
      productId: line.productId ?? null,
      quantity: String(line.quantity),
      unitPrice: majorText(line.unitPrice, source.currency),
      discount: percentText(line.discount ?? 0),
      taxRate: percentText(line.taxRate ?? 0),
    })),
  }
}

function blankDraft(language: string): Draft {
  const today = new Date()
  const due = new Date(today)
  due.setDate(due.getDate() + 30)
  return {
    dealId: null,
    buyer: { name: '', email: '', company: '', address: '' },
    currency: 'EUR',
    language: (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en',
    issueDate: dayText(today),
    dueDate: dayText(due),
    notes: '',
    lines: [emptyLine()],
  }
}

/** The body the API takes, or the errors of each field, in the reader's language. */
function check(t: TFunction, draft: Draft): { body?: InvoiceInput; errors: Errors } {
  const errors: Errors = {}
  const currency = draft.currency.trim().toUpperCase()
  if (!isKnownCurrency(currency)) errors.currency = t('invoices.form.errors.currency')
  if (!draft.buyer.name.trim()) errors['buyer.name'] = t('invoices.form.errors.required')
  if (draft.buyer.email.trim() && !EMAIL.test(draft.buyer.email.trim())) errors['buyer.email'] = t('invoices.form.errors.email')
  if (!draft.issueDate) errors.issueDate = t('invoices.form.errors.required')
  if (!draft.dueDate) errors.dueDate = t('invoices.form.errors.required')
  else if (draft.issueDate && draft.dueDate < draft.issueDate) errors.dueDate = t('invoices.form.errors.dueBeforeIssue')
  if (draft.lines.length === 0) errors.lines = t('invoices.form.errors.noLines')
  const digits = isKnownCurrency(currency)
    ? new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits
    : 2
  const lines = draft.lines.map((line, i) => {
    const quantity = parseQuantity(line.quantity)
    const unitPrice = parseMajor(line.unitPrice, currency)
    const discount = parsePercent(line.discount || '0')
    const taxRate = parsePercent(line.taxRate || '0')
    if (!line.description.trim()) errors[`lines.${i}.description`] = t('invoices.form.errors.required')
    if (quantity === null) errors[`lines.${i}.quantity`] = t('invoices.form.errors.quantity')
    if (unitPrice === null) errors[`lines.${i}.unitPrice`] = t('invoices.form.errors.price', { digits: String(digits ?? 2) })
    if (discount === null) errors[`lines.${i}.discount`] = t('invoices.form.errors.rate')
    if (taxRate === null) errors[`lines.${i}.taxRate`] = t('invoices.form.errors.rate')
    return {
      description: line.description.trim(),
      productId: line.productId,
      quantity: quantity ?? 0,
      unitPrice: unitPrice ?? 0,
      discount: discount ?? 0,
      taxRate: taxRate ?? 0,
    }
  })
  if (Object.keys(errors).length) return { errors }
  return {
    errors,
    body: {
      dealId: draft.dealId,
      buyer: {
        name: draft.buyer.name.trim(),
        email: draft.buyer.email.trim(),
        company: draft.buyer.company.trim(),
        address: draft.buyer.address.trim(),
      },
      currency,
      language: draft.language,
      issueDate: draft.issueDate,
      dueDate: draft.dueDate,
      notes: draft.notes.trim(),
      lines,
    },
  }
}

/** The server's refusal of one field, in the reader's language where the form knows the rule. */
function serverFieldText(t: TFunction, error: ApiError): string {
  if (error.field === 'dueDate') return t('invoices.form.errors.dueBeforeIssue')
  if (error.field === 'currency') return t('invoices.form.errors.currency')
  if (error.field === 'lines') return t('invoices.form.errors.noLines')
  return serverErrorText(t, error)
}

/** /invoice/new (by hand, or ?dealId= from a won deal) and /invoice/:id/edit (drafts only). */
export default function InvoiceFormPage() {
  const { t, i18n } = useTranslation()
  const { id } = useParams()
  const [params] = useSearchParams()
  const dealId = id ? null : params.get('dealId')
  const existing = useInvoice(id)
  const prefill = useInvoiceFromDeal(dealId)
  const error = existing.error ?? prefill.error
  const source = id ? existing.data : dealId ? prefill.data : null

  const title = id ? t('invoices.form.editTitle') : t('invoices.form.newTitle')
  return (
    <>
      <PageHeader
        title={title}
        action={
          <Button component={RouterLink} to={id ? `/invoice/${id}` : '/invoice'} color="inherit">
            {id ? t('invoices.cancel') : t('invoices.back')}
          </Button>
        }
      />
      {error ? (
        <Alert severity="error">{serverErrorText(t, error)}</Alert>
      ) : existing.data && existing.data.status !== 'draft' ? (
        <Alert severity="warning">{t('invoices.form.errors.notDraft')}</Alert>
      ) : source === undefined ? (
        <Skeleton variant="rounded" height={560} />
      ) : (
        <InvoiceForm
          key={id ?? dealId ?? 'new'}
          id={id}
          initial={source ? draftOf(source) : blankDraft(i18n.language)}
          dealName={dealId && prefill.data ? (params.get('deal') ?? '') : ''}
        />
      )}
    </>
  )
}

function InvoiceForm({ id, initial, dealName }: { id?: string; initial: Draft; dealName: string }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const [draft, setDraft] = useState(initial)
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<unknown>(null)
  const create = useCreateInvoice()
  const update = useUpdateInvoice(id ?? '')
  const saving = create.isPending || update.isPending

  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }))
  const setBuyer = (changes: Partial<Draft['buyer']>) => setDraft((current) => ({ ...current, buyer: { ...current.buyer, ...changes } }))
  const setLine = (key: number, changes: Partial<LineDraft>) =>
    setDraft((current) => ({ ...current, lines: current.lines.map((line) => (line.key === key ? { ...line, ...changes } : line)) }))

  const currency = draft.currency.trim().toUpperCase()
  const known = isKnownCurrency(currency)
  const priced = priceInvoice(
    draft.lines.map((line) => ({
      quantity: parseQuantity(line.quantity) ?? 0,
      unitPrice: (known && parseMajor(line.unitPrice, currency)) || 0,
      discount: parsePercent(line.discount || '0') ?? 0,
      taxRate: parsePercent(line.taxRate || '0') ?? 0,
    })),
  )
  const money = (minor: number) => (known ? formatAmount(minor, currency, i18n.language) : '—')
  const currencies = CURRENCIES.includes(currency as (typeof CURRENCIES)[number]) || !currency ? CURRENCIES : [currency, ...CURRENCIES]

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const { body, errors: found } = check(t, draft)
    setErrors(found)
    if (!body) return
    try {
      const saved = id ? await update.mutateAsync(body) : await create.mutateAsync(body)
      enqueueSnackbar(t('invoices.form.saved'), { variant: 'success' })
      navigate(`/invoice/${saved.id}`)
    } catch (error) {
      // A refusal of a field the form shows goes next to it; any other (a deal or product gone meanwhile) above the form.
      if (error instanceof ApiError && error.field && SHOWN_FIELDS.test(error.field))
        setErrors({ [error.field]: serverFieldText(t, error) })
      else setFailure(error)
    }
  }

  const field = (name: string) => ({ error: !!errors[name], helperText: errors[name] })

  return (
    <Box component="form" noValidate onSubmit={submit}>
      {dealName && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('invoices.form.fromDeal', { deal: dealName })}
        </Alert>
      )}
      {!!failure && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {serverErrorText(t, failure)}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card component="section" aria-labelledby="invoice-buyer" sx={{ height: '100%' }}>
            <CardHeader title={t('invoices.form.buyer')} slotProps={{ title: { id: 'invoice-buyer', component: 'h2', variant: 'h6' } }} />
            <CardContent>
              <Stack spacing={2}>
                <TextField
                  label={t('invoices.form.buyerName')}
                  slotProps={{ htmlInput: { dir: 'auto' } }}
                  value={draft.buyer.name}
                  onChange={(e) => setBuyer({ name: e.target.value })}
                  required
                  {...field('buyer.name')}
                />
                <TextField
                  label={t('invoices.form.buyerEmail')}
                  slotProps={{ htmlInput: { dir: 'auto' } }}
                  type="email"
                  value={draft.buyer.email}
                  onChange={(e) => setBuyer({ email: e.target.value })}
                  error={!!errors['buyer.email']}
                  helperText={errors['buyer.email'] ?? t('invoices.form.buyerEmailHint')}
                />
                <TextField
                  label={t('invoices.form.buyerCompany')}
                  slotProps={{ htmlInput: { dir: 'auto' } }}
                  value={draft.buyer.company}
                  onChange={(e) => setBuyer({ company: e.target.value })}
                />
                <TextField
                  label={t('invoices.form.buyerAddress')}
                  slotProps={{ htmlInput: { dir: 'auto' } }}
                  value={draft.buyer.address}
                  onChange={(e) => setBuyer({ address: e.target.value })}
                  multiline
                  minRows={2}
                />
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card component="section" aria-labelledby="invoice-details" sx={{ height: '100%' }}>
            <CardHeader
              title={t('invoices.form.details')}
              slotProps={{ title: { id: 'invoice-details', component: 'h2', variant: 'h6' } }}
            />
            <CardContent>
              <Stack spacing={2}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    select
                    label={t('invoices.form.currency')}
                    value={currency}
                    onChange={(e) => set({ currency: e.target.value })}
                    sx={{ flex: 1 }}
                    {...field('currency')}
                  >
                    {currencies.map((code) => (
                      <MenuItem key={code} value={code}>
                        {code}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    select
                    label={t('invoices.form.language')}
                    value={draft.language}
                    onChange={(e) => set({ language: e.target.value as Language })}
                    helperText={t('invoices.form.languageHint')}
                    sx={{ flex: 1 }}
                  >
                    {LANGUAGES.map((code) => (
                      <MenuItem key={code} value={code}>
                        {t(`invoices.languages.${code}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    type="date"
                    label={t('invoices.form.issueDate')}
                    value={draft.issueDate}
                    onChange={(e) => set({ issueDate: e.target.value })}
                    slotProps={{ inputLabel: { shrink: true } }}
                    sx={{ flex: 1 }}
                    required
                    {...field('issueDate')}
                  />
                  <TextField
                    type="date"
                    label={t('invoices.form.dueDate')}
                    value={draft.dueDate}
                    onChange={(e) => set({ dueDate: e.target.value })}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.issueDate } }}
                    sx={{ flex: 1 }}
                    required
                    {...field('dueDate')}
                  />
                </Stack>
                <TextField
                  label={t('invoices.form.notes')}
                  slotProps={{ htmlInput: { dir: 'auto' } }}
                  value={draft.notes}
                  onChange={(e) => set({ notes: e.target.value })}
                  helperText={t('invoices.form.notesHint')}
                  multiline
                  minRows={2}
                />
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12}>
          <Card component="section" aria-labelledby="invoice-lines">
            <CardHeader title={t('invoices.form.lines')} slotProps={{ title: { id: 'invoice-lines', component: 'h2', variant: 'h6' } }} />
            <CardContent>
              {errors.lines && (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {errors.lines}
                </Alert>
              )}
              <Stack spacing={2.5}>
                {draft.lines.map((line, i) => (
                  <Grid container spacing={1.5} key={line.key} sx={{ alignItems: 'flex-start' }}>
                    <Grid size={{ xs: 12, md: 3.5 }}>
                      <TextField
                        fullWidth
                        size="small"
                        label={t('invoices.form.description')}
                        slotProps={{ htmlInput: { dir: 'auto' } }}
                        value={line.description}
                        onChange={(e) => setLine(line.key, { description: e.target.value })}
                        {...field(`lines.${i}.description`)}
                      />
                    </Grid>
                    <Grid size={{ xs: 4, md: 1.5 }}>
                      <TextField
                        fullWidth
                        size="small"
                        label={t('invoices.form.quantity')}
                        value={line.quantity}
                        onChange={(e) => setLine(line.key, { quantity: e.target.value })}
                        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                        {...field(`lines.${i}.quantity`)}
                      />
                    </Grid>
                    <Grid size={{ xs: 8, md: 2 }}>
                      <TextField
                        fullWidth
                        size="small"
                        label={t('invoices.form.unitPrice')}
                        value={line.unitPrice}
                        onChange={(e) => setLine(line.key, { unitPrice: e.target.value })}
                        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                        {...field(`lines.${i}.unitPrice`)}
                      />
                    </Grid>
                    <Grid size={{ xs: 4, md: 1.5 }}>
                      <TextField
                        fullWidth
                        size="small"
                        label={t('invoices.form.discount')}
                        value={line.discount}
                        onChange={(e) => setLine(line.key, { discount: e.target.value })}
                        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                        {...field(`lines.${i}.discount`)}
                      />
                    </Grid>
                    <Grid size={{ xs: 4, md: 1.25 }}>
                      <TextField
                        fullWidth
                        size="small"
                        label={t('invoices.form.taxRate')}
                        value={line.taxRate}
                        onChange={(e) => setLine(line.key, { taxRate: e.target.value })}
                        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                        {...field(`lines.${i}.taxRate`)}
                      />
                    </Grid>
                    <Grid
                      size={{ xs: 4, md: 2.25 }}
                      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, minHeight: 40 }}
                    >
                      <Typography
                        variant="body2"
                        aria-label={t('invoices.form.amount')}
                        sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                      >
                        {money(priced.lines[i]?.net ?? 0)}
                      </Typography>
                      <IconButton
                        aria-label={t('invoices.form.removeLine', { n: String(i + 1) })}
                        onClick={() => set({ lines: draft.lines.filter((other) => other.key !== line.key) })}
                        size="small"
                      >
                        <DeleteOutlineRounded fontSize="small" />
                      </IconButton>
                    </Grid>
                  </Grid>
                ))}
              </Stack>
              <Button startIcon={<AddRounded />} onClick={() => set({ lines: [...draft.lines, emptyLine()] })} sx={{ mt: 2 }}>
                {t('invoices.form.addLine')}
              </Button>
              <Totals subtotal={money(priced.subtotal)} tax={money(priced.tax)} total={money(priced.total)} />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={id ? `/invoice/${id}` : '/invoice'} color="inherit">
          {t('invoices.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {t('invoices.form.save')}
        </Button>
      </Stack>
    </Box>
  )
}

/** The totals under the lines; the last one is what is due, or on a paid invoice what was paid (a void one asks for nothing). */
export function Totals({
  subtotal,
  tax,
  total,
  status = 'draft',
}: {
  subtotal: string
  tax: string
  total: string
  status?: InvoiceStatus
}) {
  const { t } = useTranslation()
  const row = (label: string, value: string, strong = false) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 4 }}>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        sx={{ color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Stack>
  )
  return (
    <Stack spacing={1} sx={{ ml: 'auto', mt: 3, maxWidth: 320 }}>
      {row(t('invoices.view.subtotal'), subtotal)}
      {row(t('invoices.view.tax'), tax)}
      {row(
        t(status === 'paid' ? 'invoices.view.totalPaid' : status === 'void' ? 'invoices.view.total' : 'invoices.view.totalDue'),
        total,
        true,
      )}
    </Stack>
  )
}
