import { type FormEvent, useState } from 'react'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'

/**
 * The add and edit rows of the room's links and steps: the fields, busy while the server answers, its
 * message (translated) when it refuses, and the fields back to `initial` once it accepts.
 */
export function useInlineForm<T>(initial: T, onSubmit: (fields: T) => Promise<unknown>, tidy: (fields: T) => T) {
  const { t } = useTranslation()
  const [fields, setFields] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await onSubmit(tidy(fields))
      setFields(initial)
    } catch (caught) {
      setError(serverErrorText(t, caught))
    } finally {
      setBusy(false)
    }
  }
  return { fields, setFields, error, busy, submit }
}
