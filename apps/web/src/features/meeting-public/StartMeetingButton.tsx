import VideocamRounded from '@mui/icons-material/VideocamRounded'
import { Button } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { client, unwrap } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'

/** The deal page's "Start a meeting": opens (or reopens) the deal's room and goes in through its lobby. */
export function StartMeetingButton({ dealId }: { dealId: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const [busy, setBusy] = useState(false)
  const start = async () => {
    setBusy(true)
    try {
      const link = await unwrap(client.POST('/deals/{id}/meeting', { params: { path: { id: dealId } } }))
      navigate(`/m/${link.publicId}`)
    } catch (error) {
      enqueueSnackbar(serverErrorText(t, error), { variant: 'error' })
      setBusy(false)
    }
  }
  return (
    <Button variant="contained" startIcon={<VideocamRounded />} onClick={start} disabled={busy}>
      {t('meeting.start')}
    </Button>
  )
}
