import { Email, MAIL_LIMITS, type MailThread } from '@closeroom/shared'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useId, useState } from 'react'
import { FormError } from '../../components/FormError'
import { useTranslation } from '../../locales/i18n'
import { useSendMail } from './queries'

type Reply = { threadId: string; to: string; subject: string }
type Problems = { to?: string; subject?: string; text?: string }

/**
 * Writes an email from the member's own mailbox: a new one (recipients, subject, message), or with `reply` an
 * answer in a thread, whose recipient, subject and threading headers the server takes from the thread.
 */
export function ComposeDialog({
  open,
  onClose,
  reply,
  onSent,
}: {
  open: boolean
  onClose: () => void
  reply?: Reply
  onSent?: (thread: MailThread) => void
}) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const titleId = useId()
  const send = useSendMail()
  const [to, setTo] = useState('')
  const [subject, setSubject] = useState('')
  const [text, setText] = useState('')
  const [problems, setProblems] = useState<Problems>({})

  function close() {
    setProblems({})
    send.reset()
    onClose()
  }

  function check(): { to: string[]; problems: Problems } {
    const found: Problems = {}
    const addresses = to
      .split(/[,;\s]+/)
      .map((a) => a.trim())
      .filter(Boolean)
    if (!reply) {
      if (addresses.length === 0) found.to = t('mail.dialog.toRequired')
      const wrong = addresses.find((a) => !Email.safeParse(a).success)
      if (wrong) found.to = t('mail.dialog.toInvalid', { address: wrong })
      if (!subject.trim()) found.subject = t('mail.dialog.subjectRequired')
    }
    if (!text.trim()) found.text = t('mail.dialog.textRequired')
    else if (text.trim().length > MAIL_LIMITS.maxBody) found.text = t('mail.dialog.textTooLong')
    return { to: addresses, problems: found }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const checked = check()
    setProblems(checked.problems)
    if (Object.keys(checked.problems).length > 0) return
    try {
      const thread = await send.mutateAsync(reply ? { threadId: reply.threadId, text } : { to: checked.to, subject, text })
      enqueueSnackbar(t('mail.dialog.sent'), { variant: 'success' })
      setTo('')
      setSubject('')
      setText('')
      close()
      onSent?.(thread)
    } catch {
      // The refusal shows above the form (send.error).
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{reply ? t('mail.dialog.replyTitle', { to: reply.to }) : t('mail.dialog.composeTitle')}</DialogTitle>
        <DialogContent>
          <FormError error={send.error} />
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {!reply && (
              <>
                <TextField
                  label={t('mail.dialog.to')}
                  value={to}
                  onChange={(e) => {
                    setTo(e.target.value)
                    setProblems((p) => ({ ...p, to: undefined }))
                  }}
                  error={!!problems.to}
                  helperText={problems.to ?? t('mail.dialog.toHelp')}
                  inputMode="email"
                  autoFocus
                  slotProps={{ htmlInput: { dir: 'ltr' } }}
                />
                <TextField
                  label={t('mail.dialog.subject')}
                  value={subject}
                  onChange={(e) => {
                    setSubject(e.target.value)
                    setProblems((p) => ({ ...p, subject: undefined }))
                  }}
                  error={!!problems.subject}
                  helperText={problems.subject}
                  slotProps={{ htmlInput: { maxLength: MAIL_LIMITS.maxSubject, dir: 'auto' } }}
                />
              </>
            )}
            <TextField
              label={t('mail.dialog.text')}
              value={text}
              onChange={(e) => {
                setText(e.target.value)
                setProblems((p) => ({ ...p, text: undefined }))
              }}
              error={!!problems.text}
              helperText={problems.text}
              multiline
              minRows={6}
              autoFocus={!!reply}
              slotProps={{ htmlInput: { dir: 'auto' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={close}>
            {t('mail.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={send.isPending}>
            {t('mail.dialog.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
