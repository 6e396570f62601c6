import { TextField } from '@mui/material'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useTranslation } from '../../locales/i18n'

type Props = { open: boolean; senderName: string; onDecline(reason: string): Promise<void>; onClose(): void }

/** Declining stops the agreement for everyone: it asks for a reason, which the sender reads. */
export function DeclineDialog({ open, senderName, onDecline, onClose }: Props) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const empty = reason.trim() === ''

  const decline = async () => {
    setTried(true)
    if (empty) return
    setPending(true)
    setFailure(null)
    try {
      await onDecline(reason.trim())
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
      setPending(false)
    }
  }

  return (
    <ConfirmDialog
      open={open}
      color="error"
      title={t('signing.decline.title')}
      text={t('signing.decline.text', { name: senderName })}
      confirmLabel={t('signing.decline.confirm')}
      cancelLabel={t('signing.decline.cancel')}
      pending={pending}
      error={failure}
      onConfirm={() => void decline()}
      onClose={() => {
        if (pending) return
        setTried(false)
        setFailure(null)
        onClose()
      }}
    >
      <TextField
        label={t('signing.decline.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        multiline
        minRows={3}
        fullWidth
        autoFocus
        error={tried && empty}
        helperText={tried && empty ? t('signing.decline.reasonRequired') : undefined}
        slotProps={{ htmlInput: { dir: 'auto' }, formHelperText: { role: 'alert' } }}
      />
    </ConfirmDialog>
  )
}
