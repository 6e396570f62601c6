import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded'
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded'
import { Button, IconButton, Stack, TextField, Tooltip } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { useTranslation } from '../locales/i18n'
import { ConfirmDialog } from './ConfirmDialog'

/**
 * A public page's address, read-only, with copy and open buttons. Where the clipboard is refused (an
 * http page, a denied permission), the address shows in a toast to copy by hand. `texts` is the key prefix
 * of the page's words for it: `address`, `copy`, `open` and `copied` (each public page names its own).
 */
export function AddressField({ url, texts, testId }: { url: string; texts: string; testId?: string }) {
  const { t } = useTranslation()
  const openLabel = t(`${texts}.open`)
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        value={url}
        label={t(`${texts}.address`)}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': testId } }}
      />
      <CopyAddressButton url={url} texts={texts} />
      <Tooltip title={openLabel}>
        <IconButton aria-label={openLabel} href={url} target="_blank" rel="noopener noreferrer">
          <OpenInNewRounded />
        </IconButton>
      </Tooltip>
    </Stack>
  )
}

/**
 * Copies a public address, saying so in a toast (or showing it to copy by hand where the clipboard is refused).
 * `texts` holds `copy` and `copied`; `name` tells apart the buttons of a list's rows.
 */
export function CopyAddressButton({ url, texts, name, size }: { url: string; texts: string; name?: string; size?: 'small' }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const label = t(`${texts}.copy`)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      enqueueSnackbar(t(`${texts}.copied`), { variant: 'success' })
    } catch {
      enqueueSnackbar(url, { variant: 'info' })
    }
  }
  return (
    <Tooltip title={label}>
      <IconButton size={size} aria-label={name ? `${label}: ${name}` : label} onClick={() => void copy()}>
        <ContentCopyRounded fontSize={size} />
      </IconButton>
    </Tooltip>
  )
}

type Rotation = {
  isPending: boolean
  error: unknown
  mutate(variables: undefined, options: { onSuccess(): void }): void
}

/**
 * "New address": after a confirmation, the old link stops working (a room's or a product room's). `texts` is
 * the key prefix of `rotate`, `rotateTitle`, `rotateText`, `rotateConfirm` and `cancel`.
 */
export function RotateAddressButton({ texts, rotate }: { texts: string; rotate: Rotation }) {
  const { t } = useTranslation()
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <Button sx={{ mt: 2 }} color="warning" variant="outlined" onClick={() => setConfirming(true)}>
        {t(`${texts}.rotate`)}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t(`${texts}.rotateTitle`)}
        text={t(`${texts}.rotateText`)}
        confirmLabel={t(`${texts}.rotateConfirm`)}
        cancelLabel={t(`${texts}.cancel`)}
        color="warning"
        pending={rotate.isPending}
        error={rotate.error}
        onClose={() => setConfirming(false)}
        onConfirm={() => rotate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </>
  )
}
