import { Box, Card, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslation } from '../locales/i18n'
import { LanguagePicker } from './LanguagePicker'
import { Logo } from './Logo'

/** The frame of every sign-in page: the product's promise on one side, the form on the other. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? theme.palette.background.default : theme.palette.grey[100]),
      }}
    >
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'center',
          width: 480,
          px: 6,
          bgcolor: 'primary.darker',
          color: 'common.white',
        }}
      >
        <Typography variant="h3" component="p" sx={{ mb: 2 }}>
          {t('app.heroTitle')}
        </Typography>
        <Typography sx={{ opacity: 0.8, fontSize: 18 }}>{t('app.heroText')}</Typography>
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', p: { xs: 2, md: 3 } }}>
          <Logo />
          <LanguagePicker />
        </Stack>
        <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, pb: 6 }}>
          <Card sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 5 } }}>
            <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography component="div" sx={{ color: 'text.secondary', mb: 3 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </Card>
        </Box>
      </Box>
    </Box>
  )
}
