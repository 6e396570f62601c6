import { BOOKING_LIMITS, type BookingSettings, CreateEventType, can, type EventType, type Schedule, type Team } from '@closeroom/shared'
import { Alert, Box, Button, Card, Skeleton, Stack, TextField, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { type ReactNode, useRef } from 'react'
import { Controller } from 'react-hook-form'
import { Link, useNavigate, useParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { PageHeader } from '../../components/PageHeader'
import { ApiError } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { useTeams } from '../teams/queries'
import { CalendarTabs } from './CalendarTabs'
import { LocationFields, SwitchField, TeamFields, WindowFields } from './EventTypeFields'
import { bookingErrorText, MinutesChipsField, NumberField } from './fields'
import { QuestionsEditor } from './QuestionsEditor'
import { useBookingProfile, useBookingSettings, useEventType, useSaveEventType, useSchedules } from './queries'

const DURATION_SUGGESTIONS = [15, 20, 30, 45, 60, 90, 120]
const minutes = (max: number) => ({ min: 0, max })

export function slugOf(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
}

function newValues(settings: BookingSettings): CreateEventType {
  return {
    title: '',
    slug: '',
    description: '',
    durations: [settings.defaultDuration],
    location: { kind: 'meeting' },
    bufferBefore: settings.bufferBefore,
    bufferAfter: settings.bufferAfter,
    minimumNotice: settings.minimumNotice,
    bookingWindow: { kind: 'rolling', days: settings.windowDays },
    slotInterval: null,
    dailyLimit: null,
    weeklyLimit: null,
    requiresConfirmation: settings.requiresConfirmation,
    questions: [],
    hidden: false,
    scheduleId: null,
    kind: 'personal',
    teamId: null,
    hosts: [],
  }
}

function valuesOf(e: EventType): CreateEventType {
  return {
    title: e.title,
    slug: e.slug,
    description: e.description,
    durations: e.durations,
    location: e.location,
    bufferBefore: e.bufferBefore,
    bufferAfter: e.bufferAfter,
    minimumNotice: e.minimumNotice,
    bookingWindow: e.bookingWindow,
    slotInterval: e.slotInterval,
    dailyLimit: e.dailyLimit,
    weeklyLimit: e.weeklyLimit,
    requiresConfirmation: e.requiresConfirmation,
    questions: e.questions,
    hidden: e.hidden,
    scheduleId: e.scheduleId,
    kind: e.kind,
    teamId: e.teamId,
    hosts: e.hosts.map((h) => ({ userId: h.userId, weight: h.weight })),
  }
}

/** /calendar/event-types/new and /calendar/event-types/:id */
export default function EventTypeFormPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const eventType = useEventType(id)
  const settings = useBookingSettings()
  const schedules = useSchedules()
  const teams = useTeams()
  const failed = eventType.error ?? settings.error
  return (
    <>
      <PageHeader title={t(id ? 'calendarApp.form.editTitle' : 'calendarApp.form.createTitle')} />
      <CalendarTabs />
      {failed ? (
        <Alert severity="error">
          {eventType.error instanceof ApiError && eventType.error.code === 'not_found'
            ? t('calendarApp.form.notFound')
            : serverErrorText(t, failed)}
        </Alert>
      ) : (id && !eventType.data) || !settings.data ? (
        <Skeleton variant="rounded" height={480} sx={{ maxWidth: 880 }} />
      ) : (
        <EventTypeForm
          eventType={eventType.data}
          defaults={eventType.data ? valuesOf(eventType.data) : newValues(settings.data)}
          schedules={schedules.data ?? []}
          teams={teams.data ?? []}
        />
      )}
    </>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2.5 }}>
        {title}
      </Typography>
      <Stack spacing={2.5}>{children}</Stack>
    </Card>
  )
}

function EventTypeForm({
  eventType,
  defaults,
  schedules,
  teams,
}: {
  eventType?: EventType
  defaults: CreateEventType
  schedules: Schedule[]
  teams: Team[]
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const { user } = useAuthContext()
  const profile = useBookingProfile()
  const save = useSaveEventType()
  const { form, serverError, submit } = useSchemaForm(CreateEventType, defaults)
  const kind = form.watch('kind') ?? 'personal'
  const slug = form.watch('slug')
  const slugEdited = useRef(!!eventType)
  const title = form.register('title')

  const onSubmit = submit(async (values) => {
    if (eventType) {
      const { kind: _kind, teamId: _teamId, hosts, ...rest } = values
      await save.mutateAsync({ id: eventType.id, body: eventType.kind === 'personal' ? rest : { ...rest, hosts } })
    } else {
      await save.mutateAsync({ body: values })
    }
    enqueueSnackbar(t('calendarApp.form.saved'), { variant: 'success' })
    navigate('/calendar/event-types')
  })

  const bookingUrl = kind === 'personal' && profile.data ? `${profile.data.url}?type=${slug || '…'}` : null

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 880 }}>
      <FormError error={serverError} />
      <Stack spacing={3}>
        <Section title={t('calendarApp.form.basics')}>
          <TextField
            {...title}
            onChange={(event) => {
              void title.onChange(event)
              if (!slugEdited.current) form.setValue('slug', slugOf(event.target.value))
            }}
            label={t('calendarApp.form.title')}
            required
            autoFocus={!eventType}
            error={!!form.formState.errors.title}
            helperText={bookingErrorText(t, form.formState.errors.title)}
          />
          <TextField
            {...form.register('slug', { onChange: () => (slugEdited.current = true) })}
            label={t('calendarApp.form.slug')}
            required
            error={!!form.formState.errors.slug}
            helperText={
              bookingErrorText(t, form.formState.errors.slug) ?? (bookingUrl && t('calendarApp.form.slugHelp', { url: bookingUrl }))
            }
            slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
          />
          <FormTextField form={form} name="description" label={t('calendarApp.form.description')} multiline minRows={3} />
          <MinutesChipsField
            control={form.control}
            name="durations"
            label={t('calendarApp.form.durations')}
            helperText={t('calendarApp.form.durationsHelp')}
            suggestions={DURATION_SUGGESTIONS}
            bounds={{ min: 5, max: BOOKING_LIMITS.maxDurationMinutes }}
          />
        </Section>

        <Section title={t('calendarApp.form.location')}>
          <LocationFields form={form} />
        </Section>

        <Section title={t('calendarApp.form.availability')}>
          <Controller
            control={form.control}
            name="scheduleId"
            render={({ field }) => (
              <TextField
                select
                label={t('calendarApp.form.schedule')}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value || null)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">
                  {t(kind === 'personal' ? 'calendarApp.form.defaultSchedule' : 'calendarApp.form.defaultScheduleTeam')}
                </option>
                {kind === 'personal' &&
                  schedules.map((schedule) => (
                    <option key={schedule.id} value={schedule.id}>
                      {schedule.name}
                    </option>
                  ))}
              </TextField>
            )}
          />
          <WindowFields form={form} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <NumberField
              form={form}
              name="minimumNotice"
              label={t('calendarApp.form.minimumNotice')}
              bounds={minutes(BOOKING_LIMITS.maxNoticeMinutes)}
              fullWidth
            />
            <NumberField
              form={form}
              name="bufferBefore"
              label={t('calendarApp.form.bufferBefore')}
              bounds={minutes(BOOKING_LIMITS.maxBufferMinutes)}
              fullWidth
            />
            <NumberField
              form={form}
              name="bufferAfter"
              label={t('calendarApp.form.bufferAfter')}
              bounds={minutes(BOOKING_LIMITS.maxBufferMinutes)}
              fullWidth
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <NumberField
              form={form}
              name="slotInterval"
              nullable
              label={t('calendarApp.form.slotInterval')}
              helperText={t('calendarApp.form.slotIntervalHelp')}
              bounds={{ min: 5, max: BOOKING_LIMITS.maxDurationMinutes }}
              fullWidth
            />
            <NumberField
              form={form}
              name="dailyLimit"
              nullable
              label={t('calendarApp.form.dailyLimit')}
              helperText={t('calendarApp.form.limitHelp')}
              bounds={{ min: 1, max: 100 }}
              fullWidth
            />
            <NumberField
              form={form}
              name="weeklyLimit"
              nullable
              label={t('calendarApp.form.weeklyLimit')}
              helperText={t('calendarApp.form.limitHelp')}
              bounds={{ min: 1, max: 500 }}
              fullWidth
            />
          </Stack>
        </Section>

        <Section title={t('calendarApp.form.questions')}>
          <QuestionsEditor form={form} />
        </Section>

        {(can(user, 'eventTypes.manageTeam') || kind !== 'personal') && (
          <Section title={t('calendarApp.form.teamTitle')}>
            <TeamFields form={form} teams={teams} editing={!!eventType} />
          </Section>
        )}

        <Section title={t('calendarApp.form.options')}>
          <SwitchField form={form} name="requiresConfirmation" label={t('calendarApp.form.requiresConfirmation')} />
          <SwitchField form={form} name="hidden" label={t('calendarApp.form.hidden')} />
        </Section>

        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button component={Link} to="/calendar/event-types" color="inherit">
            {t('calendarApp.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('calendarApp.form.save')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  )
}
