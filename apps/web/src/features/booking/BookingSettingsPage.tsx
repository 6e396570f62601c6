import { BOOKING_LIMITS, BookingSettings } from '@closeroom/shared'
import { Alert, Button, Card, Checkbox, FormControlLabel, Skeleton, Stack, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { Controller } from 'react-hook-form'
import { FormError } from '../../components/FormError'
import { serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { MinutesChipsField, NumberField } from './fields'
import { useBookingSettings, useSaveBookingSettings } from './queries'

/** /admin-settings/booking: the organization's defaults for new event types, and its reminders. */
export default function BookingSettingsPage() {
  const { t } = useTranslation()
  const settings = useBookingSettings()
  if (settings.isError) return <Alert severity="error">{serverErrorText(t, settings.error)}</Alert>
  if (!settings.data) return <Skeleton variant="rounded" height={420} sx={{ maxWidth: 720 }} />
  return <BookingSettingsForm settings={settings.data} />
}

function BookingSettingsForm({ settings }: { settings: BookingSettings }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const save = useSaveBookingSettings()
  const { form, serverError, submit } = useSchemaForm(BookingSettings, settings)
  const minutes = (max: number) => ({ min: 0, max })

  const onSubmit = submit(async (values) => {
    form.reset(await save.mutateAsync(values))
    enqueueSnackbar(t('calendarApp.settings.saved'), { variant: 'success' })
  })

  return (
    <Card sx={{ p: 3, maxWidth: 720 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('calendarApp.settings.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('calendarApp.settings.text')}
      </Typography>
      <FormError error={serverError} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <NumberField
            form={form}
            name="defaultDuration"
            label={t('calendarApp.settings.defaultDuration')}
            bounds={{ min: 5, max: BOOKING_LIMITS.maxDurationMinutes }}
            fullWidth
          />
          <NumberField
            form={form}
            name="windowDays"
            label={t('calendarApp.settings.windowDays')}
            bounds={{ min: 1, max: BOOKING_LIMITS.maxWindowDays }}
            fullWidth
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <NumberField
            form={form}
            name="bufferBefore"
            label={t('calendarApp.settings.bufferBefore')}
            bounds={minutes(BOOKING_LIMITS.maxBufferMinutes)}
            fullWidth
          />
          <NumberField
            form={form}
            name="bufferAfter"
            label={t('calendarApp.settings.bufferAfter')}
            bounds={minutes(BOOKING_LIMITS.maxBufferMinutes)}
            fullWidth
          />
          <NumberField
            form={form}
            name="minimumNotice"
            label={t('calendarApp.settings.minimumNotice')}
            bounds={minutes(BOOKING_LIMITS.maxNoticeMinutes)}
            fullWidth
          />
        </Stack>
        <MinutesChipsField
          control={form.control}
          name="reminderMinutes"
          label={t('calendarApp.settings.reminders')}
          helperText={t('calendarApp.settings.remindersHelp')}
          suggestions={[10080, 1440, 120, 60, 15]}
          bounds={{ min: 5, max: BOOKING_LIMITS.maxReminderMinutes }}
        />
        <Controller
          control={form.control}
          name="requiresConfirmation"
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={!!field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label={t('calendarApp.settings.requiresConfirmation')}
            />
          )}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('calendarApp.settings.save')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}
