import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded'
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { useId } from 'react'
import { useTranslation } from '../../locales/i18n'

/** The secret of a new or rolled endpoint: the one time it is shown. */
export function SecretDialog({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const labelId = useId()
  const { enqueueSnackbar } = useSnackbar()
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => enqueueSnackbar(t('webhooks.secret.copied'), { variant: 'success' }),
      () => undefined,
    )
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('webhooks.secret.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, overflowWrap: 'anywhere' }}>
          <bdi dir="ltr">{url}</bdi>
        </Typography>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('webhooks.secret.text')}
        </Alert>
        <Typography id={labelId} variant="subtitle2" sx={{ mb: 0.5 }}>
          {t('webhooks.secret.label')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            component="code"
            data-testid="webhook-secret"
            aria-labelledby={labelId}
            dir="ltr"
            sx={{
              flex: 1,
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontFamily: 'monospace',
              fontSize: 14,
              overflowWrap: 'anywhere',
              userSelect: 'all',
            }}
          >
            {secret}
          </Box>
          <Tooltip title={t('webhooks.secret.copy')}>
            <IconButton onClick={() => void copy()} aria-label={t('webhooks.secret.copy')}>
              <ContentCopyRounded />
            </IconButton>
          </Tooltip>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('webhooks.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
