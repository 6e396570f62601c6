import type { Salesroom } from '@closeroom/shared'
import { Alert, Button, Card, CardContent, CardHeader } from '@mui/material'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AddressField } from '../../components/AddressField'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useRotateSalesroom } from './queries'

/** The room's address to share, and a new one when the old link went where it should not. */
export function AddressCard({ dealId, room }: { dealId: string; room: Salesroom }) {
  const { t } = useTranslation()
  const rotate = useRotateSalesroom(dealId)
  const [confirming, setConfirming] = useState(false)
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
        <Button sx={{ mt: 2 }} color="warning" variant="outlined" onClick={() => setConfirming(true)}>
          {t('salesroom.editor.rotate')}
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('salesroom.editor.rotateTitle')}
        text={t('salesroom.editor.rotateText')}
        confirmLabel={t('salesroom.editor.rotateConfirm')}
        cancelLabel={t('salesroom.editor.cancel')}
        color="warning"
        pending={rotate.isPending}
        error={rotate.error?.message}
        onClose={() => setConfirming(false)}
        onConfirm={() => rotate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </Card>
  )
}
