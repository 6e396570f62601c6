import type { LibraryFile, LibraryFolder } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import FolderOutlined from '@mui/icons-material/FolderOutlined'
import SearchRounded from '@mui/icons-material/SearchRounded'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material'
import { useState } from 'react'
import { FileTypeIcon, fileKind } from '../../components/FileTypeIcon'
import { serverErrorText } from '../../lib/errorText'
import { intlLocale } from '../../lib/intl'
import { formatFileSize } from '../../lib/upload'
import { useTranslation } from '../../locales/i18n'
import { useLibrary } from './queries'

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
}

/** Chooses a file of the organization's library, by folder or by search, to show somewhere by reference. */
export function LibraryPicker({ open, taken = [], accepts = () => true, pending, error, onPick, onClose }: Props) {
  const { t, i18n } = useTranslation()
  const [path, setPath] = useState<LibraryFolder[]>([])
  const [q, setQ] = useState('')
  const folder = path.at(-1) ?? null
  const listing = useLibrary(folder?.id ?? null, q.trim(), open)
  const locale = intlLocale(i18n.language)

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
        {error ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {serverErrorText(t, error)}
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
        <Button onClick={onClose}>{t('files.cancel')}</Button>
      </DialogActions>
    </Dialog>
  )
}
