import { Box, Container, Stack, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { LanguagePicker } from '../../components/LanguagePicker'
import { Logo } from '../../components/Logo'

/** A public address whose page (sales room, booking page, meeting…) is not published. */
export default function PublicEmptyPage() {
  const { t } = useTranslation()
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', p: 3 }}>
        <Logo />
        <LanguagePicker />
      </Stack>
      <Container component="main" maxWidth="sm" sx={{ flex: 1, display: 'grid', placeItems: 'center', textAlign: 'center', pb: 10 }}>
        <div>
          <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
            {t('empty.public.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{t('empty.public.text')}</Typography>
        </div>
      </Container>
    </Box>
  )
}
