import { CreateRoutingForm, ROUTING_LIMITS } from '@closeroom/shared'
import { Box, Button, Card, CardContent, CardHeader, FormControlLabel, Grid, Stack, Switch, TextField, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { type ReactNode, useEffect } from 'react'
import { Controller, type FieldError } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { isServerFieldError } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { bookingErrorText, NumberField } from '../booking/fields'
import { FieldsEditor } from './FieldsEditor'
import { NameField } from './NameField'
import { publicUrlOf, type Routing, useSaveRouting } from './queries'

/** Minutes before the routed owner hears of a buyer who did not book, when the switch is turned on. */
const DEFAULT_DELAY = 15

export function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} subheader={subtitle} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  )
}

/**
 * The Form tab, and /routings/new: the form's name, address, description, whether it is out, the no-booking
 * notice, and its questions. `onDirty` tells the page whether there is something unsaved.
 */
export function RoutingFormEditor({ routing, onDirty }: { routing?: Routing; onDirty(dirty: boolean): void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const save = useSaveRouting(routing?.id)
  const { form, serverError, submit } = useSchemaForm(CreateRoutingForm, {
    name: routing?.name ?? '',
    slug: routing?.slug,
    description: routing?.description ?? '',
    fields: routing?.fields ?? [{ identifier: 'email', label: t('routing.form.emailLabel'), type: 'email', required: true, options: [] }],
    noBookingDelay: routing ? routing.noBookingDelay : DEFAULT_DELAY,
    published: routing?.published ?? true,
  })
  const dirty = form.formState.isDirty
  useEffect(() => onDirty(dirty), [dirty, onDirty])
  // A tab switched away from leaves nothing unsaved behind.
  useEffect(() => () => onDirty(false), [onDirty])
  const slug = form.watch('slug')
  // The server's "address taken" is worded for booking pages; a form's address gets its own words.
  const slugErrorText = (error: FieldError | undefined) =>
    error && isServerFieldError(error) && error.message === 'slug_taken' ? t('routing.form.slugTaken') : bookingErrorText(t, error)
  const delay = form.watch('noBookingDelay')

  const onSubmit = submit(async (values) => {
    const saved = await save.mutateAsync(values)
    form.reset({ ...values, slug: saved.slug })
    onDirty(false)
    enqueueSnackbar(t('routing.form.saved'), { variant: 'success' })
    if (!routing) navigate(`/routings/${saved.id}?tab=outcomes`, { replace: true })
  })

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormError error={serverError} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            <Section title={t('routing.form.about')}>
              <Stack spacing={2.5}>
                <NameField form={form} name="name" label={t('routing.form.name')} autoFocus={!routing} />
                <TextField
                  {...form.register('slug', { setValueAs: (value: unknown) => (value === '' || value == null ? undefined : value) })}
                  label={t('routing.form.slug')}
                  fullWidth
                  error={!!form.formState.errors.slug}
                  helperText={
                    slugErrorText(form.formState.errors.slug) ??
                    (slug ? t('routing.form.slugPreview', { url: publicUrlOf(slug) }) : t('routing.form.slugFromName'))
                  }
                  slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
                />
                <FormTextField form={form} name="description" label={t('routing.form.description')} multiline minRows={2} fullWidth />
              </Stack>
            </Section>
            <Section title={t('routing.fields.title')} subtitle={t('routing.fields.subtitle')}>
              <FieldsEditor form={form} saved={routing?.fields.map((f) => f.identifier) ?? []} />
            </Section>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <Section title={t('routing.form.publishing')}>
              <Controller
                control={form.control}
                name="published"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={!!field.value} onChange={(_, checked) => field.onChange(checked)} />}
                    label={t('routing.form.published')}
                  />
                )}
              />
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                {t('routing.form.publishedHelp')}
              </Typography>
            </Section>
            <Section title={t('routing.form.noBooking')} subtitle={t('routing.form.noBookingHelp')}>
              <FormControlLabel
                control={
                  <Switch
                    checked={delay != null}
                    onChange={(_, checked) => form.setValue('noBookingDelay', checked ? DEFAULT_DELAY : null, { shouldDirty: true })}
                  />
                }
                label={t('routing.form.noBookingOn')}
              />
              {delay != null && (
                <Box sx={{ mt: 2 }}>
                  <NumberField
                    form={form}
                    name="noBookingDelay"
                    label={t('routing.form.noBookingDelay')}
                    bounds={{ min: 1, max: ROUTING_LIMITS.maxNoBookingDelay }}
                    nullable
                    fullWidth
                  />
                </Box>
              )}
            </Section>
          </Stack>
        </Grid>
      </Grid>
      {/* The questions make a long page: saving stays in reach at its foot. */}
      <Stack
        direction="row"
        sx={{ justifyContent: 'flex-end', position: 'sticky', bottom: 0, zIndex: 2, mt: 3, py: 2, bgcolor: 'background.default' }}
      >
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {routing ? t('routing.form.save') : t('routing.form.create')}
        </Button>
      </Stack>
    </form>
  )
}
