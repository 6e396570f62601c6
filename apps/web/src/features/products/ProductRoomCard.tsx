import type { Product, ProductRoomSettings } from '@closeroom/shared'
import { Alert, Card, FormControlLabel, MenuItem, Skeleton, Stack, Switch, TextField, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { AddressField, RotateAddressButton } from '../../components/AddressField'
import { FormError } from '../../components/FormError'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { useEventTypes } from '../booking/queries'
import { RoutingFormSelect } from '../routing/RoutingFormSelect'
import { useProductRoom, useRotateProductRoom, useSaveProductRoom } from './queries'

/**
 * The product's public room at /p/:id: publish it, pick its booking widget, share or replace its address.
 * Each change saves at once.
 */
export function ProductRoomCard({ product }: { product: Product }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const room = useProductRoom(product.id)
  const eventTypes = useEventTypes()
  const save = useSaveProductRoom(product.id)
  const rotate = useRotateProductRoom(product.id)

  const header = (
    <Typography variant="h6" component="h2">
      {t('productRoom.card.title')}
    </Typography>
  )
  if (room.isError)
    return (
      <Card sx={{ p: 3, maxWidth: 640, mt: 3 }}>
        {header}
        <Alert severity="error" sx={{ mt: 2 }}>
          {serverErrorText(t, room.error)}
        </Alert>
      </Card>
    )
  if (!room.data) return <Skeleton variant="rounded" height={200} sx={{ maxWidth: 640, mt: 3 }} />
  const current = room.data

  const change = (settings: Partial<ProductRoomSettings>) =>
    save.mutate(
      { published: current.published, eventTypeId: current.eventType?.id ?? null, routingFormId: current.routingFormId, ...settings },
      { onSuccess: () => enqueueSnackbar(t('productRoom.card.saved'), { variant: 'success' }) },
    )
  // The seller may be on another address than the server's (a dev server, a LAN name): show this one.
  const url = current.roomId ? `${window.location.origin}/p/${current.roomId}` : null
  // Visible event types this admin sees, plus the room's own (perhaps a teammate's) so the select can show it.
  const options = (eventTypes.data ?? []).filter((e) => !e.hidden).map((e) => ({ id: e.id, title: e.title }))
  if (current.eventType && !options.some((o) => o.id === current.eventType?.id))
    options.unshift({ id: current.eventType.id, title: `${current.eventType.title} (${current.eventType.ownerName})` })

  return (
    <Card sx={{ p: 3, maxWidth: 640, mt: 3 }}>
      <Stack spacing={2.5}>
        <div>
          {header}
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('productRoom.card.intro')}
          </Typography>
        </div>
        <FormError error={save.error} />
        {!product.active && <Alert severity="info">{t('productRoom.card.inactive')}</Alert>}
        <FormControlLabel
          control={
            <Switch
              // The switch follows the click at once; the server's answer settles it.
              checked={save.isPending && save.variables ? save.variables.published : current.published}
              disabled={save.isPending || (!product.active && !current.published)}
              onChange={(event) => change({ published: event.target.checked })}
            />
          }
          label={t('productRoom.card.published')}
        />
        {!current.published && product.active && current.roomId && <Alert severity="warning">{t('productRoom.card.unpublished')}</Alert>}
        <TextField
          select
          label={t('productRoom.card.eventType')}
          value={current.eventType?.id ?? ''}
          onChange={(event) => change({ eventTypeId: event.target.value || null })}
          helperText={t('productRoom.card.eventTypeHelp')}
          disabled={save.isPending}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">
            <em>{t('productRoom.card.noEventType')}</em>
          </MenuItem>
          {options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.title}
            </MenuItem>
          ))}
        </TextField>
        <RoutingFormSelect
          label={t('productRoom.card.routingForm')}
          none={t('productRoom.card.noRoutingForm')}
          helperText={t('productRoom.card.routingFormHelp')}
          value={current.routingFormId}
          onChange={(routingFormId) => change({ routingFormId })}
          disabled={save.isPending}
        />
        {url && (
          <div>
            <AddressField url={url} testId="product-room-url" texts="productRoom.card" />
            <RotateAddressButton rotate={rotate} texts="productRoom.card" />
          </div>
        )}
      </Stack>
    </Card>
  )
}
