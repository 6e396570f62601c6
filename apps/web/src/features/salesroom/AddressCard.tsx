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
        <AddressField url={url} testId="room-url" texts="salesroom.editor" />
        <RotateAddressButton rotate={rotate} texts="salesroom.editor" />
      </CardContent>
    </Card>
  )
}
