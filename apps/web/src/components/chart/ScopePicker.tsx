import { ListSubheader, MenuItem, TextField } from '@mui/material'
import { useTranslation } from '../../locales/i18n'

/** Whose figures a dashboard shows: the reader's, a member's, a team's or everyone's (admins only). */
export type Scope = { kind: 'me' } | { kind: 'everyone' } | { kind: 'member'; id: string } | { kind: 'team'; id: string }

export const scopeToParam = (scope: Scope): string =>
  scope.kind === 'me' || scope.kind === 'everyone' ? scope.kind : `${scope.kind}:${scope.id}`

/** The scope in the address (`scope=member:<id>`), else `fallback`. */
export function scopeFromParam(value: string | null, fallback: Scope): Scope {
  if (value === 'me' || value === 'everyone') return { kind: value }
  const [kind, id] = value?.split(':') ?? []
  if ((kind === 'member' || kind === 'team') && id) return { kind, id }
  return fallback
}

export function ScopePicker({
  value,
  onChange,
  members,
  teams,
}: {
  value: Scope
  onChange: (scope: Scope) => void
  members: { id: string; name: string }[]
  teams: { id: string; name: string }[]
}) {
  const { t } = useTranslation()
  return (
    <TextField
      select
      size="small"
      label={t('insights.kit.scope')}
      value={scopeToParam(value)}
      onChange={(event) => onChange(scopeFromParam(event.target.value, { kind: 'me' }))}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="me">{t('insights.kit.scopes.me')}</MenuItem>
      <MenuItem value="everyone">{t('insights.kit.scopes.everyone')}</MenuItem>
      {teams.length > 0 && <ListSubheader>{t('insights.kit.scopes.teams')}</ListSubheader>}
      {teams.map((team) => (
        <MenuItem key={team.id} value={`team:${team.id}`}>
          {team.name}
        </MenuItem>
      ))}
      {members.length > 0 && <ListSubheader>{t('insights.kit.scopes.members')}</ListSubheader>}
      {members.map((member) => (
        <MenuItem key={member.id} value={`member:${member.id}`}>
          {member.name}
        </MenuItem>
      ))}
    </TextField>
  )
}
