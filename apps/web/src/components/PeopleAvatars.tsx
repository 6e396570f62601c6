import { LOOK } from '@closeroom/shared'
import { Avatar, AvatarGroup, type AvatarGroupProps, Tooltip } from '@mui/material'
import { useTranslation } from '../locales/i18n'

/** `id` when two people may share a name. */
export type Person = { id?: string; name: string; avatarUrl?: string | null }

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')

const colours = ['primary', 'info', 'success', 'warning', 'error', 'secondary'] as const

/** The same person always gets the same colour, so a face is recognisable before its initials are read. */
export function avatarColours(name: string) {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  const colour = colours[hash % colours.length] ?? 'primary'
  return { bgcolor: `${colour}.main`, color: `${colour}.contrastText` }
}

/**
 * Several people's avatars, at most LOOK.avatarGroupMax of them, and "+N" for everyone else (its tooltip
 * names them). Each face says who it is on hover and to screen readers.
 */
export function PeopleAvatars({ people, size = 36, ...props }: { people: Person[]; size?: number } & Omit<AvatarGroupProps, 'children'>) {
  const { t } = useTranslation()
  const shown = people.slice(0, LOOK.avatarGroupMax)
  const others = people
    .slice(LOOK.avatarGroupMax)
    .map((person) => person.name)
    .join(', ')
  return (
    <AvatarGroup
      {...props}
      // MUI counts its "+N" circle inside `max`: one more than the faces shown, with `total`, gives exactly
      // avatarGroupMax faces and "+N" for the rest.
      max={LOOK.avatarGroupMax + 1}
      total={people.length}
      slotProps={{
        surplus: {
          sx: (theme) => ({
            bgcolor: theme.palette.mode === 'dark' ? theme.palette.grey[700] : theme.palette.grey[300],
            color: theme.palette.mode === 'dark' ? theme.palette.common.white : theme.palette.grey[800],
          }),
        },
      }}
      renderSurplus={(surplus) => (
        <Tooltip title={others}>
          <span
            role="img"
            aria-label={t('avatars.others', { names: others })}
            style={{ display: 'grid', placeItems: 'center', width: '100%', height: '100%' }}
          >
            +{surplus}
          </span>
        </Tooltip>
      )}
      sx={[
        {
          justifyContent: 'flex-end',
          '& .MuiAvatar-root': { width: size, height: size, fontSize: size * 0.4, fontWeight: 600 },
        },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    >
      {shown.map((person) => (
        <Tooltip key={person.id ?? person.name} title={person.name}>
          <Avatar role="img" aria-label={person.name} alt="" src={person.avatarUrl ?? undefined} sx={avatarColours(person.name)}>
            {initials(person.name)}
          </Avatar>
        </Tooltip>
      ))}
    </AvatarGroup>
  )
}
