import type { Salesroom } from '@closeroom/shared'
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded'
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded'
import { Alert, Button, Card, CardContent, CardHeader, IconButton, Stack, TextField, Tooltip } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useRotateSalesroom } from './queries'

/** The room's address to share, and a new one when the old link went where it should not. */
export function AddressCard({ dealId, room }: { dealId: string; room: Salesroom }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const rotate = useRotateSalesroom(dealId)
  const [confirming, setConfirming] = useState(false)
  // The server knows its public address; the seller may be on another one (a dev server, a LAN name).
  const url = `${window.location.origin}/d/${room.publicId}`

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      enqueueSnackbar(t('salesroom.editor.copied'), { variant: 'success' })
    } catch {
      enqueueSnackbar(url, { variant: 'info' })
    }
  }

  return (
    <Card>
      <CardHeader title={t('salesroom.editor.address')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {!room.published && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('salesroom.editor.unpublished')}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            value={url}
            label={t('salesroom.editor.address')}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'room-url' } }}
          />
          <Tooltip title={t('salesroom.editor.copy')}>
            <IconButton aria-label={t('salesroom.editor.copy')} onClick={() => void copy()}>
              <ContentCopyRounded />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('salesroom.editor.open')}>
            <IconButton aria-label={t('salesroom.editor.open')} href={url} target="_blank" rel="noopener noreferrer">
              <OpenInNewRounded />
            </IconButton>
          </Tooltip>
        </Stack>
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
