import { MESSAGES, type Schedule, type TimeRange, UpdateSchedule } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Box, Button, Checkbox, Divider, FormControlLabel, IconButton, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { FormError } from '../../components/FormError'
import { intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { TimeZoneField } from '../settings/TimeZoneField'
import { bookingErrorText } from './fields'
import { useDeleteSchedule, useUpdateSchedule } from './queries'

type Day = { on: boolean; ranges: TimeRange[] }
type Override = { date: string; ranges: TimeRange[] }
type Values = { name: string; timeZone: string; days: Day[]; overrides: Override[] }

/** Monday first, as most of the world's working weeks are written. */
const WEEK = [1, 2, 3, 4, 5, 6, 0]
const NINE_TO_FIVE: TimeRange = { start: '09:00', end: '17:00' }

function valuesOf(schedule: Schedule): Values {
  return {
    name: schedule.name,
    timeZone: schedule.timeZone,
    days: [0, 1, 2, 3, 4, 5, 6].map((day) => {
      const ranges = schedule.weeklyHours.filter((h) => h.day === day).map(({ start, end }) => ({ start, end }))
      return { on: ranges.length > 0, ranges: ranges.length > 0 ? ranges : [NINE_TO_FIVE] }
    }),
    overrides: schedule.overrides.map((o) => ({ date: o.date, ranges: o.ranges })),
  }
}

/** What is wrong with a day's ranges, as i18n keys by range index. */
function rangeProblems(ranges: TimeRange[]): (string | undefined)[] {
  return ranges.map((range, index) => {
    if (!range.start || !range.end || range.start >= range.end) return 'calendarApp.schedules.endBeforeStart'
    const overlaps = ranges.some((other, i) => i !== index && other.start < range.end && range.start < other.end)
    return overlaps ? 'calendarApp.schedules.overlap' : undefined
  })
}

export function weekdayName(day: number, language: string): string {
  // 7 January 2024 was a Sunday.
  return new Intl.DateTimeFormat(intlLocale(language), { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + day)))
}

/** One availability schedule: its name, zone, weekly hours and date overrides. */
export function ScheduleEditor({ schedule, canDelete }: { schedule: Schedule; canDelete: boolean }) {
  const { t, i18n } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const update = useUpdateSchedule()
  const remove = useDeleteSchedule()
  const form = useForm<Values>({ defaultValues: valuesOf(schedule) })
  const [checked, setChecked] = useState(false)
  // What the form's own check found, translated, or what the server refused.
  const [problem, setProblem] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)
  const values = form.watch()
  const setDays = (days: Day[]) => form.setValue('days', days, { shouldDirty: true })
  const setOverrides = (overrides: Override[]) => form.setValue('overrides', overrides, { shouldDirty: true })
  const dayProblems = values.days.map((d) => (d.on ? rangeProblems(d.ranges) : []))
  const overrideProblems = values.overrides.map((o) => rangeProblems(o.ranges))
  const dates = values.overrides.map((o) => o.date)

  const save = form.handleSubmit(async (v) => {
    setChecked(true)
    setProblem(null)
    setRefusal(null)
    if ([...dayProblems, ...overrideProblems].some((list) => list.some(Boolean))) return
    const parsed = UpdateSchedule.safeParse({
      name: v.name,
      timeZone: v.timeZone,
      weeklyHours: v.days.flatMap((d, day) => (d.on ? d.ranges.map((r) => ({ day, ...r })) : [])),
      overrides: v.overrides,
    })
    if (!parsed.success) {
      setProblem(bookingErrorText(t, { message: parsed.error.issues[0]?.message, type: 'custom' }) ?? null)
      return
    }
    try {
      const saved = await update.mutateAsync({ id: schedule.id, body: parsed.data })
      form.reset(valuesOf(saved))
      setChecked(false)
      enqueueSnackbar(t('calendarApp.schedules.saved'), { variant: 'success' })
    } catch (e) {
      setRefusal(e)
    }
  })

  const makeDefault = () =>
    update
      .mutateAsync({ id: schedule.id, body: { isDefault: true } })
      .then(() => enqueueSnackbar(t('calendarApp.schedules.saved'), { variant: 'success' }))
      .catch(setRefusal)

  const destroy = () => {
    if (!window.confirm(t('calendarApp.schedules.deleteConfirm', { name: schedule.name }))) return
    remove
      .mutateAsync(schedule.id)
      .then(() => enqueueSnackbar(t('calendarApp.schedules.deleted'), { variant: 'success' }))
      .catch(setRefusal)
  }

  const nameError = form.formState.errors.name
  return (
    <Box component="form" noValidate onSubmit={save}>
      <FormError error={refusal} text={problem} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ mb: 3 }}>
        <TextField
          {...form.register('name', { validate: (name) => name.trim().length > 0 || MESSAGES.nameRequired })}
          label={t('calendarApp.schedules.name')}
          fullWidth
          error={!!nameError}
          helperText={bookingErrorText(t, nameError)}
        />
        <TimeZoneField control={form.control} name="timeZone" label={t('calendarApp.schedules.timeZone')} />
      </Stack>

      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {t('calendarApp.schedules.weekly')}
      </Typography>
      <Stack divider={<Divider flexItem />} sx={{ mb: 3 }}>
        {WEEK.map((day) => {
          const name = weekdayName(day, i18n.language)
          const hours = values.days[day] ?? { on: false, ranges: [] }
          const setHours = (next: Day) => setDays(values.days.map((d, i) => (i === day ? next : d)))
          return (
            <Stack key={day} direction={{ xs: 'column', md: 'row' }} sx={{ py: 1.5, gap: 1.5, alignItems: { md: 'flex-start' } }}>
              <FormControlLabel
                sx={{ width: { md: 200 }, m: 0, mt: { md: 0.5 } }}
                control={
                  <Switch
                    checked={hours.on}
                    onChange={(event) => setHours({ ...hours, on: event.target.checked })}
                    slotProps={{ input: { 'aria-label': t('calendarApp.schedules.available', { day: name }) } }}
                  />
                }
                label={name}
              />
              <Box sx={{ flex: 1 }}>
                {hours.on ? (
                  <RangesEditor
                    day={name}
                    ranges={hours.ranges}
                    problems={checked ? (dayProblems[day] ?? []) : []}
                    onChange={(ranges) => setHours({ on: ranges.length > 0, ranges: ranges.length > 0 ? ranges : [NINE_TO_FIVE] })}
                  />
                ) : (
                  <Typography sx={{ color: 'text.secondary', py: 1 }}>{t('calendarApp.schedules.unavailable')}</Typography>
                )}
              </Box>
              <Tooltip title={t('calendarApp.schedules.copyToAll', { day: name })}>
                <span>
                  <IconButton
                    aria-label={t('calendarApp.schedules.copyToAll', { day: name })}
                    disabled={!hours.on}
                    onClick={() => {
                      setDays(values.days.map(() => ({ on: true, ranges: hours.ranges.map((r) => ({ ...r })) })))
                      enqueueSnackbar(t('calendarApp.schedules.copied'), { variant: 'info' })
                    }}
                  >
                    <ContentCopyRounded fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          )
        })}
      </Stack>

      <Typography variant="subtitle1" component="h3">
        {t('calendarApp.schedules.overrides')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('calendarApp.schedules.overridesText')}
      </Typography>
      <Stack spacing={1.5} sx={{ mb: 2 }}>
        {values.overrides.map((override, index) => {
          const setOverride = (next: Override) => setOverrides(values.overrides.map((o, i) => (i === index ? next : o)))
          const duplicate = dates.indexOf(override.date) !== index
          const label = `${t('calendarApp.schedules.overrideDate')} ${index + 1}`
          return (
            <Stack
              // biome-ignore lint/suspicious/noArrayIndexKey: an override has no identity of its own; its date changes as it is typed.
              key={`${index}-${values.overrides.length}`}
              direction={{ xs: 'column', md: 'row' }}
              sx={{ gap: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, alignItems: { md: 'flex-start' } }}
            >
              <TextField
                type="date"
                size="small"
                label={label}
                value={override.date}
                onChange={(event) => setOverride({ ...override, date: event.target.value })}
                error={checked && (duplicate || !override.date)}
                helperText={checked && duplicate ? t('validation.overrideOnce') : undefined}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ width: { md: 190 } }}
              />
              <FormControlLabel
                sx={{ m: 0 }}
                control={
                  <Checkbox
                    checked={override.ranges.length === 0}
                    onChange={(event) => setOverride({ ...override, ranges: event.target.checked ? [] : [NINE_TO_FIVE] })}
                  />
                }
                label={t('calendarApp.schedules.overrideOff')}
              />
              <Box sx={{ flex: 1 }}>
                {override.ranges.length > 0 && (
                  <RangesEditor
                    day={label}
                    ranges={override.ranges}
                    problems={checked ? (overrideProblems[index] ?? []) : []}
                    onChange={(ranges) => setOverride({ ...override, ranges })}
                  />
                )}
              </Box>
              <IconButton
                aria-label={`${t('calendarApp.schedules.removeOverride')} ${index + 1}`}
                onClick={() => setOverrides(values.overrides.filter((_, i) => i !== index))}
              >
                <DeleteOutlineRounded />
              </IconButton>
            </Stack>
          )
        })}
      </Stack>
      <Button
        startIcon={<AddRounded />}
        onClick={() => {
          const next = new Date()
          do next.setDate(next.getDate() + 1)
          while (dates.includes(localDay(next)))
          setOverrides([...values.overrides, { date: localDay(next), ranges: [] }])
        }}
      >
        {t('calendarApp.schedules.addOverride')}
      </Button>

      <Divider sx={{ my: 3 }} />
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {!schedule.isDefault && (
          <Button color="inherit" onClick={() => void makeDefault()}>
            {t('calendarApp.schedules.makeDefault')}
          </Button>
        )}
        {canDelete ? (
          <Button color="error" onClick={destroy} loading={remove.isPending}>
            {t('calendarApp.schedules.delete')}
          </Button>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('calendarApp.schedules.lastOne')}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Button type="submit" variant="contained" loading={update.isPending}>
          {t('calendarApp.schedules.save')}
        </Button>
      </Stack>
    </Box>
  )
}

function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Several spans of hours on one day, each with its own remove button, and one to add another. */
function RangesEditor({
  day,
  ranges,
  problems,
  onChange,
}: {
  day: string
  ranges: TimeRange[]
  problems: (string | undefined)[]
  onChange: (ranges: TimeRange[]) => void
}) {
  const { t } = useTranslation()
  const set = (index: number, next: TimeRange) => onChange(ranges.map((r, i) => (i === index ? next : r)))
  const last = ranges.at(-1)
  return (
    <Stack spacing={1}>
      {ranges.map((range, index) => {
        const problem = problems[index]
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: hours have no identity of their own; their times change as they are typed.
          <Box key={`${index}-${ranges.length}`}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
              <TextField
                type="time"
                size="small"
                value={range.start}
                onChange={(event) => set(index, { ...range, start: event.target.value })}
                error={!!problem}
                slotProps={{ htmlInput: { step: 300, 'aria-label': `${day} ${t('calendarApp.schedules.from')} ${index + 1}` } }}
                sx={{ width: 140 }}
              />
              <Typography aria-hidden>–</Typography>
              <TextField
                type="time"
                size="small"
                value={range.end}
                onChange={(event) => set(index, { ...range, end: event.target.value })}
                error={!!problem}
                slotProps={{ htmlInput: { step: 300, 'aria-label': `${day} ${t('calendarApp.schedules.to')} ${index + 1}` } }}
                sx={{ width: 140 }}
              />
              <IconButton
                size="small"
                aria-label={`${t('calendarApp.schedules.removeRange')}: ${day} ${index + 1}`}
                onClick={() => onChange(ranges.filter((_, i) => i !== index))}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
              {index === ranges.length - 1 && (
                <IconButton
                  size="small"
                  aria-label={t('calendarApp.schedules.addRange', { day })}
                  disabled={!!last && last.end >= '23:00'}
                  onClick={() => {
                    const start = last && last.end < '23:00' ? last.end : '09:00'
                    const [h = 0, m = 0] = start.split(':').map(Number)
                    const end = `${String(Math.min(h + 1, 23)).padStart(2, '0')}:${String(h + 1 > 23 ? 59 : m).padStart(2, '0')}`
                    onChange([...ranges, { start, end }])
                  }}
                >
                  <AddRounded fontSize="small" />
                </IconButton>
              )}
            </Stack>
            {problem && (
              <Typography variant="caption" role="alert" sx={{ color: 'error.main' }}>
                {t(problem)}
              </Typography>
            )}
          </Box>
        )
      })}
    </Stack>
  )
}
