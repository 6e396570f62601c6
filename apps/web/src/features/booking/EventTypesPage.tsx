import { can, type EventType } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import EditOutlined from '@mui/icons-material/EditOutlined'
import { Alert, Box, Button, Card, Chip, IconButton, Skeleton, Stack, Switch, Tooltip, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { Link } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { useTeams } from '../teams/queries'
import { CalendarTabs } from './CalendarTabs'
import { formatMinutes, useCopy } from './fields'
import { useDeleteEventType, useEventTypes, useToggleEventType } from './queries'

/** /calendar/event-types: the caller's own event types, then their teams'. */
export default function EventTypesPage() {
  const { t } = useTranslation()
  const eventTypes = useEventTypes()
  const teams = useTeams()
  const [deleting, setDeleting] = useState<EventType | null>(null)
  const teamName = (id: string | null) => teams.data?.find((team) => team.id === id)?.name ?? ''
  const personal = eventTypes.data?.filter((e) => e.kind === 'personal') ?? []
  const teamTypes = eventTypes.data?.filter((e) => e.kind !== 'personal') ?? []
  const groups = [
    { key: 'personal', title: t('calendarApp.eventTypes.personal'), items: personal },
    ...[...new Set(teamTypes.map((e) => e.teamId))].map((teamId) => ({
      key: teamId ?? '',
      title: t('calendarApp.eventTypes.team', { name: teamName(teamId) }),
      items: teamTypes.filter((e) => e.teamId === teamId),
    })),
  ].filter((group) => group.items.length > 0)

  return (
    <>
      <PageHeader
        title={t('calendarApp.eventTypes.title')}
        action={
          <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/calendar/event-types/new">
            {t('calendarApp.eventTypes.create')}
          </Button>
        }
      />
      <CalendarTabs />
      {eventTypes.isError && <Alert severity="error">{serverErrorText(t, eventTypes.error)}</Alert>}
      {eventTypes.isPending && (
        <Stack spacing={2}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} variant="rounded" height={88} />
          ))}
        </Stack>
      )}
      {eventTypes.data?.length === 0 && (
        <Card sx={{ p: 5, textAlign: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>{t('calendarApp.eventTypes.empty')}</Typography>
        </Card>
      )}
      {groups.map((group) => (
        <Box key={group.key} component="section" sx={{ mb: 4 }}>
          <Typography variant="subtitle1" component="h2" sx={{ mb: 1.5, color: 'text.secondary' }}>
            {group.title}
          </Typography>
          <Card component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {group.items.map((eventType, index) => (
              <EventTypeRow key={eventType.id} eventType={eventType} divider={index > 0} onDelete={() => setDeleting(eventType)} />
            ))}
          </Card>
        </Box>
      ))}
      <DeleteDialog eventType={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}

function EventTypeRow({ eventType, divider, onDelete }: { eventType: EventType; divider: boolean; onDelete: () => void }) {
  const { t, i18n } = useTranslation()
  const { user } = useAuthContext()
  const toggle = useToggleEventType()
  const copy = useCopy()
  const { enqueueSnackbar } = useSnackbar()
  // A member sees their teams' event types without the controls.
  const canEdit = can(user, 'eventTypes.manage', eventType)
  const durations = eventType.durations.map((d) => formatMinutes(d, i18n.language)).join(' · ')
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 2, p: 2.5, alignItems: { sm: 'center' }, borderTop: divider ? 1 : 0, borderColor: 'divider' }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
          {canEdit ? (
            <Typography
              variant="subtitle1"
              component={Link}
              to={`/calendar/event-types/${eventType.id}`}
              sx={{ color: 'text.primary', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
            >
              {eventType.title}
            </Typography>
          ) : (
            <Typography variant="subtitle1">{eventType.title}</Typography>
          )}
          <Chip size="small" variant="outlined" label={t(`calendarApp.eventTypes.kinds.${eventType.kind}`)} />
          {eventType.requiresConfirmation && (
            <Chip size="small" color="warning" variant="outlined" label={t('calendarApp.eventTypes.needsConfirmation')} />
          )}
          {eventType.hidden && <Chip size="small" label={t('calendarApp.eventTypes.hidden')} />}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {durations}
          {eventType.kind !== 'personal' && eventType.hosts.length > 0 && ` · ${eventType.hosts.map((h) => h.name).join(', ')}`}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', wordBreak: 'break-all' }} dir="ltr">
          {eventType.bookingUrl}
        </Typography>
      </Box>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        <Tooltip title={eventType.hidden ? t('calendarApp.eventTypes.hidden') : t('calendarApp.eventTypes.active')}>
          <Switch
            checked={!eventType.hidden}
            disabled={!canEdit || toggle.isPending}
            onChange={(event) =>
              toggle
                .mutateAsync({ id: eventType.id, hidden: !event.target.checked })
                .catch((error: Error) => enqueueSnackbar(serverErrorText(t, error), { variant: 'error' }))
            }
            slotProps={{ input: { 'aria-label': t('calendarApp.eventTypes.activeLabel', { title: eventType.title }) } }}
          />
        </Tooltip>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          startIcon={<ContentCopyRounded />}
          onClick={() => void copy(eventType.bookingUrl)}
        >
          {t('calendarApp.eventTypes.copy')}
        </Button>
        {canEdit && (
          <>
            <Tooltip title={t('calendarApp.eventTypes.edit')}>
              <IconButton
                component={Link}
                to={`/calendar/event-types/${eventType.id}`}
                aria-label={`${t('calendarApp.eventTypes.edit')}: ${eventType.title}`}
              >
                <EditOutlined />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('calendarApp.eventTypes.delete')}>
              <IconButton onClick={onDelete} aria-label={`${t('calendarApp.eventTypes.delete')}: ${eventType.title}`}>
                <DeleteOutlineRounded />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Stack>
    </Stack>
  )
}

function DeleteDialog({ eventType, onClose }: { eventType: EventType | null; onClose: () => void }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const remove = useDeleteEventType()
  async function confirm() {
    if (!eventType) return
    await remove.mutateAsync(eventType.id)
    enqueueSnackbar(t('calendarApp.eventTypes.deleted'), { variant: 'success' })
    onClose()
  }
  return (
    <ConfirmDialog
      open={!!eventType}
      title={t('calendarApp.eventTypes.deleteTitle', { title: eventType?.title ?? '' })}
      text={t('calendarApp.eventTypes.deleteText')}
      confirmLabel={t('calendarApp.eventTypes.delete')}
      cancelLabel={t('calendarApp.form.cancel')}
      color="error"
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() => void confirm().catch(() => undefined)}
    />
  )
}
