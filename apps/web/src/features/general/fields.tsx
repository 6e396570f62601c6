import {
  COMPANY_REQUIRED,
  COUNTRY_INVALID,
  type ContactMessage,
  MESSAGE_REQUIRED,
  PLAN_INVALID,
  SEATS_INVALID,
  SEATS_MAX,
  TOPIC_INVALID,
} from '@closeroom/shared'
import { TextField, type TextFieldProps } from '@mui/material'
import type { FieldError, FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form'
import { client, unwrap } from '../../lib/api'
import { fieldErrorText } from '../../lib/errorText'
import type { TFunction } from '../../locales/i18n'
import { useTranslation } from '../../locales/i18n'

// The contact schemas' own messages, shown in the reader's language; any other goes to the app's usual text.
const messageKeys: Record<string, string> = {
  [MESSAGE_REQUIRED]: 'general.validation.message',
  [COMPANY_REQUIRED]: 'general.validation.company',
  [COUNTRY_INVALID]: 'general.validation.country',
  [TOPIC_INVALID]: 'general.validation.topic',
  [PLAN_INVALID]: 'general.validation.plan',
  [SEATS_INVALID]: 'general.validation.seats',
}

export function generalErrorText(t: TFunction, error: FieldError | undefined): string | undefined {
  const key = error?.message ? messageKeys[error.message] : undefined
  return key ? t(key, { max: SEATS_MAX }) : fieldErrorText(t, error)
}

/** A text field bound to a form, whose error message is translated, contact schemas' messages included. */
export function Field<T extends FieldValues>({
  form,
  name,
  registerOptions,
  ...props
}: { form: UseFormReturn<T, unknown, FieldValues>; name: Path<T>; registerOptions?: RegisterOptions<T, Path<T>> } & TextFieldProps) {
  const { t } = useTranslation()
  const error = form.formState.errors[name] as FieldError | undefined
  return (
    <TextField
      {...props}
      {...form.register(name, registerOptions)}
      error={!!error}
      helperText={generalErrorText(t, error) ?? props.helperText}
    />
  )
}

/** Sends a contact message, purchase request or notify-me to the instance's operator. */
export function sendContact(body: ContactMessage) {
  return unwrap(client.POST('/public/contact', { body }))
}
