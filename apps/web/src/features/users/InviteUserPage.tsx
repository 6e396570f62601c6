import { can, InviteUser, ROLES } from '@closeroom/shared'
import { Button, Card, MenuItem, Stack, TextField, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { Controller } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { PageHeader } from '../../components/PageHeader'
import { fieldErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { useInviteUser } from './queries'

export default function InviteUserPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const { user: me } = useAuthContext()
  const invite = useInviteUser()
  const { form, serverError, submit } = useSchemaForm(InviteUser, { email: '', name: undefined, role: 'member' })
  const { errors, isSubmitting } = form.formState
  const roles = ROLES.filter((role) => can(me, 'users.invite', role))

  const send = submit(async (values) => {
    const user = await invite.mutateAsync(values)
    enqueueSnackbar(t('people.users.invited', { email: user.email }), { variant: 'success' })
    navigate('/users')
  })

  return (
    <>
      <PageHeader title={t('people.users.inviteTitle')} />
      <Card sx={{ p: 3, maxWidth: 560 }}>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('people.users.inviteText')}</Typography>
        <FormError error={serverError} />
        <Stack component="form" noValidate spacing={2.5} onSubmit={send}>
          <FormTextField form={form} name="email" label={t('fields.email')} type="email" autoFocus />
          <TextField
            label={t('fields.name')}
            {...form.register('name', { setValueAs: (value: string) => value || undefined })}
            error={!!errors.name}
            helperText={fieldErrorText(t, errors.name)}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <TextField select label={t('people.role')} {...field} value={field.value ?? 'member'}>
                {roles.map((role) => (
                  <MenuItem key={role} value={role}>
                    {t(`people.roles.${role}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button component={Link} to="/users" color="inherit">
              {t('people.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              {t('people.users.inviteSubmit')}
            </Button>
          </Stack>
        </Stack>
      </Card>
    </>
  )
}
