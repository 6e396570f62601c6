import type { LibraryFile, LibraryFolder } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import DownloadRounded from '@mui/icons-material/DownloadRounded'
import FolderOutlined from '@mui/icons-material/FolderOutlined'
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material'
import { type FormEvent, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { PdfPages } from '../../components/pdf/PdfPages'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { useLibrary } from './queries'

/** A name to give: a new folder's, or a folder's or file's new one. */
export function NameDialog({
  title,
  label,
  initial,
  pending,
  error,
  onSave,
  onClose,
}: {
  title: string
  label: string
  initial: string
  pending: boolean
  error: unknown
  onSave(name: string): void
  onClose(): void
}) {
  const { t } = useTranslation()
  const [name, setName] = useState(initial)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim()) onSave(name.trim())
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="name-dialog-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="name-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            label={label}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoFocus
            fullWidth
            margin="dense"
            error={!!error}
            helperText={error ? serverErrorText(t, error) : undefined}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('files.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending || !name.trim()}>
            {t('files.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}

/** Where a file or a folder goes: the folders, browsed from the top (a folder's own branch left out), and "Move here". */
export function MoveDialog({
  item,
  pending,
  error,
  onMove,
  onClose,
}: {
  /** What moves: its name, the folder it is in, and, for a folder, its id (it cannot go inside itself). */
  item: { name: string; folderId: string | null; folder?: string }
  pending: boolean
  error: unknown
  onMove(folderId: string | null): void
  onClose(): void
}) {
  const { t } = useTranslation()
  const [path, setPath] = useState<LibraryFolder[]>([])
  const here = path.at(-1) ?? null
  const listing = useLibrary(here?.id ?? null)
  const same = (here?.id ?? null) === item.folderId
  const folders = listing.data?.folders.filter((folder) => folder.id !== item.folder)
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="move-dialog-title">
      <DialogTitle id="move-dialog-title">{t('files.move.title', { name: item.name })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('files.move.in', { folder: here?.name ?? t('files.library.top') })}
        </Typography>
        {error ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {serverErrorText(t, error)}
          </Alert>
        ) : null}
        {here && (
          <Button
            startIcon={<ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
            onClick={() => setPath(path.slice(0, -1))}
          >
            {path.length > 1 ? path.at(-2)?.name : t('files.library.top')}
          </Button>
        )}
        {!folders ? (
          <Skeleton variant="rounded" height={80} />
        ) : folders.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', py: 1 }}>{t('files.move.noFolders')}</Typography>
        ) : (
          <List dense>
            {folders.map((folder) => (
              <ListItemButton key={folder.id} onClick={() => setPath([...path, folder])}>
                <ListItemIcon>
                  <FolderOutlined color="warning" />
                </ListItemIcon>
                <ListItemText primary={<bdi>{folder.name}</bdi>} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('files.cancel')}</Button>
        <Button variant="contained" disabled={pending || same} onClick={() => onMove(here?.id ?? null)}>
          {t('files.move.here')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** A file shown as it is: a PDF's pages (pdf.js), a picture, a video; anything else is downloaded. */
export function PreviewDialog({ file, onClose }: { file: LibraryFile; onClose(): void }) {
  const { t } = useTranslation()
  const type = file.contentType
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="preview-title">
      <DialogTitle id="preview-title" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
        {file.name}
      </DialogTitle>
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby="preview-title" sx={{ bgcolor: 'action.hover' }}>
        {type === 'application/pdf' ? (
          <PdfPages url={file.url} />
        ) : type.startsWith('image/') ? (
          <Box component="img" src={file.url} alt={file.name} sx={{ display: 'block', maxWidth: 1, maxHeight: '70vh', mx: 'auto' }} />
        ) : type.startsWith('video/') ? (
          <Box component="video" src={file.url} controls aria-label={file.name} sx={{ display: 'block', width: 1, maxHeight: '70vh' }} />
        ) : (
          <Typography sx={{ py: 2 }}>{t('files.preview.none')}</Typography>
        )}
        {file.usages.length > 0 && (
          <Typography variant="body2" sx={{ mt: 2 }}>
            {t('files.library.usedIn')}{' '}
            {file.usages.map((usage, index) => (
              <span key={`${usage.kind}-${usage.id}`}>
                {index > 0 && ', '}
                <Link component={RouterLink} to={usage.url}>
                  <bdi>{usage.name}</bdi>
                </Link>
              </span>
            ))}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<DownloadRounded />} href={`${file.url}?download=1`} download>
          {t('files.library.download')}
        </Button>
        <Button onClick={onClose} variant="contained">
          {t('files.close')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
