import { type BookingQuestion, CreateBooking, Email, MESSAGES, type PublicBooking, type PublicEventType, phone } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import { Box, Button, Checkbox, FormControl, FormControlLabel, FormHelperText, Stack, TextField, Typography } from '@mui/material'
import { Suspense } from 'react'
import { type FieldError, type FieldValues, type UseFormReturn, useController } from 'react-hook-form'
import { z } from 'zod'
import { FormError } from '../../components/FormError'
import { LazyPhoneInput as PhoneInput } from '../../components/phone/LazyPhoneInput'
import { ApiError } from '../../lib/api'
import { fieldErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import type { TFunction } from '../../locales/i18n'
import { useTranslation } from '../../locales/i18n'
import { bookingApi } from './api'
import type { PickedActions, PickedSlot } from './Booker'
import type { BookingPrefill } from './prefill'
import { formatRange, zoneLabel } from './time'

// Messages of the rules below are keys of our own texts; the shared schemas' English ones are translated by fieldErrorText.
const REQUIRED = 'bookingPublic.form.required'
const PHONE_REQUIRED = 'bookingPublic.form.phoneRequired'

function answerRule(question: BookingQuestion): z.ZodType {
  const required = question.required
  switch (question.type) {
    case 'checkbox':
      return required ? z.boolean().refine((v) => v, { message: REQUIRED }) : z.boolean()
    case 'phone':
      return phone.refine((v) => !required || v !== '', { message: REQUIRED })
    case 'email':
      return z
        .string()
        .trim()
        .refine((v) => !required || v !== '', { message: REQUIRED })
        .refine((v) => v === '' || Email.safeParse(v).success, { message: MESSAGES.email })
    case 'select':
      return z
        .string()
        .refine((v) => !required || v !== '', { message: REQUIRED })
        .refine((v) => v === '' || question.options.includes(v), { message: REQUIRED })
    default:
      return z
        .string()
        .trim()
        .max(2000)
        .refine((v) => !required || v !== '', { message: REQUIRED })
  }
}

/** A question's first value from the address: a select's only when it is one of its options. */
function prefilledAnswer(question: BookingQuestion, text: string | undefined): string | boolean {
  if (question.type === 'checkbox') return ['true', 'yes', 'on', '1'].includes(text?.trim().toLowerCase() ?? '')
  if (question.type === 'select') return text !== undefined && question.options.includes(text) ? text : ''
  return text ?? ''
}

/** The booking body's own rules (CreateBooking), the phone required for a phone call, and the host's questions. */
function formSchema(eventType: PublicEventType) {
  const needsPhone = eventType.location.kind === 'phone'
  return z.object({
    name: CreateBooking.shape.name,
    email: CreateBooking.shape.email,
    phone: phone.refine((v) => !needsPhone || v !== '', { message: PHONE_REQUIRED }),
    notes: z.string().trim().max(2000),
    answers: z.object(Object.fromEntries(eventType.questions.map((q) => [q.id, answerRule(q)]))),
  })
}

function errorText(t: TFunction, error: FieldError | undefined): string | undefined {
  if (error?.message?.startsWith('bookingPublic.')) return t(error.message)
  return fieldErrorText(t, error)
}

type Form = UseFormReturn<FieldValues, unknown, FieldValues>
type FieldProps = { form: Form; name: string; label: string; required?: boolean }

function TextAnswer({ form, name, label, required, ...props }: FieldProps & { type?: string; autoComplete?: string; multiline?: boolean }) {
  const { t } = useTranslation()
  const { field, fieldState } = useController({ control: form.control, name })
  return (
    <TextField
      {...props}
      minRows={props.multiline ? 3 : undefined}
      label={label}
      required={required}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={errorText(t, fieldState.error)}
      fullWidth
    />
  )
}

function PhoneAnswer({ form, name, label, required, helperText }: FieldProps & { helperText?: string }) {
  const { t } = useTranslation()
  const { field, fieldState } = useController({ control: form.control, name })
  return (
    <Suspense fallback={<TextField label={label} disabled fullWidth />}>
      <PhoneInput
        label={label}
        required={required}
        name={field.name}
        value={(field.value as string | undefined) ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={!!fieldState.error}
        helperText={errorText(t, fieldState.error) ?? helperText}
        fullWidth
      />
    </Suspense>
  )
}

function SelectAnswer({ form, name, label, required, options }: FieldProps & { options: string[] }) {
  const { t } = useTranslation()
  const { field, fieldState } = useController({ control: form.control, name })
  return (
    <TextField
      select
      label={label}
      required={required}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!fieldState.error}
      helperText={errorText(t, fieldState.error)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
    >
      <option value="" />
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </TextField>
  )
}

function CheckboxAnswer({ form, name, label, required }: FieldProps) {
  const { t } = useTranslation()
  const { field, fieldState } = useController({ control: form.control, name })
  return (
    <FormControl error={!!fieldState.error} required={required}>
      <FormControlLabel
        label={required ? `${label} *` : label}
        control={
          <Checkbox
            name={field.name}
            checked={field.value === true}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
      />
      {fieldState.error && <FormHelperText>{errorText(t, fieldState.error)}</FormHelperText>}
    </FormControl>
  )
}

function QuestionField({ form, question }: { form: Form; question: BookingQuestion }) {
  const name = `answers.${question.id}`
  const common = { form, name, label: question.label, required: question.required }
  switch (question.type) {
    case 'checkbox':
      return <CheckboxAnswer {...common} />
    case 'phone':
      return <PhoneAnswer {...common} />
    case 'select':
      return <SelectAnswer {...common} options={question.options} />
    case 'email':
      return <TextAnswer {...common} type="email" />
    default:
      return <TextAnswer {...common} />
  }
}

/** The buyer's details for the chosen time; a time taken meanwhile sends them back to fresh times. */
export default function BookingForm({
  eventType,
  slot,
  actions,
  onBooked,
  room,
  prefill,
}: {
  eventType: PublicEventType
  slot: PickedSlot
  actions: PickedActions
  onBooked(booking: PublicBooking): void
  /** The sales room or product room the buyer books from: the seller sees where the booking came from. */
  room?: Pick<CreateBooking, 'salesroomId' | 'productRoomId'>
  /** What the buyer answered already (a routing form's answers): the form starts with it, all of it editable. */
  prefill?: BookingPrefill
}) {
  const { t, i18n } = useTranslation()
  const needsPhone = eventType.location.kind === 'phone'
  // A number the buyer gave already stays in sight, so they can correct it, even when the meeting needs none.
  const showPhone = needsPhone || !!prefill?.phone
  const defaults = {
    name: prefill?.name ?? '',
    email: prefill?.email ?? '',
    phone: prefill?.phone ?? '',
    notes: prefill?.notes ?? '',
    answers: Object.fromEntries(eventType.questions.map((q) => [q.id, prefilledAnswer(q, prefill?.answers[q.id])])),
  }
  const { form, serverError, submit } = useSchemaForm(formSchema(eventType) as unknown as z.ZodType<FieldValues, FieldValues>, defaults)
  const end = new Date(new Date(slot.start).getTime() + slot.duration * 60_000).toISOString()

  const book = submit(async (values) => {
    const answers = Object.fromEntries(
      Object.entries(values.answers as Record<string, string | boolean>).filter(([, v]) => v !== '' && v !== false),
    )
    try {
      const booking = await bookingApi.book({
        eventTypeId: eventType.id,
        start: slot.start,
        duration: slot.duration,
        timeZone: slot.timeZone,
        name: values.name as string,
        email: values.email as string,
        phone: (values.phone as string) || undefined,
        notes: (values.notes as string) || undefined,
        answers: Object.keys(answers).length ? answers : undefined,
        routingResponseId: prefill?.routing,
        ...room,
      })
      onBooked(booking)
    } catch (error) {
      if (error instanceof ApiError && error.code === 'slot_taken') return actions.slotTaken()
      throw error
    }
  })

  return (
    <Box sx={{ px: { xs: 2, md: 3 }, py: 3, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3, flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          onClick={actions.back}
          color="inherit"
          startIcon={<ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
        >
          {t('bookingPublic.form.back')}
        </Button>
        <div>
          <Typography sx={{ fontWeight: 700 }} data-testid="picked-time">
            {formatRange(slot.start, end, slot.timeZone, i18n.language, slot.h12)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {zoneLabel(slot.timeZone)}
          </Typography>
        </div>
      </Stack>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('bookingPublic.form.title')}
      </Typography>
      <FormError error={serverError} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={book} sx={{ maxWidth: 560 }}>
        <TextAnswer form={form} name="name" label={t('bookingPublic.form.name')} autoComplete="name" required />
        <TextAnswer form={form} name="email" label={t('bookingPublic.form.email')} type="email" autoComplete="email" required />
        {showPhone && (
          <PhoneAnswer
            form={form}
            name="phone"
            label={t('bookingPublic.form.phone')}
            required={needsPhone}
            helperText={needsPhone ? t('bookingPublic.form.phoneHelp') : undefined}
          />
        )}
        {eventType.questions.map((question) => (
          <QuestionField key={question.id} form={form} question={question} />
        ))}
        <TextAnswer form={form} name="notes" label={t('bookingPublic.form.notes')} multiline />
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          {t('bookingPublic.form.submit')}
        </Button>
      </Stack>
    </Box>
  )
}
