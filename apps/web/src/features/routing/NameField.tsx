import { TextField } from '@mui/material'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { fieldErrorText, isServerFieldError } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'

/**
 * A form's or an outcome's name, required. The shared schema's message for an empty one speaks of a title;
 * here it is a name, and says so.
 */
export function NameField<T extends FieldValues>({
  form,
  name,
  label,
  autoFocus,
}: {
  form: UseFormReturn<T, unknown, FieldValues>
  name: Path<T>
  label: string
  autoFocus?: boolean
}) {
  const { t } = useTranslation()
  const { error } = form.getFieldState(name, form.formState)
  const text = error && (!isServerFieldError(error) && error.type === 'too_small' ? t('validation.nameRequired') : fieldErrorText(t, error))
  return <TextField {...form.register(name)} label={label} required fullWidth autoFocus={autoFocus} error={!!error} helperText={text} />
}
