import { type Organization, UpdateOrganization } from '@closeroom/shared'
import { Alert, Avatar, Button, Card, Skeleton, Stack, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { httpsImage } from '../../lib/images'
import { formatDate } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { ExportCard } from '../exports/ExportCard'
import { useOrganization, useUpdateOrganization } from './queries'
import { TimeZoneField } from './TimeZoneField'

const valuesOf = (organization: Organization) => ({
  name: organization.name,
  website: organization.website ?? '',
  logoUrl: organization.logoUrl ?? '',
  timeZone: organization.timeZone,
})

/** /admin-settings/account: the organization's name, links and time zone, as buyers and members see them. */
export default function OrganizationSettings() {
  const { t } = useTranslation()
  const organization = useOrganization()
  if (organization.isError) return <Alert severity="error">{serverErrorText(t, organization.error)}</Alert>
  if (!organization.data) return <Skeleton variant="rounded" height={360} sx={{ maxWidth: 720 }} />
  return (
    <>
      <OrganizationForm organization={organization.data} />
      <ExportCard />
    </>
  )
}

function OrganizationForm({ organization }: { organization: Organization }) {
  const { t, i18n } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const update = useUpdateOrganization()
  const { form, serverError, submit } = useSchemaForm(UpdateOrganization, valuesOf(organization))
  const logoUrl = form.watch('logoUrl')

  const save = submit(async (values) => {
    const saved = await update.mutateAsync(values)
    form.reset(valuesOf(saved))
    enqueueSnackbar(t('settingsPages.saved'), { variant: 'success' })
  })

  return (
    <Card sx={{ p: 3, maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar variant="rounded" src={httpsImage(logoUrl)} alt="" sx={{ width: 64, height: 64, fontSize: 28 }}>
          {organization.name.charAt(0).toUpperCase()}
        </Avatar>
        <div>
          <Typography variant="h6" component="h2">
            {t('settingsPages.organization.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            {t('settingsPages.organization.since', { date: formatDate(organization.createdAt, i18n.language) })}
          </Typography>
        </div>
      </Stack>
      <FormError error={serverError} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={save}>
        <FormTextField form={form} name="name" label={t('settingsPages.organization.name')} autoComplete="organization" />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <FormTextField form={form} name="website" label={t('settingsPages.organization.website')} inputMode="url" fullWidth />
          <FormTextField form={form} name="logoUrl" label={t('settingsPages.organization.logoUrl')} inputMode="url" fullWidth />
        </Stack>
        <TimeZoneField control={form.control} name="timeZone" label={t('settingsPages.organization.timeZone')} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('settingsPages.organization.timeZoneHelp')}
        </Typography>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('settingsPages.save')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}
