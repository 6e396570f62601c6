import type { Team, User } from '@closeroom/shared'
import { Alert, Autocomplete, Avatar, Button, Card, Chip, Skeleton, Stack, TextField } from '@mui/material'
import { useSnackbar } from 'notistack'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { FormError } from '../../components/FormError'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { useUsers } from '../users/queries'
import { useDeleteTeam, useSaveTeam, useTeam } from './queries'

/** /teams/new and /teams/:id/edit */
export default function TeamFormPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const team = useTeam(id)
  const users = useUsers()
  if (team.isError) return <Alert severity="error">{serverErrorText(t, team.error)}</Alert>
  if ((id && !team.data) || !users.data) return <Skeleton variant="rounded" height={280} sx={{ maxWidth: 560 }} />
  return <TeamForm team={team.data} users={users.data.filter((u) => u.status !== 'deactivated')} />
}

function TeamForm({ team, users }: { team?: Team; users: User[] }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const save = useSaveTeam(team?.id)
  const remove = useDeleteTeam(team?.id ?? '')
  const [name, setName] = useState(team?.name ?? '')
  const [members, setMembers] = useState<User[]>(() => users.filter((u) => team?.members.some((m) => m.id === u.id)))
  const [nameMissing, setNameMissing] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!name.trim()) return setNameMissing(true)
    await save.mutateAsync({ name, memberIds: members.map((m) => m.id) })
    enqueueSnackbar(t('people.saved'), { variant: 'success' })
    navigate('/teams')
  }

  async function destroy() {
    if (!team || !window.confirm(t('people.teams.deleteConfirm', { name: team.name }))) return
    await remove.mutateAsync()
    enqueueSnackbar(t('people.teams.deleted'), { variant: 'success' })
    navigate('/teams')
  }

  return (
    <>
      <PageHeader title={team ? t('people.teams.editTitle') : t('people.teams.createTitle')} />
      <Card sx={{ p: 3, maxWidth: 560 }}>
        <FormError error={save.error ?? remove.error} />
        <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event).catch(() => undefined)}>
          <TextField
            label={t('people.teams.name')}
            value={name}
            autoFocus
            required
            onChange={(event) => {
              setName(event.target.value)
              setNameMissing(false)
            }}
            error={nameMissing}
          />
          <Autocomplete
            multiple
            options={users}
            value={members}
            onChange={(_, value) => setMembers(value)}
            getOptionLabel={(user) => user.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderValue={(value, getItemProps) =>
              value.map((user, index) => {
                const { key, ...props } = getItemProps({ index })
                return <Chip key={key} {...props} label={user.name} avatar={<Avatar>{user.name.slice(0, 1)}</Avatar>} />
              })
            }
            renderInput={(params) => <TextField {...params} label={t('people.teams.members')} />}
          />
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            {team && (
              <Button color="error" onClick={() => void destroy().catch(() => undefined)} loading={remove.isPending}>
                {t('people.teams.delete')}
              </Button>
            )}
            <Stack direction="row" spacing={1.5} sx={{ flex: 1, justifyContent: 'flex-end' }}>
              <Button component={Link} to="/teams" color="inherit">
                {t('people.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={save.isPending}>
                {t('people.save')}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      </Card>
    </>
  )
}
