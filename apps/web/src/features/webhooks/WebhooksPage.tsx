import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import MoreVertRounded from '@mui/icons-material/MoreVertRounded'
import SendRounded from '@mui/icons-material/SendRounded'
import { Alert, Box, Button, Card, Chip, IconButton, Menu, MenuItem, Skeleton, Stack, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { DeliveryLog } from './DeliveryLog'
import { EndpointDialog } from './EndpointDialog'
import { useDeleteEndpoint, useEndpoints, useRollSecret, useSendTest, useUpdateEndpoint } from './queries'
import { SecretDialog } from './SecretDialog'

const SHOWN_EVENTS = 4

/**
 * /admin-settings/crm-integrations: the organization's webhook endpoints, each with its events, its state, a
 * test event, its secret (shown once, on creation and on a roll) and its delivery log. Owners and admins only
 * (the route and the server both say so).
 */
export default function WebhooksPage() {
  const { t } = useTranslation()
  const endpoints = useEndpoints()
  // undefined: closed; null: a new endpoint; an endpoint: editing it.
  const [editing, setEditing] = useState<WebhookEndpoint | null | undefined>(undefined)
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null)
  const [rolling, setRolling] = useState<WebhookEndpoint | null>(null)
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null)
  const roll = useRollSecret()
  const remove = useDeleteEndpoint()
  const { enqueueSnackbar } = useSnackbar()

  return (
    <Box component="section" aria-labelledby="webhooks-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography id="webhooks-title" variant="h5" component="h2">
          {t('webhooks.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing(null)}>
          {t('webhooks.add')}
        </Button>
      </Stack>
      <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: 760 }}>{t('webhooks.intro')}</Typography>

      {endpoints.isError && <Alert severity="error">{serverErrorText(t, endpoints.error)}</Alert>}
      {endpoints.isPending && <Skeleton variant="rounded" height={140} />}
      {endpoints.data?.length === 0 && (
        <Card sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
          <Typography>{t('webhooks.empty')}</Typography>
        </Card>
      )}
      <Stack spacing={2}>
        {endpoints.data?.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onEdit={() => setEditing(endpoint)}
            onRoll={() => setRolling(endpoint)}
            onDelete={() => setDeleting(endpoint)}
          />
        ))}
      </Stack>

      {editing !== undefined && (
        <EndpointDialog
          endpoint={editing}
          onClose={() => setEditing(undefined)}
          onCreated={(created) => {
            setEditing(undefined)
            setSecret(created)
          }}
        />
      )}
      {secret && <SecretDialog url={secret.endpoint.url} secret={secret.secret} onClose={() => setSecret(null)} />}
      <ConfirmDialog
        open={!!rolling}
        title={t('webhooks.roll.title')}
        text={t('webhooks.roll.text')}
        confirmLabel={t('webhooks.roll.confirm')}
        cancelLabel={t('webhooks.form.cancel')}
        color="warning"
        pending={roll.isPending}
        error={roll.error}
        onClose={() => {
          setRolling(null)
          roll.reset()
        }}
        onConfirm={() =>
          rolling &&
          roll.mutate(rolling.id, {
            onSuccess: (rolled) => {
              setRolling(null)
              setSecret(rolled)
            },
          })
        }
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('webhooks.remove.title')}
        text={t('webhooks.remove.text', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.remove.confirm')}
        cancelLabel={t('webhooks.form.cancel')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setDeleting(null)
          remove.reset()
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null)
              enqueueSnackbar(t('webhooks.snacks.deleted'), { variant: 'success' })
            },
          })
        }
      />
    </Box>
  )
}

function EndpointCard({
  endpoint,
  onEdit,
  onRoll,
  onDelete,
}: {
  endpoint: WebhookEndpoint
  onEdit: () => void
  onRoll: () => void
  onDelete: () => void
}) {
  const { t, i18n } = useTranslation()
  const [menu, setMenu] = useState<HTMLElement | null>(null)
  const [showLog, setShowLog] = useState(false)
  const test = useSendTest()
  const update = useUpdateEndpoint()
  const { enqueueSnackbar } = useSnackbar()
  const state = endpoint.active ? 'active' : endpoint.pausedForFailures ? 'pausedForFailures' : 'paused'
  const failed = (error: unknown) => enqueueSnackbar(serverErrorText(t, error), { variant: 'error' })
  const setActive = (active: boolean) => {
    setMenu(null)
    update.mutate(
      { id: endpoint.id, body: { active } },
      {
        onSuccess: () => enqueueSnackbar(t(active ? 'webhooks.snacks.resumed' : 'webhooks.snacks.paused'), { variant: 'success' }),
        onError: failed,
      },
    )
  }

  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }} data-testid="webhook-endpoint">
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 600, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            <bdi dir="ltr">{endpoint.url}</bdi>
          </Typography>
          {endpoint.description && (
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {endpoint.description}
            </Typography>
          )}
        </Box>
        <Chip
          size="small"
          color={state === 'active' ? 'success' : state === 'paused' ? 'default' : 'error'}
          label={t(`webhooks.status.${state}`)}
        />
        <IconButton
          size="small"
          aria-label={t('webhooks.actions.menu', { url: endpoint.url })}
          aria-haspopup="menu"
          onClick={(event) => setMenu(event.currentTarget)}
        >
          <MoreVertRounded />
        </IconButton>
        <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
          <MenuItem
            onClick={() => {
              setMenu(null)
              onEdit()
            }}
          >
            {t('webhooks.actions.edit')}
          </MenuItem>
          <MenuItem onClick={() => setActive(!endpoint.active)}>
            {t(endpoint.active ? 'webhooks.actions.pause' : 'webhooks.actions.resume')}
          </MenuItem>
          <MenuItem
            onClick={() => {
              setMenu(null)
              onRoll()
            }}
          >
            {t('webhooks.actions.roll')}
          </MenuItem>
          <MenuItem
            sx={{ color: 'error.main' }}
            onClick={() => {
              setMenu(null)
              onDelete()
            }}
          >
            {t('webhooks.actions.delete')}
          </MenuItem>
        </Menu>
      </Stack>

      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 1.5 }}>
        {endpoint.events.slice(0, SHOWN_EVENTS).map((type) => (
          <Chip key={type} size="small" variant="outlined" label={t(`webhooks.events.${type}`)} />
        ))}
        {endpoint.events.length > SHOWN_EVENTS && (
          <Chip
            size="small"
            variant="outlined"
            label={t('webhooks.moreEvents', { n: endpoint.events.length - SHOWN_EVENTS })}
            title={endpoint.events
              .slice(SHOWN_EVENTS)
              .map((type) => t(`webhooks.events.${type}`))
              .join(', ')}
          />
        )}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
        {endpoint.createdBy &&
          t('webhooks.addedBy', { name: endpoint.createdBy.name, date: formatDateTime(endpoint.createdAt, i18n.language) })}
        {endpoint.failingSince && (
          <Box component="span" sx={{ display: 'block', color: 'error.main' }}>
            {t('webhooks.status.failingSince', { time: formatDateTime(endpoint.failingSince, i18n.language) })}
          </Box>
        )}
      </Typography>

      <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<SendRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
          loading={test.isPending}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => {
                setShowLog(true)
                enqueueSnackbar(t('webhooks.snacks.testQueued'), { variant: 'success' })
              },
              onError: failed,
            })
          }
        >
          {t('webhooks.actions.test')}
        </Button>
        <Button size="small" color="inherit" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {t(showLog ? 'webhooks.actions.hideLog' : 'webhooks.actions.showLog')}
        </Button>
      </Stack>
      {showLog && <DeliveryLog endpointId={endpoint.id} />}
    </Card>
  )
}
