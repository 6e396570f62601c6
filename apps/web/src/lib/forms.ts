import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { type DefaultValues, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { ApiError } from './api'
import { serverFieldError } from './errorText'

/**
 * A form validated by a shared zod schema, first on submit: validating on blur would make the card grow
 * under the pointer when someone clicks a link away from an empty field. A server error that names a field of the
 * form lands next to that field; any other is `serverError`, for FormError above the form.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  const [serverError, setServerError] = useState<unknown>(null)

  function submit(action: (values: z.output<S>) => Promise<unknown>) {
    return form.handleSubmit(async (values) => {
      setServerError(null)
      try {
        await action(values)
      } catch (error) {
        showServerError(form, error, setServerError)
      }
    })
  }

  return { form, serverError, submit }
}

function showServerError<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  error: unknown,
  setServerError: (error: unknown) => void,
) {
  // A path into a list (fields.2.identifier) lands on that item's input: its first step is the form's field.
  if (error instanceof ApiError && error.field && (error.field.split('.')[0] ?? '') in form.getValues()) {
    form.setError(error.field as Path<T>, serverFieldError(error))
    return
  }
  setServerError(error)
}
