import { LANGUAGES, type Language, type User, UserSettings } from '@closeroom/shared'
import { Avatar, Button, Card, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { Controller } from 'react-hook-form'
import { Link } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { FormPhoneField } from '../../components/phone/FormPhoneField'
import { useSchemaForm } from '../../lib/forms'
import { httpsImage } from '../../lib/images'
import { changeLanguage, languageLabels, useTranslation } from '../../locales/i18n'
import { TimeZoneField } from './TimeZoneField'

const valuesOf = (user: User) => ({
  name: user.name,
  phone: user.phone ?? '',
  timeZone: user.timeZone,
  locale: user.locale,
  avatarUrl: user.avatarUrl ?? '',
})

/** /settings/general: how teammates and buyers see you, and the language and time zone you work in. */
export default function ProfileSettings() {
  const { user } = useAuthContext()
  if (!user) return null
  return <ProfileForm user={user} />
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const { updateSettings } = useAuthContext()
  const { form, serverError, submit } = useSchemaForm(UserSettings, valuesOf(user))
  const avatarUrl = form.watch('avatarUrl')

  const save = submit(async (values) => {
    const saved = await updateSettings(values)
    form.reset(valuesOf(saved))
    // The language chosen for one's account is the one the app speaks.
    if (saved.locale !== user.locale) await changeLanguage(saved.locale)
    enqueueSnackbar(t('settingsPages.saved'), { variant: 'success' })
  })

  return (
    <Card sx={{ p: 3, maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar src={httpsImage(avatarUrl)} alt="" sx={{ width: 64, height: 64, fontSize: 28 }}>
          {user.name.charAt(0).toUpperCase()}
        </Avatar>
        <div>
          <Typography variant="h6" component="h2">
            {t('settingsPages.profile.title')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ color: 'text.secondary' }}>
              <bdi>{user.email}</bdi>
            </Typography>
            {user.emailVerified ? (
              <Chip size="small" color="success" variant="outlined" label={t('settingsPages.profile.verified')} />
            ) : (
              <Chip
                size="small"
                color="warning"
                clickable
                component={Link}
                to={`/auth/verify?email=${encodeURIComponent(user.email)}`}
                label={t('settingsPages.profile.verify')}
              />
            )}
          </Stack>
        </div>
      </Stack>
      <FormError error={serverError} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={save}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <FormTextField form={form} name="name" label={t('fields.name')} autoComplete="name" fullWidth />
          <FormPhoneField
            form={form}
            name="phone"
            label={t('settingsPages.profile.phone')}
            helperText={t('settingsPages.profile.phoneHelp')}
            fullWidth
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <TimeZoneField control={form.control} name="timeZone" label={t('settingsPages.profile.timeZone')} />
          <Controller
            control={form.control}
            name="locale"
            render={({ field }) => (
              <TextField
                select
                fullWidth
                label={t('fields.language')}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value as Language)}
                helperText={t('settingsPages.profile.languageHelp')}
              >
                {LANGUAGES.map((language) => (
                  <MenuItem key={language} value={language} lang={language}>
                    {languageLabels[language]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
        <FormTextField
          form={form}
          name="avatarUrl"
          label={t('settingsPages.profile.avatarUrl')}
          helperText={t('settingsPages.profile.avatarUrlHelp')}
          inputMode="url"
          fullWidth
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('settingsPages.save')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}
