import { BOOKING_LIMITS, type CreateEventType, type EventTypeKind, type Team } from '@closeroom/shared'
import { Box, Checkbox, FormControlLabel, FormLabel, Radio, RadioGroup, Stack, Switch, TextField, Typography } from '@mui/material'
import { useEffect } from 'react'
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from '../../locales/i18n'
import { bookingErrorText, NumberField } from './fields'

export type Form = UseFormReturn<CreateEventType, unknown, FieldValues>

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

// The event type form's larger field groups: where it happens, how far ahead, and who hosts a team's.

export function SwitchField({ form, name, label }: { form: Form; name: 'requiresConfirmation' | 'hidden'; label: string }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={!!field.value} onChange={(event) => field.onChange(event.target.checked)} />}
          label={label}
        />
      )}
    />
  )
}

export function LocationFields({ form }: { form: Form }) {
  const { t } = useTranslation()
  const location = form.watch('location') ?? { kind: 'meeting' }
  const errors = form.formState.errors.location as Record<string, unknown> | undefined
  return (
    <>
      <TextField
        select
        label={t('calendarApp.form.locationKind')}
        value={location.kind}
        onChange={(event) => {
          const kind = event.target.value
          form.setValue(
            'location',
            kind === 'in_person' ? { kind, address: '' } : kind === 'link' ? { kind, url: '' } : { kind: kind as 'meeting' | 'phone' },
          )
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {(['meeting', 'phone', 'in_person', 'link'] as const).map((kind) => (
          <option key={kind} value={kind}>
            {t(`calendarApp.locationKinds.${kind}`)}
          </option>
        ))}
      </TextField>
      {location.kind === 'in_person' && (
        <TextField
          {...form.register('location.address')}
          label={t('calendarApp.form.address')}
          multiline
          error={!!errors?.address}
          helperText={bookingErrorText(t, errors?.address)}
        />
      )}
      {location.kind === 'link' && (
        <TextField
          {...form.register('location.url')}
          label={t('calendarApp.form.url')}
          inputMode="url"
          error={!!errors?.url}
          helperText={bookingErrorText(t, errors?.url)}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
      )}
      {location.kind === 'phone' && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('calendarApp.form.phoneHelp')}
        </Typography>
      )}
    </>
  )
}

export function WindowFields({ form }: { form: Form }) {
  const { t } = useTranslation()
  const window = form.watch('bookingWindow') ?? { kind: 'rolling', days: 60 }
  const errors = form.formState.errors.bookingWindow as Record<string, unknown> | undefined
  return (
    <Box>
      <FormLabel id="booking-window" sx={{ typography: 'body2' }}>
        {t('calendarApp.form.window')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby="booking-window"
        value={window.kind}
        onChange={(event) => {
          const today = new Date()
          form.setValue(
            'bookingWindow',
            event.target.value === 'range'
              ? { kind: 'range', start: isoDay(today), end: isoDay(new Date(today.getTime() + 30 * 86_400_000)) }
              : { kind: 'rolling', days: 60 },
          )
        }}
      >
        <FormControlLabel value="rolling" control={<Radio />} label={t('calendarApp.form.windowRolling')} />
        <FormControlLabel value="range" control={<Radio />} label={t('calendarApp.form.windowRange')} />
      </RadioGroup>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ mt: 1.5 }}>
        {window.kind === 'rolling' ? (
          <NumberField
            form={form}
            name="bookingWindow.days"
            label={t('calendarApp.form.windowDays')}
            bounds={{ min: 1, max: BOOKING_LIMITS.maxWindowDays }}
            sx={{ width: 220 }}
          />
        ) : (
          <>
            <TextField
              type="date"
              {...form.register('bookingWindow.start')}
              label={t('calendarApp.form.windowStart')}
              slotProps={{ inputLabel: { shrink: true } }}
              error={!!errors?.start}
              helperText={bookingErrorText(t, errors?.start)}
            />
            <TextField
              type="date"
              {...form.register('bookingWindow.end')}
              label={t('calendarApp.form.windowEnd')}
              slotProps={{ inputLabel: { shrink: true } }}
              error={!!errors?.end}
              helperText={bookingErrorText(t, errors?.end)}
            />
          </>
        )}
      </Stack>
    </Box>
  )
}

export function TeamFields({ form, teams, editing }: { form: Form; teams: Team[]; editing: boolean }) {
  const { t } = useTranslation()
  const kind = (form.watch('kind') ?? 'personal') as EventTypeKind
  const teamId = form.watch('teamId') ?? null
  const hosts = form.watch('hosts') ?? []
  const team = teams.find((candidate) => candidate.id === teamId)
  const teamError = bookingErrorText(t, form.formState.errors.teamId)

  // A new team event type starts with every member of its team as a host.
  useEffect(() => {
    if (editing || !team || kind === 'personal') return
    const current = form.getValues('hosts') ?? []
    if (current.length === 0)
      form.setValue(
        'hosts',
        team.members.map((m) => ({ userId: m.id, weight: 1 })),
      )
  }, [editing, team, kind, form])

  const setTeam = (id: string | null) => {
    form.setValue('teamId', id, { shouldValidate: form.formState.isSubmitted })
    form.setValue('hosts', teams.find((candidate) => candidate.id === id)?.members.map((m) => ({ userId: m.id, weight: 1 })) ?? [])
  }

  return (
    <>
      {!editing && (
        <FormControlLabel
          control={
            <Checkbox
              checked={kind !== 'personal'}
              disabled={teams.length === 0}
              onChange={(event) => {
                form.setValue('kind', event.target.checked ? 'round_robin' : 'personal')
                form.setValue('scheduleId', null)
                setTeam(event.target.checked ? (teams[0]?.id ?? null) : null)
              }}
            />
          }
          label={t('calendarApp.form.teamEvent')}
        />
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('calendarApp.form.teamEventHelp')}
      </Typography>
      {kind !== 'personal' && (
        <>
          <TextField
            select
            label={t('calendarApp.form.team')}
            value={teamId ?? ''}
            disabled={editing}
            onChange={(event) => setTeam(event.target.value || null)}
            error={!!teamError}
            helperText={teamError}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {teams.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </TextField>
          <Box>
            <FormLabel id="team-kind" sx={{ typography: 'body2' }}>
              {t('calendarApp.form.kind')}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby="team-kind"
              value={kind}
              onChange={(event) => !editing && form.setValue('kind', event.target.value as EventTypeKind)}
            >
              {(['round_robin', 'collective'] as const).map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  disabled={editing}
                  control={<Radio />}
                  label={t(`calendarApp.eventTypes.kinds.${value}`)}
                />
              ))}
            </RadioGroup>
          </Box>
          <Box>
            <FormLabel component="div" sx={{ typography: 'body2', mb: 1 }}>
              {t('calendarApp.form.hosts')}
            </FormLabel>
            {team?.members.length === 0 && <Typography variant="body2">{t('calendarApp.form.noMembers')}</Typography>}
            <Stack spacing={1}>
              {team?.members.map((member) => {
                const host = hosts.find((h) => h.userId === member.id)
                return (
                  <Stack key={member.id} direction="row" sx={{ alignItems: 'center', gap: 2 }}>
                    <FormControlLabel
                      sx={{ flex: 1 }}
                      control={
                        <Checkbox
                          checked={!!host}
                          onChange={(event) =>
                            form.setValue(
                              'hosts',
                              event.target.checked
                                ? [...hosts, { userId: member.id, weight: 1 }]
                                : hosts.filter((h) => h.userId !== member.id),
                            )
                          }
                        />
                      }
                      label={member.name}
                    />
                    {host && kind === 'round_robin' && (
                      <TextField
                        type="number"
                        size="small"
                        label={t('calendarApp.form.weight', { name: member.name })}
                        value={host.weight ?? 1}
                        onChange={(event) =>
                          form.setValue(
                            'hosts',
                            hosts.map((h) =>
                              h.userId === member.id
                                ? { ...h, weight: Math.min(100, Math.max(1, Math.round(Number(event.target.value) || 1))) }
                                : h,
                            ),
                          )
                        }
                        slotProps={{ htmlInput: { min: 1, max: 100 } }}
                        sx={{ width: 200 }}
                      />
                    )}
                  </Stack>
                )
              })}
            </Stack>
            {kind === 'round_robin' && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                {t('calendarApp.form.hostsHelp')}
              </Typography>
            )}
          </Box>
        </>
      )}
    </>
  )
}
