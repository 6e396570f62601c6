import type { PublicSalesroom } from '@closeroom/shared'
import LockRounded from '@mui/icons-material/LockRounded'
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material'
import { type FormEvent, useState } from 'react'
import { PublicFrame } from '../../components/public/PublicFrame'
import { surface } from '../../components/public/surface'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { roomApi } from './api'

/**
 * A private room's door: the buyer's email (the server answers the same whether it is invited or not, so we
 * say "if"), then the 6-digit code from the email, which sets the room's pass cookie and opens the room.
 */
export function AccessGate({ publicId, onOpen }: { publicId: string; onOpen(room: PublicSalesroom): void }) {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const run = async (event: FormEvent, action: () => Promise<void>) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await action()
    } catch (caught) {
      setError(serverErrorText(t, caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <PublicFrame width="sm">
      <Box sx={{ ...surface, p: { xs: 3, md: 4 } }}>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
          <LockRounded sx={{ fontSize: 40, color: 'primary.main' }} aria-hidden />
          <Typography variant="h4" component="h1">
            {t('salesroom.room.privateTitle')}
          </Typography>
          {!sentTo && <Typography sx={{ color: 'text.secondary' }}>{t('salesroom.room.privateText')}</Typography>}
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {sentTo ? (
          <Stack
            component="form"
            spacing={2}
            noValidate
            onSubmit={(event) =>
              void run(event, async () => {
                onOpen(await roomApi.verify(publicId, sentTo, code.trim()))
              })
            }
          >
            <Alert severity="info" role="status">
              {t('salesroom.room.codeSent', { email: sentTo })}
            </Alert>
            <TextField
              label={t('salesroom.room.code')}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
              required
              autoFocus
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '\\d{6}', maxLength: 6 } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy || code.length !== 6}>
              {t('salesroom.room.verify')}
            </Button>
            <Button
              onClick={() => {
                setSentTo(null)
                setCode('')
                setError(null)
              }}
            >
              {t('salesroom.room.otherEmail')}
            </Button>
          </Stack>
        ) : (
          <Stack
            component="form"
            spacing={2}
            noValidate
            onSubmit={(event) =>
              void run(event, async () => {
                const address = email.trim()
                await roomApi.requestCode(publicId, address)
                setSentTo(address)
              })
            }
          >
            <TextField
              label={t('salesroom.room.email')}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
              autoFocus
              autoComplete="email"
            />
            <Button type="submit" variant="contained" size="large" disabled={busy || !email.includes('@')}>
              {t('salesroom.room.sendCode')}
            </Button>
          </Stack>
        )}
      </Box>
    </PublicFrame>
  )
}
