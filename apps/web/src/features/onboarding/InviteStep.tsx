import { Email } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded'
import { Button, Stack, TextField, Typography } from '@mui/material'
import { useState } from 'react'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { useInviteUser } from '../users/queries'
import { StepActions } from './StepActions'

const MAX_ROWS = 10
type Row = { email: string; error?: string }

/** Step 3, optional: teammates invited by email, as members; each gets the invitation email. */
export function InviteStep({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation()
  const invite = useInviteUser()
  const [rows, setRows] = useState<Row[]>([{ email: '' }, { email: '' }])
  const [invited, setInvited] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const filled = rows.filter((r) => r.email.trim())

  const send = async (event: React.FormEvent) => {
    event.preventDefault()
    if (filled.length === 0) return onDone()
    setBusy(true)
    const left: Row[] = []
    const sent: string[] = []
    for (const row of filled) {
      const parsed = Email.safeParse(row.email)
      if (!parsed.success) {
        left.push({ ...row, error: t('validation.email') })
        continue
      }
      try {
        await invite.mutateAsync({ email: parsed.data, role: 'member' })
        sent.push(parsed.data)
      } catch (error) {
        left.push({ ...row, error: serverErrorText(t, error) })
      }
    }
    setBusy(false)
    setInvited((before) => [...before, ...sent])
    // What could not be sent stays, with the reason under it; all sent, the step is done.
    if (left.length === 0) return onDone()
    setRows(left)
  }

  return (
    <form noValidate onSubmit={(event) => void send(event)}>
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        {t('onboarding.team.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('onboarding.team.text')}</Typography>
      {invited.length > 0 && (
        <Stack direction="row" spacing={1} role="status" sx={{ mb: 2, alignItems: 'center', color: 'success.dark' }}>
          <CheckCircleRounded fontSize="small" aria-hidden />
          <Typography variant="body2">{t('onboarding.team.invited', { emails: invited.join(', ') })}</Typography>
        </Stack>
      )}
      <Stack spacing={2}>
        {rows.map((row, index) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is the place an address is typed; it has no identity of its own.
            key={index}
            type="email"
            label={t('onboarding.team.email', { number: index + 1 })}
            value={row.email}
            onChange={(event) => setRows(rows.map((r, i) => (i === index ? { email: event.target.value } : r)))}
            error={!!row.error}
            helperText={row.error}
            autoComplete="off"
            autoFocus={index === 0}
            fullWidth
          />
        ))}
      </Stack>
      {rows.length < MAX_ROWS && (
        <Button startIcon={<AddRounded />} onClick={() => setRows([...rows, { email: '' }])} sx={{ mt: 1.5 }}>
          {t('onboarding.team.addRow')}
        </Button>
      )}
      <StepActions
        onBack={onBack}
        onSkip={filled.length > 0 ? onDone : undefined}
        submitLabel={filled.length > 0 ? t('onboarding.team.send', { count: filled.length }) : t('onboarding.team.later')}
        busy={busy}
      />
    </form>
  )
}
