import type { ChatThread } from '@closeroom/shared'
import BadgeOutlined from '@mui/icons-material/BadgeOutlined'
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined'
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined'
import { Avatar } from '@mui/material'

const icons = { deal: HandshakeOutlined, client: BadgeOutlined, room: StorefrontOutlined }

/** A deal chat, a client thread or a room chat: its kind's icon where a conversation shows a face. */
export function ThreadAvatar({ kind, size = 40 }: { kind: ChatThread['kind']; size?: number }) {
  const Icon = icons[kind]
  return (
    <Avatar alt="" sx={{ width: size, height: size, bgcolor: 'action.selected', color: 'text.primary' }}>
      <Icon fontSize="small" />
    </Avatar>
  )
}
