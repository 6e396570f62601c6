import type { Product } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Autocomplete, Box, Button, IconButton, InputAdornment, Stack, TextField, Tooltip, Typography } from '@mui/material'
import { type Control, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form'
import { formatMoney, toMajor, toMinor } from '../../components/money/money'
import { useTranslation } from '../../locales/i18n'
import { useProducts } from '../products/queries'

export type LineValues = { productId: string; name: string; quantity: string; unitPrice: string; currency: string }
type FormWithLines = { lines: LineValues[] }

/** Sum of the lines per currency, in minor units. */
export function lineTotals(lines: LineValues[]): { currency: string; amount: number }[] {
  const totals = new Map<string, number>()
  for (const line of lines) {
    const quantity = Number.parseInt(line.quantity, 10)
    const unit = toMinor(line.unitPrice, line.currency)
    if (!line.productId || !Number.isFinite(quantity) || unit === null) continue
    totals.set(line.currency, (totals.get(line.currency) ?? 0) + quantity * unit)
  }
  return [...totals].map(([currency, amount]) => ({ currency, amount }))
}

/** Products on the deal: product, quantity, unit price (copied from the product, editable) and the line's total. */
export function ProductLines({
  control,
  register,
  onUseTotal,
}: {
  control: Control<FormWithLines>
  register: UseFormRegister<FormWithLines>
  onUseTotal: (total: { currency: string; amount: number }) => void
}) {
  const { t, i18n } = useTranslation()
  const products = useProducts()
  const { fields, append, remove, update } = useFieldArray({ control, name: 'lines' })
  const lines = (useWatch({ control, name: 'lines' }) ?? []) as LineValues[]
  const totals = lineTotals(lines)
  const chosen = new Set(lines.map((line) => line.productId))
  const active = (products.data ?? []).filter((product) => product.active)

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1.5 }}>
        {t('pipeline.deal.products')}
      </Typography>
      <Stack spacing={2}>
        {fields.map((field, index) => {
          const line = lines[index] ?? field
          const quantity = Number.parseInt(line.quantity, 10)
          const unit = toMinor(line.unitPrice, line.currency)
          const lineTotal = Number.isFinite(quantity) && unit !== null ? quantity * unit : null
          const product = products.data?.find((p) => p.id === line.productId) ?? null
          return (
            <Box
              key={field.id}
              data-testid="deal-line"
              sx={{
                display: 'grid',
                gridTemplateColumns: '96px minmax(130px, 1fr) minmax(110px, auto) auto',
                alignItems: 'center',
                gap: 1.5,
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1.5,
              }}
            >
              <Autocomplete<Product, false, false, false>
                options={active.filter((p) => p.id === line.productId || !chosen.has(p.id))}
                value={product}
                onChange={(_, next) =>
                  update(index, {
                    productId: next?.id ?? '',
                    name: next?.name ?? '',
                    quantity: line.quantity || '1',
                    unitPrice: next ? String(toMajor(next.price, next.currency)) : '',
                    currency: next?.currency ?? line.currency,
                  })
                }
                getOptionLabel={(option) => option.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderOption={({ key, ...props }, option) => (
                  <li key={key} {...props}>
                    <Stack direction="row" sx={{ justifyContent: 'space-between', width: '100%', gap: 2 }}>
                      <span>{option.name}</span>
                      <Typography component="span" sx={{ color: 'text.secondary' }}>
                        {formatMoney(option.price, option.currency, i18n.language)}
                      </Typography>
                    </Stack>
                  </li>
                )}
                renderInput={(params) => <TextField {...params} label={t('pipeline.deal.product')} size="small" />}
                sx={{ gridColumn: '1 / -1' }}
              />
              <TextField
                {...register(`lines.${index}.quantity`)}
                label={t('pipeline.deal.quantity')}
                type="number"
                size="small"
                slotProps={{ htmlInput: { min: 1, step: 1 } }}
              />
              <TextField
                {...register(`lines.${index}.unitPrice`)}
                label={t('pipeline.deal.unitPrice')}
                type="number"
                size="small"
                slotProps={{
                  htmlInput: { min: 0, step: 'any' },
                  input: { endAdornment: <InputAdornment position="end">{line.currency}</InputAdornment> },
                }}
              />
              <Typography
                sx={{ textAlign: 'end', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
                aria-label={t('pipeline.deal.lineTotal')}
              >
                {lineTotal !== null && line.productId ? formatMoney(lineTotal, line.currency, i18n.language) : '—'}
              </Typography>
              <Tooltip title={t('pipeline.deal.removeLine')}>
                <IconButton aria-label={t('pipeline.deal.removeLine')} onClick={() => remove(index)}>
                  <DeleteOutlineRounded />
                </IconButton>
              </Tooltip>
            </Box>
          )
        })}
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Button
            startIcon={<AddRounded />}
            onClick={() => append({ productId: '', name: '', quantity: '1', unitPrice: '', currency: 'EUR' })}
            disabled={products.isPending || active.length === 0 || lines.length >= active.length}
          >
            {t('pipeline.deal.addProduct')}
          </Button>
          {totals.map((total) => (
            <Stack key={total.currency} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600 }} data-testid="lines-total">
                {t('pipeline.deal.linesTotal', { amount: formatMoney(total.amount, total.currency, i18n.language) })}
              </Typography>
              <Button size="small" variant="outlined" onClick={() => onUseTotal(total)}>
                {t('pipeline.deal.useTotal')}
              </Button>
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Box>
  )
}
