import { Avatar } from '@mui/material'

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('')

export function PersonAvatar({ name, src, size = 40 }: { name: string; src: string | null; size?: number }) {
  return (
    <Avatar
      src={src ?? undefined}
      alt={name}
      sx={{ width: size, height: size, fontSize: size * 0.4, fontWeight: 700, bgcolor: 'primary.dark', color: 'common.white' }}
    >
      {initials(name)}
    </Avatar>
  )
}
