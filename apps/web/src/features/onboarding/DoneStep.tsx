import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined'
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined'
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined'
import { Box, Button, ButtonBase, Grid, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { useTranslation } from '../../locales/i18n'
import { useBookingProfile } from '../booking/queries'

/** Step 4: where to go next; finishing lands on the dashboard. */
export function DoneStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user } = useAuthContext()
  const profile = useBookingProfile()
  return (
    <Box>
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        {t('onboarding.done.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('onboarding.done.text', { email: user?.email ?? '' })}</Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        <Next
          icon={<EventAvailableOutlined />}
          title={t('onboarding.done.bookingPage')}
          text={profile.data ? `/u/${profile.data.handle}` : t('onboarding.done.bookingPageText')}
          href={profile.data ? `/u/${profile.data.handle}` : undefined}
        />
        <Next icon={<AddBoxOutlined />} title={t('onboarding.done.product')} text={t('onboarding.done.productText')} to="/products/new" />
        <Next icon={<ViewKanbanOutlined />} title={t('onboarding.done.pipeline')} text={t('onboarding.done.pipelineText')} to="/kanban" />
      </Grid>
      <Stack direction="row" sx={{ gap: 1.5, mt: 4, alignItems: 'center' }}>
        <Button color="inherit" onClick={onBack}>
          {t('onboarding.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" size="large" onClick={() => navigate('/', { replace: true })}>
          {t('onboarding.done.finish')}
        </Button>
      </Stack>
    </Box>
  )
}

/** A next step as a card: the booking page opens in a new tab (it is what buyers see), the rest in the app. */
function Next({ icon, title, text, to, href }: { icon: ReactNode; title: string; text: string; to?: string; href?: string }) {
  const link = href ? { component: 'a' as const, href, target: '_blank', rel: 'noopener' } : { component: Link, to: to ?? '/' }
  return (
    <Grid size={{ xs: 12, sm: 4 }} component="li" sx={{ display: 'flex' }}>
      <ButtonBase
        {...link}
        sx={(theme) => ({
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'flex-start',
          textAlign: 'start',
          gap: 1,
          p: 2.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          color: 'text.primary',
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        })}
      >
        <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
          {icon}
        </Box>
        <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-word' }} dir="auto">
          {text}
        </Typography>
      </ButtonBase>
    </Grid>
  )
}
