import { Box, Button, Container, Typography } from '@mui/material'
import { Link } from 'react-router'
import { Logo } from '../../components/Logo'
import { useTranslation } from '../../locales/i18n'

/** An error's page: its code, what happened, and a way on (home, or `retry`: an address to load again). */
export function ErrorPage({ code, title, text, retry }: { code: string; title: string; text: string; retry?: string }) {
  const { t } = useTranslation()
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ p: 3 }}>
        <Logo />
      </Box>
      <Container component="main" maxWidth="sm" sx={{ flex: 1, display: 'grid', placeItems: 'center', textAlign: 'center', pb: 10 }}>
        <div>
          <Typography sx={{ fontSize: 96, fontWeight: 800, color: 'primary.main', lineHeight: 1 }} aria-hidden>
            {code}
          </Typography>
          <Typography variant="h4" component="h1" sx={{ mt: 2, mb: 1 }}>
            {title}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 4 }}>{text}</Typography>
          {retry ? (
            <Button size="large" variant="contained" onClick={() => window.location.assign(retry)}>
              {t('errors.retry')}
            </Button>
          ) : (
            <Button size="large" variant="contained" component={Link} to="/">
              {t('errors.home')}
            </Button>
          )}
        </div>
      </Container>
    </Box>
  )
}
