import { type BookingProfile, UpdateBookingProfile } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded'
import { Alert, Box, Button, Card, Chip, InputAdornment, Skeleton, Stack, Tab, Tabs, TextField, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { useAuthContext } from '../../app/AuthProvider'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { FormError } from '../../components/FormError'
import { ApiError } from '../../lib/api'
import { serverErrorText, serverFieldError } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { bookingErrorText, useCopy } from './fields'
import { useBookingProfile, useCreateSchedule, useRotateFeed, useSchedules, useUpdateBookingProfile } from './queries'
import { ScheduleEditor } from './ScheduleEditor'

/** /settings/calendar: the booking page address, the calendar feed and the availability schedules. */
export default function CalendarSettingsPage() {
  const { t } = useTranslation()
  const profile = useBookingProfile()
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      {profile.isError && <Alert severity="error">{serverErrorText(t, profile.error)}</Alert>}
      {profile.isPending && <Skeleton variant="rounded" height={200} />}
      {profile.data && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <HandleCard profile={profile.data} />
          <FeedCard profile={profile.data} />
        </Stack>
      )}
      <Schedules />
    </Stack>
  )
}

function HandleCard({ profile }: { profile: BookingProfile }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const copy = useCopy()
  const update = useUpdateBookingProfile()
  const { form, serverError, submit } = useSchemaForm(UpdateBookingProfile, { handle: profile.handle })
  const prefix = profile.url.slice(0, profile.url.length - profile.handle.length)
  const onSubmit = submit(async (values) => {
    try {
      const saved = await update.mutateAsync(values)
      form.reset({ handle: saved.handle })
      enqueueSnackbar(t('calendarApp.profile.saved'), { variant: 'success' })
    } catch (error) {
      // A taken address belongs under the field it is about.
      if (error instanceof ApiError && error.code === 'handle_taken') form.setError('handle', serverFieldError(error))
      else throw error
    }
  })
  const error = form.formState.errors.handle
  return (
    <Card component="section" sx={{ p: 3, flex: 1 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('calendarApp.profile.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
        {t('calendarApp.profile.text')}
      </Typography>
      <FormError error={serverError} />
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
        <TextField
          {...form.register('handle')}
          label={t('calendarApp.profile.handle')}
          error={!!error}
          helperText={bookingErrorText(t, error)}
          slotProps={{
            htmlInput: { dir: 'ltr', spellCheck: false },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <span dir="ltr">{prefix.replace(/^https?:\/\//, '')}</span>
                </InputAdornment>
              ),
            },
          }}
        />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography
            variant="body2"
            component="a"
            href={profile.url}
            target="_blank"
            rel="noopener"
            dir="ltr"
            sx={{ flex: 1, wordBreak: 'break-all', color: 'primary.main' }}
          >
            {profile.url}
          </Typography>
          <Button
            size="small"
            color="inherit"
            startIcon={<ContentCopyRounded />}
            onClick={() => void copy(profile.url, t('calendarApp.profile.copied'))}
          >
            {t('calendarApp.profile.copy')}
          </Button>
          <Button type="submit" size="small" variant="contained" loading={form.formState.isSubmitting}>
            {t('calendarApp.profile.save')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}

function FeedCard({ profile }: { profile: BookingProfile }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const copy = useCopy()
  const rotate = useRotateFeed()
  const [asking, setAsking] = useState(false)
  return (
    <Card component="section" sx={{ p: 3, flex: 1 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('calendarApp.profile.feedTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
        {t('calendarApp.profile.feedText')}
      </Typography>
      <TextField
        label={t('calendarApp.profile.feedUrl')}
        value={profile.feedUrl}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, dir: 'ltr' } }}
        onFocus={(event) => event.target.select()}
      />
      <Stack direction="row" sx={{ gap: 1, mt: 2, justifyContent: 'flex-end' }}>
        <Button
          size="small"
          color="inherit"
          startIcon={<ContentCopyRounded />}
          onClick={() => void copy(profile.feedUrl, t('calendarApp.profile.copied'))}
        >
          {t('calendarApp.profile.copy')}
        </Button>
        <Button size="small" color="warning" variant="outlined" onClick={() => setAsking(true)}>
          {t('calendarApp.profile.rotate')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking}
        title={t('calendarApp.profile.rotateTitle')}
        text={t('calendarApp.profile.rotateText')}
        confirmLabel={t('calendarApp.profile.rotate')}
        cancelLabel={t('calendarApp.form.cancel')}
        color="warning"
        pending={rotate.isPending}
        error={rotate.error}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          rotate
            .mutateAsync()
            .then(() => {
              setAsking(false)
              enqueueSnackbar(t('calendarApp.profile.rotated'), { variant: 'success' })
            })
            .catch(() => undefined)
        }
      />
    </Card>
  )
}

function Schedules() {
  const { t } = useTranslation()
  const { user } = useAuthContext()
  const schedules = useSchedules()
  const create = useCreateSchedule()
  const [selected, setSelected] = useState<string | null>(null)
  const list = schedules.data ?? []
  const current = list.find((s) => s.id === selected) ?? list.find((s) => s.isDefault) ?? list[0]

  const add = () =>
    create
      .mutateAsync({
        name: t('calendarApp.schedules.newName'),
        timeZone: user?.timeZone ?? 'UTC',
        weeklyHours: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' })),
      })
      .then((schedule) => setSelected(schedule.id))
      .catch(() => undefined)

  return (
    <Card component="section" sx={{ p: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {t('calendarApp.schedules.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('calendarApp.schedules.text')}
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<AddRounded />} onClick={() => void add()} loading={create.isPending}>
          {t('calendarApp.schedules.create')}
        </Button>
      </Stack>
      <FormError error={create.error} />
      {schedules.isError && <Alert severity="error">{serverErrorText(t, schedules.error)}</Alert>}
      {schedules.isPending && <Skeleton variant="rounded" height={320} />}
      {current && (
        <>
          <Tabs
            value={current.id}
            onChange={(_, id: string) => setSelected(id)}
            variant="scrollable"
            aria-label={t('calendarApp.schedules.select')}
            sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
          >
            {list.map((schedule) => (
              <Tab
                key={schedule.id}
                value={schedule.id}
                label={
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                    {schedule.name}
                    {schedule.isDefault && (
                      <Chip size="small" color="primary" variant="outlined" label={t('calendarApp.schedules.default')} />
                    )}
                  </Stack>
                }
              />
            ))}
          </Tabs>
          <ScheduleEditor key={current.id} schedule={current} canDelete={!current.isDefault && list.length > 1} />
        </>
      )}
    </Card>
  )
}
