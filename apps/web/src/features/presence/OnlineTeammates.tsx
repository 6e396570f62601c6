import { LOOK } from '@closeroom/shared'
import { Avatar, Stack, Tooltip, Typography } from '@mui/material'
import { avatarColours } from '../../components/PeopleAvatars'
import { useTranslation } from '../../locales/i18n'
import { PresenceBadge } from './PresenceBadge'
import { usePresence } from './presence'

type Teammate = { id: string; name: string; avatarUrl: string | null }

/** The teammates connected right now, at most LOOK.avatarGroupMax faces and "+N": who can answer in the chat. */
export function OnlineTeammates({ people }: { people: Teammate[] }) {
  const { t } = useTranslation()
  const presence = usePresence()
  const online = people.filter((person) => presence(person.id) !== 'offline')
  if (online.length === 0) return null
  const others = online.length - LOOK.avatarGroupMax
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} aria-label={t('people.presence.onlineNow')} role="group">
      <Typography variant="caption" sx={{ color: 'text.secondary' }} aria-hidden>
        {t('people.presence.onlineNow')}
      </Typography>
      {online.slice(0, LOOK.avatarGroupMax).map((person) => (
        <Tooltip key={person.id} title={person.name}>
          <span role="img" aria-label={`${person.name} (${t(`people.presence.${presence(person.id)}`)})`}>
            <PresenceBadge state={presence(person.id)}>
              <Avatar
                src={person.avatarUrl ?? undefined}
                alt=""
                sx={{ width: 28, height: 28, fontSize: 13, ...avatarColours(person.name) }}
              >
                {person.name.slice(0, 1).toUpperCase()}
              </Avatar>
            </PresenceBadge>
          </span>
        </Tooltip>
      ))}
      {others > 0 && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          +{others}
        </Typography>
      )}
    </Stack>
  )
}
