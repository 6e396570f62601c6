import { LOOK } from '@closeroom/shared'
import LinkRounded from '@mui/icons-material/LinkRounded'
import PhoneRounded from '@mui/icons-material/PhoneRounded'
import PlaceRounded from '@mui/icons-material/PlaceRounded'
import VideocamRounded from '@mui/icons-material/VideocamRounded'
import { AvatarGroup, Chip, Stack } from '@mui/material'
import { PersonAvatar } from '../../components/public/PersonAvatar'
import type { TFunction } from '../../locales/i18n'
import { useTranslation } from '../../locales/i18n'

export type LocationKind = 'meeting' | 'phone' | 'in_person' | 'link'

export const locationIcons = { meeting: VideocamRounded, phone: PhoneRounded, in_person: PlaceRounded, link: LinkRounded }

/** '30 min', '1 h', '1 h 30 min'. */
export function durationText(t: TFunction, minutes: number): string {
  if (minutes < 60) return t('bookingPublic.minutes', { count: minutes })
  const hours = t('bookingPublic.hours', { count: Math.floor(minutes / 60) })
  const rest = minutes % 60
  return rest ? t('bookingPublic.hoursMinutes', { hours, minutes: t('bookingPublic.minutes', { count: rest }) }) : hours
}

export function DurationChips({
  durations,
  selected,
  onSelect,
}: {
  durations: number[]
  selected?: number
  onSelect?(minutes: number): void
}) {
  const { t } = useTranslation()
  return (
    <Stack
      direction="row"
      role={onSelect ? 'group' : undefined}
      aria-label={onSelect ? t('bookingPublic.booker.duration') : undefined}
      sx={{ flexWrap: 'wrap', gap: 0.75 }}
    >
      {durations.map((minutes) =>
        onSelect ? (
          <Chip
            key={minutes}
            label={durationText(t, minutes)}
            clickable
            aria-pressed={minutes === selected}
            color={minutes === selected ? 'primary' : 'default'}
            variant={minutes === selected ? 'filled' : 'outlined'}
            onClick={() => onSelect(minutes)}
            sx={{ fontWeight: 600 }}
          />
        ) : (
          <Chip key={minutes} size="small" label={durationText(t, minutes)} sx={{ fontWeight: 600 }} />
        ),
      )}
    </Stack>
  )
}

export function LocationLabel({ kind }: { kind: LocationKind }) {
  const { t } = useTranslation()
  const Icon = locationIcons[kind]
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary', typography: 'body2' }}>
      <Icon fontSize="small" aria-hidden />
      <span>{t(`bookingPublic.location.${kind}`)}</span>
    </Stack>
  )
}

/** The hosts' faces: one, or at most four and +N for a team. */
export function HostAvatars({ hosts, size = 40 }: { hosts: { name: string; avatarUrl: string | null }[]; size?: number }) {
  if (hosts.length <= 1) return hosts[0] ? <PersonAvatar name={hosts[0].name} src={hosts[0].avatarUrl} size={size} /> : null
  return (
    <AvatarGroup
      max={LOOK.avatarGroupMax}
      sx={{ justifyContent: 'flex-end', '& .MuiAvatar-root': { width: size, height: size, fontSize: size * 0.4 } }}
    >
      {hosts.map((host) => (
        <PersonAvatar key={host.name} name={host.name} src={host.avatarUrl} size={size} />
      ))}
    </AvatarGroup>
  )
}
