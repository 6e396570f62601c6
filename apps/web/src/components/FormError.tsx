import { Alert } from '@mui/material'
import { serverErrorText } from '../lib/errorText'
import { useTranslation } from '../locales/i18n'

/**
 * What went wrong, above the form it answers: a refusal (`error`, translated by its code) or a text of ours
 * (`text`, translated already).
 */
export function FormError({ error, text }: { error?: unknown; text?: string | null }) {
  const { t } = useTranslation()
  const shown = text ?? (error ? serverErrorText(t, error) : null)
  if (!shown) return null
  return (
    <Alert severity="error" role="alert" sx={{ mb: 3 }}>
      {shown}
    </Alert>
  )
}
