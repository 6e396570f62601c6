import { TextField, type TextFieldProps } from '@mui/material'
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { fieldErrorText } from '../lib/errorText'
import { useTranslation } from '../locales/i18n'

/** A text field bound to a react-hook-form form, with its validation message, translated, under it. */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  ...props
}: { form: UseFormReturn<T, unknown, FieldValues>; name: Path<T> } & TextFieldProps) {
  const { t } = useTranslation()
  const error = form.formState.errors[name] as FieldError | undefined
  return <TextField {...props} {...form.register(name)} error={!!error} helperText={fieldErrorText(t, error) ?? props.helperText} />
}
