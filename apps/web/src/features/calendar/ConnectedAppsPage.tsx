import { type CalendarConnection, CreateCalendarConnection } from '@closeroom/shared'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import RefreshRounded from '@mui/icons-material/RefreshRounded'
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Divider,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { FormError } from '../../components/FormError'
import { serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { bookingErrorText } from '../booking/fields'
import { MailboxSettings } from '../mail/MailboxSettings'
import { useConnections, useCreateConnection, useDeleteConnection, useRefreshConnection, useUpdateConnection } from './queries'

/** /settings/connected-apps: the member's mailbox, and CalDAV calendars whose busy times block slots and which receive new bookings. */
export default function ConnectedAppsPage() {
  const { t } = useTranslation()
  const connections = useConnections()
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <MailboxSettings />
      <ConnectForm />
      <Box component="section">
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('calendarApp.connections.list')}
        </Typography>
        {connections.isError && <Alert severity="error">{serverErrorText(t, connections.error)}</Alert>}
        {connections.isPending && <Skeleton variant="rounded" height={160} />}
        {connections.data?.length === 0 && (
          <Card sx={{ p: 4, textAlign: 'center' }}>
            <Typography sx={{ color: 'text.secondary' }}>{t('calendarApp.connections.empty')}</Typography>
          </Card>
        )}
        <Stack spacing={2}>
          {connections.data?.map((connection) => (
            <ConnectionCard key={connection.id} connection={connection} />
          ))}
        </Stack>
      </Box>
    </Stack>
  )
}

function ConnectForm() {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const create = useCreateConnection()
  const { form, serverError, submit } = useSchemaForm(CreateCalendarConnection, { serverUrl: '', username: '', password: '' })
  const onSubmit = submit(async (values) => {
    await create.mutateAsync(values)
    form.reset({ serverUrl: '', username: '', password: '' })
    enqueueSnackbar(t('calendarApp.connections.connected'), { variant: 'success' })
  })
  const { errors } = form.formState
  return (
    <Card component="section" sx={{ p: 3 }} aria-labelledby="calendar-connect-title">
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }} id="calendar-connect-title">
        {t('calendarApp.connections.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('calendarApp.connections.text')}
      </Typography>
      <FormError error={serverError} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        <TextField
          {...form.register('serverUrl')}
          label={t('calendarApp.connections.serverUrl')}
          placeholder="https://dav.example.com/"
          inputMode="url"
          error={!!errors.serverUrl}
          helperText={bookingErrorText(t, errors.serverUrl)}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <TextField
            {...form.register('username')}
            label={t('calendarApp.connections.username')}
            autoComplete="off"
            fullWidth
            error={!!errors.username}
            helperText={bookingErrorText(t, errors.username)}
          />
          <TextField
            {...form.register('password')}
            type="password"
            label={t('calendarApp.connections.password')}
            autoComplete="new-password"
            fullWidth
            error={!!errors.password}
            helperText={bookingErrorText(t, errors.password)}
          />
        </Stack>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('calendarApp.connections.connect')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}

function ConnectionCard({ connection }: { connection: CalendarConnection }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const update = useUpdateConnection()
  const refresh = useRefreshConnection()
  const remove = useDeleteConnection()
  const failed = (error: Error) => enqueueSnackbar(serverErrorText(t, error), { variant: 'error' })
  const host = (() => {
    try {
      return new URL(connection.serverUrl).host
    } catch {
      return connection.serverUrl
    }
  })()

  function patch(body: { busyCalendarUrls?: string[]; writeCalendarUrl?: string | null }) {
    update
      .mutateAsync({ id: connection.id, body })
      .then(() => enqueueSnackbar(t('calendarApp.connections.saved'), { variant: 'success' }))
      .catch(failed)
  }

  return (
    <Card sx={{ p: 3 }} aria-label={`${connection.username} · ${host}`} component="article">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3">
            {connection.username}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }} dir="ltr">
            {connection.serverUrl}
          </Typography>
        </Box>
        <Button
          startIcon={<RefreshRounded />}
          color="inherit"
          loading={refresh.isPending}
          onClick={() =>
            refresh
              .mutateAsync(connection.id)
              .then(() => enqueueSnackbar(t('calendarApp.connections.refreshed'), { variant: 'success' }))
              .catch(failed)
          }
        >
          {t('calendarApp.connections.refresh')}
        </Button>
        <Button
          startIcon={<DeleteOutlineRounded />}
          color="error"
          loading={remove.isPending}
          onClick={() => {
            if (!window.confirm(t('calendarApp.connections.removeConfirm', { username: connection.username, server: host }))) return
            remove
              .mutateAsync(connection.id)
              .then(() => enqueueSnackbar(t('calendarApp.connections.removed'), { variant: 'success' }))
              .catch(failed)
          }}
        >
          {t('calendarApp.connections.remove')}
        </Button>
      </Stack>
      {connection.lastError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('calendarApp.connections.lastError', { error: connection.lastError })}
        </Alert>
      )}
      {connection.calendars.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('calendarApp.connections.noCalendars')}
        </Typography>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} divider={<Divider flexItem orientation="vertical" />}>
          <Box sx={{ flex: 1 }}>
            <FormLabel component="div" sx={{ typography: 'subtitle2', color: 'text.primary' }}>
              {t('calendarApp.connections.busy')}
            </FormLabel>
            <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mb: 1 }}>
              {t('calendarApp.connections.busyHelp')}
            </Typography>
            {connection.calendars.map((calendar) => (
              <Box key={calendar.url}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={connection.busyCalendarUrls.includes(calendar.url)}
                      disabled={update.isPending}
                      onChange={(event) =>
                        patch({
                          busyCalendarUrls: event.target.checked
                            ? [...connection.busyCalendarUrls, calendar.url]
                            : connection.busyCalendarUrls.filter((url) => url !== calendar.url),
                        })
                      }
                    />
                  }
                  label={calendar.name}
                />
              </Box>
            ))}
          </Box>
          <Box sx={{ flex: 1 }}>
            <FormLabel id={`write-${connection.id}`} sx={{ typography: 'subtitle2', color: 'text.primary' }}>
              {t('calendarApp.connections.write')}
            </FormLabel>
            <RadioGroup
              aria-labelledby={`write-${connection.id}`}
              value={connection.writeCalendarUrl ?? ''}
              onChange={(event) => patch({ writeCalendarUrl: event.target.value || null })}
            >
              {connection.calendars.map((calendar) => (
                <FormControlLabel
                  key={calendar.url}
                  value={calendar.url}
                  control={<Radio disabled={update.isPending} />}
                  label={calendar.name}
                />
              ))}
              <FormControlLabel
                value=""
                control={<Radio disabled={update.isPending} />}
                label={t('calendarApp.connections.writeNowhere')}
              />
            </RadioGroup>
          </Box>
        </Stack>
      )}
    </Card>
  )
}
