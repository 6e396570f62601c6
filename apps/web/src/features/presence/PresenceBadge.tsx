import { Badge, Box } from '@mui/material'
import type { ReactNode } from 'react'
import { visuallyHidden } from '../../components/visuallyHidden'
import { useTranslation } from '../../locales/i18n'
import type { PresenceState } from './presence'

const colours = { active: 'success.main', away: 'warning.main', offline: 'grey.500' } as const

/** A dot on an avatar's corner: green online, amber away, grey offline; screen readers hear the word. */
export function PresenceBadge({ state, children }: { state: PresenceState; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Badge
      overlap="circular"
      variant="dot"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      data-presence={state}
      slotProps={{
        badge: {
          sx: { bgcolor: colours[state], width: 12, height: 12, borderRadius: '50%', border: 2, borderColor: 'background.paper' },
        },
      }}
    >
      {children}
      <Box component="span" sx={visuallyHidden}>
        {t(`people.presence.${state}`)}
      </Box>
    </Badge>
  )
}
