import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded'
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded'
import { Button, IconButton, Stack, TextField, Tooltip } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { ConfirmDialog } from './ConfirmDialog'

type Labels = { label: string; copy: string; open: string; copied: string }

/**
 * A public page's address, read-only, with copy and open buttons. Where the clipboard is refused (an
 * http page, a denied permission), the address shows in a toast to copy by hand.
 */
export function AddressField({ url, labels, testId }: { url: string; labels: Labels; testId?: string }) {
  const { enqueueSnackbar } = useSnackbar()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      enqueueSnackbar(labels.copied, { variant: 'success' })
    } catch {
      enqueueSnackbar(url, { variant: 'info' })
    }
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        value={url}
        label={labels.label}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': testId } }}
      />
      <Tooltip title={labels.copy}>
        <IconButton aria-label={labels.copy} onClick={() => void copy()}>
          <ContentCopyRounded />
        </IconButton>
      </Tooltip>
      <Tooltip title={labels.open}>
        <IconButton aria-label={labels.open} href={url} target="_blank" rel="noopener noreferrer">
          <OpenInNewRounded />
        </IconButton>
      </Tooltip>
    </Stack>
  )
}

type RotateLabels = { button: string; title: string; text: string; confirm: string; cancel: string }
type Rotation = {
  isPending: boolean
  error: { message: string } | null
  mutate(variables: undefined, options: { onSuccess(): void }): void
}

/** "New address": after a confirmation, the old link stops working (a room's or a product room's). */
export function RotateAddressButton({ labels, rotate }: { labels: RotateLabels; rotate: Rotation }) {
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <Button sx={{ mt: 2 }} color="warning" variant="outlined" onClick={() => setConfirming(true)}>
        {labels.button}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={labels.title}
        text={labels.text}
        confirmLabel={labels.confirm}
        cancelLabel={labels.cancel}
        color="warning"
        pending={rotate.isPending}
        error={rotate.error?.message}
        onClose={() => setConfirming(false)}
        onConfirm={() => rotate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </>
  )
}
