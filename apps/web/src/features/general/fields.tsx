import type { ContactMessage } from '@closeroom/shared'
import { TextField, type TextFieldProps } from '@mui/material'
import type { FieldError, FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form'
import { client, unwrap } from '../../lib/api'
import { fieldErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'

/** A text field bound to a form, whose error message is translated. */
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
      helperText={fieldErrorText(t, error) ?? props.helperText}
    />
  )
}

/** Sends a contact message, purchase request or notify-me to the instance's operator. */
export function sendContact(body: ContactMessage) {
  return unwrap(client.POST('/public/contact', { body }))
}
