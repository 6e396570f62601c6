import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded'
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded'
import { IconButton, Stack, TextField, Tooltip } from '@mui/material'
import { useSnackbar } from 'notistack'

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
