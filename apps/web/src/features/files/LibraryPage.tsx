import { FILE_LIMITS, LIBRARY_TYPES, type LibraryFile, type LibraryFolder } from '@closeroom/shared'
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined'
import FolderOutlined from '@mui/icons-material/FolderOutlined'
import InsightsOutlined from '@mui/icons-material/InsightsOutlined'
import MoreVertRounded from '@mui/icons-material/MoreVertRounded'
import SearchRounded from '@mui/icons-material/SearchRounded'
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Card,
  CardContent,
  IconButton,
  InputAdornment,
  LinearProgress,
  Link,
  Menu,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useRef, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { FileDrop, useFileUploads } from '../../components/FileDrop'
import { FileTypeIcon, fileKind } from '../../components/FileTypeIcon'
import { PageHeader } from '../../components/PageHeader'
import { visuallyHidden } from '../../components/visuallyHidden'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime, intlLocale } from '../../lib/intl'
import { formatFileSize } from '../../lib/upload'
import { useTranslation } from '../../locales/i18n'
import { DeleteFolderDialog } from './DeleteFolderDialog'
import { MoveDialog, NameDialog, PreviewDialog } from './FileDialogs'
import {
  useCreateFolder,
  useDeleteLibraryFile,
  useLibrary,
  useReplaceLibraryFile,
  useUpdateFolder,
  useUpdateLibraryFile,
  useUploadLibraryFile,
} from './queries'

const MAX_MB = FILE_LIMITS.libraryBytes / 1024 / 1024
const ACCEPT = [...LIBRARY_TYPES, '.pdf', '.docx', '.xlsx', '.pptx', '.txt', '.csv', '.mp4', '.webm'].join(',')

type Dialogs =
  | { kind: 'newFolder' }
  | { kind: 'renameFolder'; folder: LibraryFolder }
  | { kind: 'moveFolder'; folder: LibraryFolder }
  | { kind: 'deleteFolder'; folder: LibraryFolder }
  | { kind: 'renameFile'; file: LibraryFile }
  | { kind: 'moveFile'; file: LibraryFile }
  | { kind: 'deleteFile'; file: LibraryFile }
  | { kind: 'preview'; file: LibraryFile }
  | null

/** /files-manager: the organization's library, folder by folder, with uploads dropped in and a search over all of it. */
export default function LibraryPage() {
  const { t, i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  const [params, setParams] = useSearchParams()
  const folderId = params.get('folder')
  const q = params.get('q') ?? ''
  const [search, setSearch] = useState(q)
  const listing = useLibrary(folderId, q.trim())
  const [dialog, setDialog] = useState<Dialogs>(null)
  const close = () => setDialog(null)

  const send = useUploadLibraryFile()
  const uploads = useFileUploads({
    send: (file, onProgress) => send.mutateAsync({ file, folderId, onProgress }),
    maxBytes: FILE_LIMITS.libraryBytes,
    tooBig: (name) => t('files.library.tooBig', { name, size: MAX_MB }),
    uploading: (name) => t('files.library.uploading', { name }),
    failed: (error, name) => t('files.library.refused', { name, reason: serverErrorText(t, error) }),
  })
  const replace = useReplaceLibraryFile()
  const versionInput = useRef<HTMLInputElement>(null)
  const [versionOf, setVersionOf] = useState<LibraryFile | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [versionError, setVersionError] = useState<string | null>(null)
  const [versionProgress, setVersionProgress] = useState<number | null>(null)

  const createFolder = useCreateFolder()
  const updateFolder = useUpdateFolder()
  const updateFile = useUpdateLibraryFile()
  const deleteFile = useDeleteLibraryFile()

  const go = (next: { folder?: string | null; q?: string }) => {
    const nextParams = new URLSearchParams()
    const folder = next.folder === undefined ? folderId : next.folder
    if (folder) nextParams.set('folder', folder)
    if (next.q) nextParams.set('q', next.q)
    setParams(nextParams)
  }

  const storage = listing.data?.storage
  const share = storage && storage.limitBytes > 0 ? Math.min(100, (storage.usedBytes / storage.limitBytes) * 100) : 0

  return (
    <>
      <PageHeader
        title={t('files.library.title')}
        action={
          <Stack direction="row" spacing={1}>
            <Button component={RouterLink} to="/file" startIcon={<InsightsOutlined />}>
              {t('files.views.title')}
            </Button>
            <Button variant="contained" startIcon={<CreateNewFolderOutlined />} onClick={() => setDialog({ kind: 'newFolder' })}>
              {t('files.library.newFolder')}
            </Button>
          </Stack>
        }
      />
      <Stack spacing={3}>
        <Card>
          <CardContent>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
              <Box
                component="form"
                role="search"
                sx={{ flex: 1 }}
                onSubmit={(event) => {
                  event.preventDefault()
                  go({ folder: null, q: search.trim() })
                }}
              >
                <TextField
                  value={search}
                  onChange={(event) => {
                    setSearch(event.target.value)
                    if (!event.target.value.trim() && q) go({ q: '' })
                  }}
                  placeholder={t('files.library.search')}
                  size="small"
                  fullWidth
                  slotProps={{
                    htmlInput: { 'aria-label': t('files.library.search'), type: 'search' },
                    input: {
                      startAdornment: (
                        <InputAdornment position="start">
                          <SearchRounded fontSize="small" />
                        </InputAdornment>
                      ),
                    },
                  }}
                />
              </Box>
              <Box sx={{ minWidth: { md: 280 } }}>
                {storage ? (
                  <>
                    <Typography variant="body2" id="storage-used">
                      {t('files.library.storage', {
                        used: formatFileSize(storage.usedBytes, locale),
                        limit: formatFileSize(storage.limitBytes, locale),
                      })}
                    </Typography>
                    <LinearProgress
                      variant="determinate"
                      value={share}
                      color={share > 90 ? 'error' : share > 75 ? 'warning' : 'primary'}
                      aria-labelledby="storage-used"
                      sx={{ mt: 0.5, height: 6, borderRadius: 1 }}
                    />
                  </>
                ) : (
                  <Skeleton width={200} />
                )}
              </Box>
            </Stack>
          </CardContent>
        </Card>

        <Card>
          <CardContent>
            {q ? (
              <Typography variant="subtitle1" component="h2" sx={{ mb: 2 }}>
                {t('files.library.results', { q })}{' '}
                <Link
                  component="button"
                  onClick={() => {
                    setSearch('')
                    go({ q: '' })
                  }}
                  sx={{ verticalAlign: 'baseline' }}
                >
                  {t('files.library.clearSearch')}
                </Link>
              </Typography>
            ) : (
              <Breadcrumbs aria-label={t('files.library.where')} sx={{ mb: 2 }}>
                {listing.data?.folder ? (
                  <Link component="button" onClick={() => go({ folder: null })}>
                    {t('files.library.top')}
                  </Link>
                ) : (
                  <Typography sx={{ color: 'text.primary' }} aria-current="page">
                    {t('files.library.top')}
                  </Typography>
                )}
                {listing.data?.path.map((folder, index, all) =>
                  index === all.length - 1 ? (
                    <Typography key={folder.id} sx={{ color: 'text.primary' }} aria-current="page">
                      <bdi>{folder.name}</bdi>
                    </Typography>
                  ) : (
                    <Link key={folder.id} component="button" onClick={() => go({ folder: folder.id })}>
                      <bdi>{folder.name}</bdi>
                    </Link>
                  ),
                )}
              </Breadcrumbs>
            )}

            {!q && (
              <Box sx={{ mb: 2 }}>
                <FileDrop
                  label={t('files.library.choose')}
                  hint={t('files.library.hint', { size: MAX_MB })}
                  accept={ACCEPT}
                  multiple
                  progress={uploads.progress}
                  onFiles={(files) => void uploads.start(files)}
                />
              </Box>
            )}
            {uploads.error && (
              <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
                {uploads.error}
              </Alert>
            )}
            {versionProgress !== null && versionOf && (
              <Box sx={{ mb: 2 }}>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('files.library.uploading', { name: versionOf.name })}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(versionProgress * 100)}
                  aria-label={t('files.library.uploading', { name: versionOf.name })}
                />
              </Box>
            )}
            {versionError && (
              <Alert severity="error" sx={{ mb: 2 }} onClose={() => setVersionError(null)}>
                {versionError}
              </Alert>
            )}
            {notice && (
              <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
                {notice}
              </Alert>
            )}

            {listing.isError ? (
              <Alert severity="error">{serverErrorText(t, listing.error)}</Alert>
            ) : !listing.data ? (
              <Skeleton variant="rounded" height={160} />
            ) : listing.data.folders.length === 0 && listing.data.files.length === 0 ? (
              <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>
                {q ? t('files.library.noMatch') : t('files.library.empty')}
              </Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-label={t('files.library.title')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('files.library.name')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('files.library.type')}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {t('files.library.size')}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('files.library.usedIn')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{t('files.library.updated')}</TableCell>
                      <TableCell align="right">
                        <Box component="span" sx={visuallyHidden}>
                          {t('files.library.actions')}
                        </Box>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {listing.data.folders.map((folder) => (
                      <TableRow key={folder.id} hover>
                        <TableCell>
                          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                            <FolderOutlined color="warning" aria-hidden />
                            <Link component="button" onClick={() => go({ folder: folder.id })} sx={{ fontWeight: 600, textAlign: 'start' }}>
                              <bdi>{folder.name}</bdi>
                            </Link>
                          </Stack>
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('files.library.folder')}</TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }} />
                        <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }} />
                        <TableCell align="right">
                          <RowMenu
                            label={t('files.library.actionsOf', { name: folder.name })}
                            items={[
                              { label: t('files.library.rename'), run: () => setDialog({ kind: 'renameFolder', folder }) },
                              { label: t('files.library.move'), run: () => setDialog({ kind: 'moveFolder', folder }) },
                              { label: t('files.library.delete'), run: () => setDialog({ kind: 'deleteFolder', folder }) },
                            ]}
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                    {listing.data.files.map((file) => (
                      <TableRow key={file.id} hover>
                        <TableCell>
                          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                            <FileTypeIcon contentType={file.contentType} />
                            <Box sx={{ minWidth: 0 }}>
                              <Link
                                component="button"
                                onClick={() => setDialog({ kind: 'preview', file })}
                                sx={{ fontWeight: 600, textAlign: 'start', overflowWrap: 'anywhere' }}
                              >
                                <bdi>{file.name}</bdi>
                              </Link>
                              <Typography variant="caption" component="div" sx={{ color: 'text.secondary', display: { sm: 'none' } }}>
                                {fileKind(file.contentType).label} · {formatFileSize(file.size, locale)}
                              </Typography>
                            </Box>
                          </Stack>
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{fileKind(file.contentType).label}</TableCell>
                        <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                          {formatFileSize(file.size, locale)}
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                          {file.usages.length === 0 ? (
                            <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                              —
                            </Typography>
                          ) : (
                            file.usages.map((usage, index) => (
                              <span key={`${usage.kind}-${usage.id}`}>
                                {index > 0 && ', '}
                                <Link component={RouterLink} to={usage.url}>
                                  <bdi>{usage.name}</bdi>
                                </Link>
                              </span>
                            ))
                          )}
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' }}>
                          {formatDateTime(file.updatedAt, i18n.language)}
                        </TableCell>
                        <TableCell align="right">
                          <RowMenu
                            label={t('files.library.actionsOf', { name: file.name })}
                            items={[
                              { label: t('files.library.preview'), run: () => setDialog({ kind: 'preview', file }) },
                              { label: t('files.library.download'), href: `${file.url}?download=1` },
                              { label: t('files.library.rename'), run: () => setDialog({ kind: 'renameFile', file }) },
                              { label: t('files.library.move'), run: () => setDialog({ kind: 'moveFile', file }) },
                              {
                                label: t('files.library.newVersion'),
                                run: () => {
                                  setVersionOf(file)
                                  versionInput.current?.click()
                                },
                              },
                              { label: t('files.library.delete'), run: () => setDialog({ kind: 'deleteFile', file }) },
                            ]}
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            {listing.hasNextPage && (
              <Stack direction="row" sx={{ justifyContent: 'center', mt: 2 }}>
                <Button variant="outlined" loading={listing.isFetchingNextPage} onClick={() => void listing.fetchNextPage()}>
                  {t('files.library.showMore')}
                </Button>
              </Stack>
            )}
          </CardContent>
        </Card>
      </Stack>

      <input
        ref={versionInput}
        type="file"
        hidden
        accept={versionOf?.contentType}
        aria-label={t('files.library.newVersion')}
        onChange={(event) => {
          const chosen = event.target.files?.[0]
          event.target.value = ''
          if (!chosen || !versionOf) return
          const target = versionOf
          setNotice(null)
          setVersionError(null)
          setVersionProgress(0)
          replace.mutate(
            { fileId: target.id, file: chosen, onProgress: setVersionProgress },
            {
              onSuccess: () => setNotice(t('files.library.versionDone', { name: target.name, count: target.usages.length })),
              onError: (error) => setVersionError(serverErrorText(t, error)),
              onSettled: () => setVersionProgress(null),
            },
          )
        }}
      />

      {dialog?.kind === 'newFolder' && (
        <NameDialog
          title={t('files.library.newFolder')}
          label={t('files.library.folderName')}
          initial=""
          pending={createFolder.isPending}
          error={createFolder.error}
          onSave={(name) => createFolder.mutate({ name, parentId: folderId }, { onSuccess: close })}
          onClose={() => {
            createFolder.reset()
            close()
          }}
        />
      )}
      {dialog?.kind === 'renameFolder' && (
        <NameDialog
          title={t('files.library.renameTitle', { name: dialog.folder.name })}
          label={t('files.library.folderName')}
          initial={dialog.folder.name}
          pending={updateFolder.isPending}
          error={updateFolder.error}
          onSave={(name) => updateFolder.mutate({ id: dialog.folder.id, name }, { onSuccess: close })}
          onClose={() => {
            updateFolder.reset()
            close()
          }}
        />
      )}
      {dialog?.kind === 'renameFile' && (
        <NameDialog
          title={t('files.library.renameTitle', { name: dialog.file.name })}
          label={t('files.library.fileName')}
          initial={dialog.file.name}
          pending={updateFile.isPending}
          error={updateFile.error}
          onSave={(name) => updateFile.mutate({ id: dialog.file.id, name }, { onSuccess: close })}
          onClose={() => {
            updateFile.reset()
            close()
          }}
        />
      )}
      {dialog?.kind === 'moveFile' && (
        <MoveDialog
          item={dialog.file}
          pending={updateFile.isPending}
          error={updateFile.error}
          onMove={(folder) => updateFile.mutate({ id: dialog.file.id, folderId: folder }, { onSuccess: close })}
          onClose={() => {
            updateFile.reset()
            close()
          }}
        />
      )}
      {dialog?.kind === 'moveFolder' && (
        <MoveDialog
          item={{ name: dialog.folder.name, folderId: dialog.folder.parentId, folder: dialog.folder.id }}
          pending={updateFolder.isPending}
          error={updateFolder.error}
          onMove={(parentId) => updateFolder.mutate({ id: dialog.folder.id, parentId }, { onSuccess: close })}
          onClose={() => {
            updateFolder.reset()
            close()
          }}
        />
      )}
      {dialog?.kind === 'preview' && <PreviewDialog file={dialog.file} onClose={close} />}
      {dialog?.kind === 'deleteFolder' && <DeleteFolderDialog folder={dialog.folder} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'deleteFile'}
        title={t('files.library.deleteFileTitle', { name: dialog?.kind === 'deleteFile' ? dialog.file.name : '' })}
        text={
          dialog?.kind === 'deleteFile' && dialog.file.usages.length > 0
            ? t('files.library.inUse', { places: dialog.file.usages.map((u) => `${t(`files.usage.${u.kind}`)} ${u.name}`).join(', ') })
            : t('files.library.deleteFileText')
        }
        confirmLabel={t('files.library.delete')}
        cancelLabel={t('files.cancel')}
        color="error"
        pending={deleteFile.isPending}
        error={deleteFile.error}
        onConfirm={() => dialog?.kind === 'deleteFile' && deleteFile.mutate(dialog.file.id, { onSuccess: close })}
        onClose={() => {
          deleteFile.reset()
          close()
        }}
      />
    </>
  )
}

type MenuItemSpec = { label: string; run?(): void; href?: string }

/** A row's actions behind one button, named after the row. */
function RowMenu({ label, items }: { label: string; items: MenuItemSpec[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  return (
    <>
      <IconButton aria-label={label} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertRounded />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map((item) =>
          item.href ? (
            <MenuItem key={item.label} component="a" href={item.href} download onClick={() => setAnchor(null)}>
              {item.label}
            </MenuItem>
          ) : (
            <MenuItem
              key={item.label}
              onClick={() => {
                setAnchor(null)
                item.run?.()
              }}
            >
              {item.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  )
}
