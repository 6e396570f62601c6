import type { PublicBooking } from '@closeroom/shared'
import { Alert, Box, Button, TextField, Typography } from '@mui/material'
import { type FormEvent, useState } from 'react'
import { useParams } from 'react-router'
import { PublicFrame } from '../../components/public/PublicFrame'
import { LoadFailed, Loading, NotFound } from '../../components/public/states'
import { surface } from '../../components/public/surface'
import { useRemote } from '../../components/public/useRemote'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { bookingApi } from './api'
import { BookingDetails, BookingSummary } from './BookingSummary'
import { Unchangeable } from './ReschedulePage'

/** /e/:uid/cancel — the booking, an optional reason, and the cancelled state with a way to book again. */
export default function CancelPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const booking = useRemote(id, (signal) => bookingApi.booking(id, signal))
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  if (booking.error?.code === 'not_found' || booking.error?.code === 'invalid') return <NotFound />
  if (booking.error) return <LoadFailed retry={booking.reload} />
  if (!booking.data) return <Loading />
  const current: PublicBooking = booking.data

  if (current.status === 'cancelled' || current.status === 'declined')
    return (
      <PublicFrame width="sm">
        <BookingSummary booking={current} />
      </PublicFrame>
    )

  async function cancel(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      booking.set(await bookingApi.cancel(current.uid, { reason: reason.trim() || undefined }))
    } catch (failure) {
      setError(serverErrorText(t, failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <PublicFrame width="sm">
      <Box sx={{ ...surface, p: { xs: 3, sm: 5 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t('bookingPublic.cancel.title')}
        </Typography>
        <Box sx={{ borderTop: 1, borderBottom: 1, borderColor: 'divider', py: 1, mb: 3 }}>
          <BookingDetails booking={current} />
        </Box>
        {current.changeable ? (
          <Box component="form" noValidate onSubmit={cancel}>
            {error && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            <TextField
              label={t('bookingPublic.cancel.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={3}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <Button type="submit" variant="contained" color="error" size="large" loading={busy} sx={{ mt: 3 }}>
              {t('bookingPublic.cancel.confirm')}
            </Button>
          </Box>
        ) : (
          <Unchangeable booking={current} />
        )}
      </Box>
    </PublicFrame>
  )
}
