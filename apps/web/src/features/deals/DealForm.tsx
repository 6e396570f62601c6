import { type Client, DEAL_LIMITS, type Deal, type PipelineStage, type User } from '@closeroom/shared'
import { Autocomplete, Avatar, Button, Card, Divider, MenuItem, Stack, TextField } from '@mui/material'
import { useSnackbar } from 'notistack'
import { type Control, Controller, type UseFormRegister, useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { CurrencySelect } from '../../components/money/CurrencySelect'
import { toMajor, toMinor } from '../../components/money/money'
import { avatarColours } from '../../components/PeopleAvatars'
import { useTranslation } from '../../locales/i18n'
import { ContactsField } from './ContactsField'
import { type LineValues, ProductLines } from './ProductLines'
import { useSaveDeal } from './queries'

type Values = {
  name: string
  company: string
  ownerId: string
  stageId: string
  amount: string
  currency: string
  expectedCloseDate: string
  notes: string
  contacts: Client[]
  lines: LineValues[]
}

function defaults(deal: Deal | undefined, me: string, stages: PipelineStage[]): Values {
  const currency = deal?.currency ?? 'EUR'
  return {
    name: deal?.name ?? '',
    company: deal?.company ?? '',
    ownerId: deal?.owner.id ?? me,
    stageId: deal?.stageId ?? stages.find((s) => s.kind === 'open')?.id ?? stages[0]?.id ?? '',
    amount: deal ? String(toMajor(deal.amount, currency)) : '',
    currency,
    expectedCloseDate: deal?.expectedCloseDate ?? '',
    notes: deal?.notes ?? '',
    contacts: deal?.contacts ?? [],
    lines: (deal?.lines ?? []).map((line) => ({
      productId: line.productId,
      name: line.name,
      quantity: String(line.quantity),
      unitPrice: String(toMajor(line.unitPrice, line.currency)),
      currency: line.currency,
    })),
  }
}

/** The deal's fields. New deals go to their page once created; an existing one stays and says it saved. */
export function DealForm({ deal, stages, users }: { deal?: Deal; stages: PipelineStage[]; users: User[] }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const me = useAuthContext().user
  const save = useSaveDeal(deal?.id)
  const form = useForm<Values>({ defaultValues: defaults(deal, me?.id ?? '', stages) })
  const { register, control, formState, handleSubmit, setValue, watch } = form
  const _currency = watch('currency')
  const people = users.filter((u) => u.status !== 'deactivated' || u.id === deal?.owner.id)

  const onSubmit = handleSubmit(async (values) => {
    const amount = values.amount.trim() ? toMinor(values.amount, values.currency) : 0
    if (amount === null || amount > DEAL_LIMITS.maxAmount) {
      form.setError('amount', { type: 'validate', message: t('pipeline.deal.amountInvalid') })
      return
    }
    const lines = values.lines
      .filter((line) => line.productId)
      .map((line) => ({
        productId: line.productId,
        quantity: Math.max(1, Number.parseInt(line.quantity, 10) || 1),
        unitPrice: toMinor(line.unitPrice, line.currency) ?? undefined,
      }))
    const body = {
      name: values.name.trim(),
      company: values.company.trim(),
      ownerId: values.ownerId || undefined,
      stageId: values.stageId || undefined,
      amount,
      currency: values.currency,
      expectedCloseDate: values.expectedCloseDate || null,
      notes: values.notes,
      contactIds: values.contacts.map((c) => c.id),
      lines,
    }
    try {
      const saved = await save.mutateAsync(body)
      enqueueSnackbar(deal ? t('pipeline.saved') : t('pipeline.deal.created'), { variant: 'success' })
      if (!deal) navigate(`/deals/${saved.id}`, { replace: true })
      else form.reset(defaults(saved, me?.id ?? '', stages))
    } catch {
      // shown by FormError from the mutation's state
    }
  })

  return (
    <Card sx={{ p: 3 }}>
      <FormError error={save.error} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)} aria-label={t('pipeline.deal.formLabel')}>
        <TextField
          {...register('name', { validate: (v) => !!v.trim() || t('pipeline.deal.nameRequired') })}
          label={t('pipeline.deal.name')}
          required
          autoFocus={!deal}
          error={!!formState.errors.name}
          helperText={formState.errors.name?.message}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...register('company')} label={t('pipeline.deal.company')} fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />
          <Controller
            control={control}
            name="ownerId"
            render={({ field }) => (
              <Autocomplete<User, false, true, false>
                options={people}
                value={people.find((u) => u.id === field.value) ?? people[0]}
                disableClearable
                onChange={(_, next) => field.onChange(next.id)}
                getOptionLabel={(u) => u.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderOption={({ key, ...props }, option) => (
                  <li key={key} {...props}>
                    <Avatar
                      alt=""
                      src={option.avatarUrl ?? undefined}
                      sx={{ width: 24, height: 24, fontSize: 12, me: 1, ...avatarColours(option.name) }}
                    >
                      {option.name.slice(0, 1)}
                    </Avatar>
                    {option.name}
                  </li>
                )}
                renderInput={(params) => <TextField {...params} label={t('pipeline.deal.owner')} />}
                fullWidth
              />
            )}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="stageId"
            render={({ field }) => (
              <TextField select label={t('pipeline.deal.stage')} {...field} fullWidth>
                {stages.map((stage) => (
                  <MenuItem key={stage.id} value={stage.id}>
                    {stage.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            {...register('expectedCloseDate')}
            type="date"
            label={t('pipeline.deal.expectedClose')}
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Stack direction="row" spacing={2}>
          <TextField
            {...register('amount')}
            type="number"
            label={t('pipeline.deal.amount')}
            error={!!formState.errors.amount}
            helperText={formState.errors.amount?.message}
            slotProps={{ htmlInput: { min: 0, step: 'any' } }}
            sx={{ flex: 2 }}
          />
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <CurrencySelect label={t('pipeline.deal.currency')} value={field.value} onChange={field.onChange} inputRef={field.ref} />
            )}
          />
        </Stack>
        <Controller
          control={control}
          name="contacts"
          render={({ field }) => <ContactsField value={field.value} onChange={field.onChange} company={watch('company')} />}
        />
        <Divider />
        <ProductLines
          control={control as unknown as Control<{ lines: LineValues[] }>}
          register={register as unknown as UseFormRegister<{ lines: LineValues[] }>}
          onUseTotal={(total) => {
            setValue('currency', total.currency, { shouldDirty: true })
            setValue('amount', String(toMajor(total.amount, total.currency)), { shouldDirty: true })
          }}
        />
        <Divider />
        <TextField
          {...register('notes')}
          label={t('pipeline.deal.notes')}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: 20_000 } }}
        />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button component={Link} to="/deals" color="inherit">
            {t('pipeline.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {deal ? t('pipeline.save') : t('pipeline.deal.create')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}
