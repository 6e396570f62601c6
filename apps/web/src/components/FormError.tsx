import { Alert } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { serverErrorText } from '../lib/errorText'

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
