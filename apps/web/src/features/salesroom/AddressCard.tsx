import type { Salesroom } from '@closeroom/shared'
import { Alert, Card, CardContent, CardHeader } from '@mui/material'
import { AddressField, RotateAddressButton } from '../../components/AddressField'
import { useTranslation } from '../../locales/i18n'
import { useRotateSalesroom } from './queries'

/** The room's address to share, and a new one when the old link went where it should not. */
export function AddressCard({ dealId, room }: { dealId: string; room: Salesroom }) {
  const { t } = useTranslation()
  const rotate = useRotateSalesroom(dealId)
  // The server knows its public address; the seller may be on another one (a dev server, a LAN name).
  const url = `${window.location.origin}/d/${room.publicId}`

  return (
    <Card>
      <CardHeader title={t('salesroom.editor.address')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {!room.published && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('salesroom.editor.unpublished')}
          </Alert>
        )}
        <AddressField
          url={url}
          testId="room-url"
          labels={{
            label: t('salesroom.editor.address'),
            copy: t('salesroom.editor.copy'),
            open: t('salesroom.editor.open'),
            copied: t('salesroom.editor.copied'),
          }}
        />
        <RotateAddressButton
          rotate={rotate}
          labels={{
            button: t('salesroom.editor.rotate'),
            title: t('salesroom.editor.rotateTitle'),
            text: t('salesroom.editor.rotateText'),
            confirm: t('salesroom.editor.rotateConfirm'),
            cancel: t('salesroom.editor.cancel'),
          }}
        />
      </CardContent>
    </Card>
  )
}
