import { can, ROLES, type Role, type UserDetail } from '@closeroom/shared'
import {
  Alert,
  Button,
  Card,
  Divider,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { type FormEvent, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { type AttributeRow, AttributesEditor, checkAttributes, rowsOf } from './AttributesEditor'
import { useUpdateUser, useUser } from './queries'
import { StatusChip } from './UserChips'

export default function EditUserPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const user = useUser(id)
  if (user.isError) return <Alert severity="error">{serverErrorText(t, user.error)}</Alert>
  if (!user.data) return <Skeleton variant="rounded" height={320} sx={{ maxWidth: 560 }} />
  return <EditUserForm user={user.data} />
}

function EditUserForm({ user }: { user: UserDetail }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const { user: me } = useAuthContext()
  const update = useUpdateUser(user.id)
  const [name, setName] = useState(user.name)
  const [role, setRole] = useState<Role>(user.role)
  const [active, setActive] = useState(user.status !== 'deactivated')
  const [attributes, setAttributes] = useState<AttributeRow[]>(() => rowsOf(user.attributes))
  const [attributeErrors, setAttributeErrors] = useState<{ key?: string; values?: string }[]>([])
  const self = me?.id === user.id
  const mayRoute = can(me, 'users.setAttributes', user)
  // Their current role, and those this person may give them.
  const roles = ROLES.filter((r) => r === user.role || can(me, 'users.setRole', user, r))

  async function save(event: FormEvent) {
    event.preventDefault()
    const checked = mayRoute ? checkAttributes(t, attributes) : null
    if (checked && 'errors' in checked) {
      setAttributeErrors(checked.errors)
      return
    }
    setAttributeErrors([])
    const routing = checked?.attributes
    await update.mutateAsync({
      ...(name.trim() !== user.name ? { name } : {}),
      ...(role !== user.role ? { role } : {}),
      ...(active !== (user.status !== 'deactivated') ? { active } : {}),
      ...(routing && JSON.stringify(routing) !== JSON.stringify(user.attributes) ? { attributes: routing } : {}),
    })
    enqueueSnackbar(t('people.saved'), { variant: 'success' })
    navigate('/users')
  }

  return (
    <>
      <PageHeader title={t('people.users.editTitle', { name: user.name })} action={<StatusChip status={user.status} />} />
      <Card sx={{ p: 3, maxWidth: mayRoute ? 720 : 560 }}>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>
          <bdi>{user.email}</bdi>
        </Typography>
        <FormError error={update.error} />
        <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void save(event).catch(() => undefined)}>
          <TextField label={t('fields.name')} value={name} onChange={(event) => setName(event.target.value)} />
          <TextField select label={t('people.role')} value={role} onChange={(event) => setRole(event.target.value as Role)} disabled={self}>
            {roles.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`people.roles.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <div>
            <FormControlLabel
              control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} disabled={self} />}
              label={t('people.users.active')}
            />
            <FormHelperText>{t('people.users.activeHelp')}</FormHelperText>
          </div>
          {mayRoute && (
            <>
              <Divider />
              <AttributesEditor rows={attributes} errors={attributeErrors} onChange={setAttributes} />
            </>
          )}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button component={Link} to="/users" color="inherit">
              {t('people.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={update.isPending}>
              {t('people.save')}
            </Button>
          </Stack>
        </Stack>
      </Card>
    </>
  )
}
