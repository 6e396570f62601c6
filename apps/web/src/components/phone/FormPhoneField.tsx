import { type FieldError, type FieldValues, type Path, type PathValue, type UseFormReturn, useController } from 'react-hook-form'
import { fieldErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { PhoneInput, type PhoneInputProps } from './PhoneInput'

/**
 * A phone field bound to a react-hook-form form, like FormTextField: it holds E.164 ('+33612345678' or ''),
 * and the shared `phone` rule's message shows under it, translated.
 */
export function FormPhoneField<T extends FieldValues>({
  form,
  name,
  ...props
}: { form: UseFormReturn<T, unknown, FieldValues>; name: Path<T> } & Omit<PhoneInputProps, 'value' | 'onChange' | 'name'>) {
  const { t } = useTranslation()
  const { field, fieldState } = useController({ control: form.control, name })
  const error = fieldState.error as FieldError | undefined
  return (
    <PhoneInput
      {...props}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(value) => field.onChange(value as PathValue<T, Path<T>>)}
      onBlur={(event) => {
        field.onBlur()
        props.onBlur?.(event)
      }}
      inputRef={field.ref}
      disabled={props.disabled ?? field.disabled}
      error={!!error}
      helperText={fieldErrorText(t, error) ?? props.helperText}
    />
  )
}
