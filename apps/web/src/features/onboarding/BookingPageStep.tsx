import { type BookingProfile, type Schedule, Slug, UpdateBookingProfile } from '@closeroom/shared'
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded'
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded'
import { Alert, Box, InputAdornment, Skeleton, TextField, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { ApiError, client, unwrap } from '../../lib/api'
import { serverErrorText, serverFieldError } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { bookingErrorText } from '../booking/fields'
import { useBookingProfile, useSchedules, useUpdateBookingProfile, useUpdateSchedule } from '../booking/queries'
import { StepActions } from './StepActions'
import { type Day, daysOf, invalidDays, WorkingHours, weeklyHoursOf } from './WorkingHours'

/** Step 2: the address of the owner's booking page and the hours buyers can book. */
export function BookingPageStep({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation()
  const profile = useBookingProfile()
  const schedules = useSchedules()
  const error = profile.error ?? schedules.error
  const schedule = schedules.data?.find((s) => s.isDefault) ?? schedules.data?.[0]
  if (error) return <Alert severity="error">{serverErrorText(t, error)}</Alert>
  if (!profile.data || !schedule) return <Skeleton variant="rounded" height={480} />
  return <BookingPageForm profile={profile.data} schedule={schedule} onDone={onDone} onBack={onBack} />
}

type Availability = 'current' | 'free' | 'taken' | null

/** Whether a handle is free, asked of the public page it would be: 404 there means nobody has it. */
function useHandleAvailability(handle: string, current: string): Availability {
  const [settled, setSettled] = useState(handle)
  useEffect(() => {
    // Asks once typing pauses, not on every key.
    const timer = window.setTimeout(() => setSettled(handle), 400)
    return () => window.clearTimeout(timer)
  }, [handle])
  const valid = Slug.safeParse(settled).success
  const check = useQuery({
    queryKey: ['handle-availability', settled],
    enabled: valid && settled !== current,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        await unwrap(client.GET('/public/users/{id}', { params: { path: { id: settled } }, signal }))
        return 'taken' as const
      } catch (error) {
        if (error instanceof ApiError && error.code === 'not_found') return 'free' as const
        throw error
      }
    },
  })
  if (settled !== handle || !valid) return null
  if (handle === current) return 'current'
  return check.data ?? null
}

function BookingPageForm({
  profile,
  schedule,
  onDone,
  onBack,
}: {
  profile: BookingProfile
  schedule: Schedule
  onDone: () => void
  onBack: () => void
}) {
  const { t } = useTranslation()
  const { user } = useAuthContext()
  const rename = useUpdateBookingProfile()
  const updateSchedule = useUpdateSchedule()
  const [days, setDays] = useState<Day[]>(() => daysOf(schedule.weeklyHours))
  const [checked, setChecked] = useState(false)
  const { form, serverError, submit } = useSchemaForm(UpdateBookingProfile, { handle: profile.handle })
  const handle = form.watch('handle').trim().toLowerCase()
  const availability = useHandleAvailability(handle, profile.handle)
  const prefix = profile.url.slice(0, profile.url.length - profile.handle.length).replace(/^https?:\/\//, '')

  const save = submit(async (values) => {
    setChecked(true)
    if (invalidDays(days).size > 0) return
    if (values.handle !== profile.handle) {
      try {
        await rename.mutateAsync(values)
      } catch (error) {
        // A taken address belongs under the field it is about.
        if (error instanceof ApiError && error.code === 'handle_taken') return form.setError('handle', serverFieldError(error))
        throw error
      }
    }
    await updateSchedule.mutateAsync({
      id: schedule.id,
      body: { weeklyHours: weeklyHoursOf(days), timeZone: user?.timeZone ?? schedule.timeZone },
    })
    onDone()
  })

  const fieldError = form.formState.errors.handle
  const feedback =
    availability === 'free' ? (
      <Feedback ok text={t('onboarding.booking.free')} />
    ) : availability === 'taken' ? (
      <Feedback ok={false} text={t('onboarding.booking.taken')} />
    ) : availability === 'current' ? (
      t('onboarding.booking.current')
    ) : (
      t('onboarding.booking.handleHelp')
    )

  return (
    <form noValidate onSubmit={save}>
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        {t('onboarding.booking.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('onboarding.booking.text')}</Typography>
      <FormError error={serverError} />
      <TextField
        {...form.register('handle')}
        label={t('onboarding.booking.handle')}
        fullWidth
        error={!!fieldError || availability === 'taken'}
        helperText={fieldError ? bookingErrorText(t, fieldError) : feedback}
        slotProps={{
          htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' },
          formHelperText: { component: 'div', 'aria-live': 'polite' } as object,
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <span dir="ltr">{prefix}</span>
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 4 }}>
        {t('onboarding.booking.hours')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {t('onboarding.booking.hoursText', { zone: user?.timeZone ?? schedule.timeZone })}
      </Typography>
      <WorkingHours days={days} onChange={setDays} showErrors={checked} />
      <StepActions onBack={onBack} onSkip={onDone} submitLabel={t('onboarding.saveContinue')} busy={form.formState.isSubmitting} />
    </form>
  )
}

function Feedback({ ok, text }: { ok: boolean; text: string }) {
  const Icon = ok ? CheckCircleRounded : ErrorOutlineRounded
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: ok ? 'success.dark' : 'error.main' }}>
      <Icon sx={{ fontSize: 16 }} aria-hidden />
      {text}
    </Box>
  )
}
