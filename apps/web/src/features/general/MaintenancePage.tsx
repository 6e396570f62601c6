import { HEALTH_CHECK_TIMEOUT_MS } from '@closeroom/shared'
import BuildCircleOutlined from '@mui/icons-material/BuildCircleOutlined'
import { Alert, Box, Button, Container, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { LanguagePicker } from '../../components/LanguagePicker'
import { Logo } from '../../components/Logo'
import { client, unwrap } from '../../lib/api'
import { useTranslation } from '../../locales/i18n'

/**
 * Shown while the instance is being updated. It stays plain (no links into the app, which may not answer
 * yet): one button asks the server whether it is back, and goes home when it is.
 */
export default function MaintenancePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [state, setState] = useState<'idle' | 'checking' | 'down'>('idle')

  async function retry() {
    setState('checking')
    try {
      await unwrap(client.GET('/health', { signal: AbortSignal.timeout(HEALTH_CHECK_TIMEOUT_MS) }))
      navigate('/')
    } catch {
      setState('down')
    }
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', p: { xs: 2, md: 3 } }}>
        <Logo />
        <LanguagePicker />
      </Stack>
      <Container component="main" maxWidth="sm" sx={{ flex: 1, display: 'grid', placeItems: 'center', textAlign: 'center', pb: 10 }}>
        <div>
          <BuildCircleOutlined sx={{ fontSize: 96, color: 'primary.main', mb: 2 }} />
          <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
            {t('general.maintenance.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 1 }}>{t('general.maintenance.text')}</Typography>
          <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('general.maintenance.data')}</Typography>
          {state === 'down' && (
            <Alert severity="warning" role="status" sx={{ mb: 3, textAlign: 'start' }}>
              {t('general.maintenance.stillDown')}
            </Alert>
          )}
          <Button size="large" variant="contained" onClick={retry} loading={state === 'checking'}>
            {t('general.maintenance.retry')}
          </Button>
        </div>
      </Container>
    </Box>
  )
}
