import { Alert } from '@mui/material'

/** The server's message, shown above the form it answers. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null
  return (
    <Alert severity="error" role="alert" sx={{ mb: 3 }}>
      {message}
    </Alert>
  )
}
