import { OrganizationName, PersonName, TimeZone } from '@closeroom/shared'
import { Alert, Skeleton, Stack, Typography } from '@mui/material'
import { useEffect } from 'react'
import { z } from 'zod'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { useOrganization, useUpdateOrganization } from '../settings/queries'
import { TimeZoneField } from '../settings/TimeZoneField'
import { StepActions } from './StepActions'
import { browserTimeZone, isSignupOrganizationName, suggestedName } from './suggest'

const Values = z.object({ organizationName: OrganizationName, name: PersonName, timeZone: TimeZone })

/** Step 1: what the organization is called, what the owner is called, and the zone they work in. */
export function OrganizationStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const organization = useOrganization()
  if (organization.isError) return <Alert severity="error">{serverErrorText(t, organization.error)}</Alert>
  if (!organization.data) return <Skeleton variant="rounded" height={280} />
  return <OrganizationForm organizationName={organization.data.name} onDone={onDone} />
}

function OrganizationForm({ organizationName, onDone }: { organizationName: string; onDone: () => void }) {
  const { t } = useTranslation()
  const { user, updateSettings } = useAuthContext()
  const updateOrganization = useUpdateOrganization()
  const email = user?.email ?? ''
  const name = user ? suggestedName(user) : ''
  // Until the owner names the organization, its name follows theirs, in their language.
  const following = isSignupOrganizationName(organizationName, email)
  const defaultName = (person: string) => t('onboarding.organization.defaultName', { name: person || email })
  const { form, serverError, submit } = useSchemaForm(Values, {
    organizationName: following ? defaultName(name) : organizationName,
    name,
    timeZone: user?.timeZone && user.timeZone !== 'UTC' ? user.timeZone : browserTimeZone(),
  })
  const typedName = form.watch('name')
  const organizationTouched = form.formState.dirtyFields.organizationName
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the typed name only; `defaultName` is a new function each render.
  useEffect(() => {
    if (following && !organizationTouched) form.setValue('organizationName', defaultName(typedName.trim()))
  }, [typedName, following, organizationTouched])

  const save = submit(async (values) => {
    await updateOrganization.mutateAsync({ name: values.organizationName, timeZone: values.timeZone })
    await updateSettings({ name: values.name, timeZone: values.timeZone })
    onDone()
  })

  return (
    <form noValidate onSubmit={save}>
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        {t('onboarding.organization.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('onboarding.organization.text')}</Typography>
      <FormError error={serverError} />
      <Stack spacing={2.5}>
        <FormTextField form={form} name="name" label={t('onboarding.organization.yourName')} autoComplete="name" autoFocus fullWidth />
        <FormTextField
          form={form}
          name="organizationName"
          label={t('onboarding.organization.name')}
          helperText={t('onboarding.organization.nameHelp')}
          autoComplete="organization"
          fullWidth
        />
        <TimeZoneField control={form.control} name="timeZone" label={t('onboarding.organization.timeZone')} />
      </Stack>
      <StepActions onSkip={onDone} submitLabel={t('onboarding.saveContinue')} busy={form.formState.isSubmitting} />
    </form>
  )
}
