import type { LibraryFile, LibraryFolder } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import FolderOutlined from '@mui/icons-material/FolderOutlined'
import SearchRounded from '@mui/icons-material/SearchRounded'
import UploadFileRounded from '@mui/icons-material/UploadFileRounded'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material'
import { useRef, useState } from 'react'
import { FileTypeIcon, fileKind } from '../../components/FileTypeIcon'
import { serverErrorText } from '../../lib/errorText'
import { intlLocale } from '../../lib/intl'
import { formatFileSize } from '../../lib/upload'
import { useTranslation } from '../../locales/i18n'
import { useLibrary, useUploadLibraryFile } from './queries'

type Props = {
  open: boolean
  /** The files already there, shown as such. */
  taken?: string[]
  /** Which files may be chosen (a product image must be a picture). */
  accepts?(file: LibraryFile): boolean
  pending: boolean
  error: unknown
  onPick(file: LibraryFile): void
  onClose(): void
  /** Also lets a new file be uploaded into the folder shown (of these types, for `accept`), then picks it. */
  uploads?: { accept: string }
}

/** Chooses a file of the organization's library, by folder or by search, to show somewhere by reference. */
export function LibraryPicker({ open, taken = [], accepts = () => true, pending, error, onPick, onClose, uploads }: Props) {
  const { t, i18n } = useTranslation()
  const [path, setPath] = useState<LibraryFolder[]>([])
  const [q, setQ] = useState('')
  const folder = path.at(-1) ?? null
  const listing = useLibrary(folder?.id ?? null, q.trim(), open)
  const locale = intlLocale(i18n.language)
  const send = useUploadLibraryFile()
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const sendFile = (file: File) => {
    setProgress(0)
    send.mutate(
      { file, folderId: folder?.id ?? null, onProgress: setProgress },
      {
        onSuccess: (uploaded) => {
          if (accepts(uploaded)) onPick(uploaded)
        },
        onSettled: () => setProgress(null),
      },
    )
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="library-picker-title">
      <DialogTitle id="library-picker-title">{t('files.picker.title')}</DialogTitle>
      <DialogContent dividers>
        <TextField
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder={t('files.library.search')}
          size="small"
          fullWidth
          slotProps={{
            htmlInput: { 'aria-label': t('files.library.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ mb: 1 }}
        />
        {uploads && (
          <>
            <input
              ref={input}
              type="file"
              accept={uploads.accept}
              hidden
              onChange={(event) => {
                const file = event.target.files?.[0]
                event.target.value = ''
                if (file) sendFile(file)
              }}
            />
            <Button
              startIcon={<UploadFileRounded />}
              onClick={() => input.current?.click()}
              disabled={progress !== null || pending}
              sx={{ mb: 1 }}
            >
              {folder ? t('files.picker.uploadInto', { folder: folder.name }) : t('files.picker.upload')}
            </Button>
            {progress !== null && (
              <LinearProgress variant="determinate" value={progress * 100} aria-label={t('files.picker.uploading')} sx={{ mb: 1 }} />
            )}
          </>
        )}
        {error || send.error ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {serverErrorText(t, error || send.error)}
          </Alert>
        ) : null}
        {!q.trim() && folder && (
          <Button
            startIcon={<ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
            onClick={() => setPath(path.slice(0, -1))}
          >
            {path.length > 1 ? path.at(-2)?.name : t('files.library.top')}
          </Button>
        )}
        {listing.isError ? (
          <Alert severity="error">{serverErrorText(t, listing.error)}</Alert>
        ) : !listing.data ? (
          <Skeleton variant="rounded" height={120} />
        ) : listing.data.folders.length === 0 && listing.data.files.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', py: 2 }}>{q.trim() ? t('files.library.noMatch') : t('files.picker.empty')}</Typography>
        ) : (
          <List dense>
            {listing.data.folders.map((child) => (
              <ListItemButton key={child.id} onClick={() => setPath([...path, child])}>
                <ListItemIcon>
                  <FolderOutlined color="warning" />
                </ListItemIcon>
                <ListItemText primary={<bdi>{child.name}</bdi>} />
              </ListItemButton>
            ))}
            {listing.data.files.map((file) => {
              const already = taken.includes(file.id)
              const allowed = accepts(file)
              return (
                <ListItemButton key={file.id} disabled={pending || already || !allowed} onClick={() => onPick(file)}>
                  <ListItemIcon>
                    <FileTypeIcon contentType={file.contentType} />
                  </ListItemIcon>
                  <ListItemText
                    primary={<bdi>{file.name}</bdi>}
                    secondary={
                      already
                        ? t('files.picker.already')
                        : !allowed
                          ? t('files.picker.notAllowed')
                          : `${fileKind(file.contentType).label} · ${formatFileSize(file.size, locale)}`
                    }
                  />
                </ListItemButton>
              )
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            send.reset()
            onClose()
          }}
        >
          {t('files.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
