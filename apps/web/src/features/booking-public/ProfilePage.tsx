import type { PublicBooking, PublicEventType, PublicProfile } from '@closeroom/shared'
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded'
import EventBusyRounded from '@mui/icons-material/EventBusyRounded'
import { Alert, Box, ButtonBase, Stack, Typography } from '@mui/material'
import { lazy, Suspense, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { PersonAvatar } from '../../components/public/PersonAvatar'
import { PublicFrame } from '../../components/public/PublicFrame'
import { LoadFailed, Loading, NotFound } from '../../components/public/states'
import { surface } from '../../components/public/surface'
import { useRemote } from '../../components/public/useRemote'
import { useTranslation } from '../../locales/i18n'
import { bookingApi, bookingPaths } from './api'
import { DurationChips, HostAvatars, LocationLabel } from './bits'
import { withParams } from './prefill'

// The list of event types comes first; the booker, and later the confirmation, load when they are needed.
const EventTypeBooker = lazy(() => import('./EventTypeBooker'))
const BookingSummary = lazy(async () => ({ default: (await import('./BookingSummary')).BookingSummary }))

/** /u/:id — a seller's (or team's) booking page: who they are, what can be booked, and the booker. */
export default function ProfilePage() {
  const { id = '' } = useParams()
  const profile = useRemote(id, (signal) => bookingApi.profile(id, signal), bookingPaths.profile(id))
  const [params] = useSearchParams()
  const [booked, setBooked] = useState<PublicBooking | null>(null)

  if (profile.error?.code === 'not_found' || profile.error?.code === 'invalid') return <NotFound />
  if (profile.error) return <LoadFailed retry={profile.reload} />
  if (!profile.data) return <Loading />

  const slug = params.get('type')
  const eventType = slug ? profile.data.eventTypes.find((type) => type.slug === slug) : undefined

  if (booked)
    return (
      <PublicFrame width="sm">
        <Suspense fallback={<Loading inline />}>
          <BookingSummary booking={booked} />
        </Suspense>
      </PublicFrame>
    )
  if (eventType)
    return (
      <Suspense fallback={<Loading />}>
        <EventTypeBooker profile={profile.data} eventType={eventType} onBooked={setBooked} />
      </Suspense>
    )
  return <ProfileHome profile={profile.data} unknownType={!!slug} />
}

function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation()
  const team = profile.kind === 'team'
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', px: 3, pt: 5, pb: 3 }}>
      <PersonAvatar name={profile.name} src={profile.avatarUrl ?? profile.organization.logoUrl} size={72} />
      <div>
        <Typography variant="h4" component="h1">
          {profile.name}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>
          {team ? `${t('bookingPublic.profile.team')} · ${profile.organization.name}` : profile.organization.name}
        </Typography>
      </div>
      {team && profile.members.length > 0 && (
        <Box role="group" aria-label={t('bookingPublic.profile.members')}>
          <HostAvatars hosts={profile.members} size={32} />
        </Box>
      )}
    </Stack>
  )
}

function ProfileHome({ profile, unknownType }: { profile: PublicProfile; unknownType: boolean }) {
  const { t } = useTranslation()
  return (
    <PublicFrame width="sm">
      <Box sx={surface}>
        <ProfileHeader profile={profile} />
        {unknownType && (
          <Alert severity="info" sx={{ mx: 3, mb: 2 }}>
            <strong>{t('bookingPublic.profile.unknownTypeTitle')}</strong> — {t('bookingPublic.profile.unknownTypeText')}
          </Alert>
        )}
        {profile.eventTypes.length === 0 ? (
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', px: 3, pb: 6, pt: 2, borderTop: 1, borderColor: 'divider' }}>
            <EventBusyRounded sx={{ fontSize: 48, color: 'text.disabled', mt: 2 }} aria-hidden />
            <Typography variant="h6" component="h2">
              {t('bookingPublic.profile.emptyTitle')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', maxWidth: 360 }}>
              {t('bookingPublic.profile.emptyText', { name: profile.name })}
            </Typography>
          </Stack>
        ) : (
          <Box component="nav" aria-label={t('bookingPublic.profile.eventTypes')}>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {profile.eventTypes.map((type) => (
                <Box component="li" key={type.id} sx={{ borderTop: 1, borderColor: 'divider' }}>
                  <EventTypeRow eventType={type} />
                </Box>
              ))}
            </Box>
          </Box>
        )}
      </Box>
    </PublicFrame>
  )
}

function EventTypeRow({ eventType }: { eventType: PublicEventType }) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  return (
    <ButtonBase
      component={Link}
      to={withParams(params, { type: eventType.slug })}
      sx={(theme) => ({
        width: '100%',
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        textAlign: 'start',
        px: 3,
        py: 2.5,
        color: 'text.primary',
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
      })}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {eventType.title}
        </Typography>
        {eventType.description && (
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
              mt: 0.25,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {eventType.description}
          </Typography>
        )}
        <Stack direction="row" sx={{ mt: 1.25, alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
          <DurationChips durations={eventType.durations} />
          <LocationLabel kind={eventType.location.kind} />
          {eventType.requiresConfirmation && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('bookingPublic.profile.confirmation')}
            </Typography>
          )}
        </Stack>
      </Box>
      {eventType.hosts.length > 1 && <HostAvatars hosts={eventType.hosts} size={28} />}
      <ChevronRightRounded
        sx={{ color: 'text.secondary', transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
        aria-hidden
      />
    </ButtonBase>
  )
}
