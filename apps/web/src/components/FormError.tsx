import { Alert } from '@mui/material'
import { serverErrorText } from '../lib/errorText'
import { useTranslation } from '../locales/i18n'

/** The server's message, shown above the form it answers. */
export function FormError({ message }: { message?: string | null }) {
  const { t } = useTranslation()
  if (!message) return null
  return (
    <Alert severity="error" role="alert" sx={{ mb: 3 }}>
      {serverErrorText(t, message)}
    </Alert>
  )
}
