import { TextField, type TextFieldProps } from '@mui/material'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'

/** A text field bound to a react-hook-form form, with its validation message under it. */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  ...props
}: { form: UseFormReturn<T, unknown, FieldValues>; name: Path<T> } & TextFieldProps) {
  const error = form.formState.errors[name]
  return (
    <TextField
      {...props}
      {...form.register(name)}
      error={!!error}
      helperText={typeof error?.message === 'string' ? error.message : props.helperText}
    />
  )
}
