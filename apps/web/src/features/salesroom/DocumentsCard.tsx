import { FILE_LIMITS, type RoomDocument } from '@closeroom/shared'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import EditRounded from '@mui/icons-material/EditRounded'
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined'
import { Alert, Box, Button, Card, CardContent, CardHeader, IconButton, Skeleton, Stack, TextField, Typography } from '@mui/material'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DOCUMENT_ACCEPT, FileDrop, useFileUploads } from '../../components/FileDrop'
import { FileRow } from '../../components/FileRow'
import { fileKind } from '../../components/FileTypeIcon'
import { serverErrorText } from '../../lib/errorText'
import { intlLocale } from '../../lib/intl'
import { formatFileSize } from '../../lib/upload'
import { useTranslation } from '../../locales/i18n'
import { LibraryPicker } from '../files/LibraryPicker'
import { useAddLibraryDocument, useDeleteDocument, useRenameDocument, useRoomDocuments, useUploadDocument } from './documents'
import { useInlineForm } from './useInlineForm'

const MAX_MB = FILE_LIMITS.documentBytes / 1024 / 1024

/** The room's documents: the seller uploads (button or drop), renames and deletes them; buyers open them in the room. */
export function DocumentsCard({ dealId }: { dealId: string }) {
  const { t } = useTranslation()
  const documents = useRoomDocuments(dealId)
  const send = useUploadDocument(dealId)
  const remove = useDeleteDocument(dealId)
  const [editing, setEditing] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<RoomDocument | null>(null)
  const [picking, setPicking] = useState(false)
  const fromLibrary = useAddLibraryDocument(dealId)
  const uploads = useFileUploads({
    send: (file, onProgress) => send.mutateAsync({ file, onProgress }),
    maxBytes: FILE_LIMITS.documentBytes,
    tooBig: (name) => t('salesroom.editor.tooBig', { name, size: MAX_MB }),
    uploading: (name) => t('salesroom.editor.uploading', { name }),
    failed: (error) => serverErrorText(t, error),
  })

  return (
    <Card component="section" aria-labelledby="room-documents-title">
      <CardHeader
        title={t('salesroom.editor.documents')}
        slotProps={{ title: { component: 'h2', variant: 'h6', id: 'room-documents-title' } }}
      />
      <CardContent>
        {uploads.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {uploads.error}
          </Alert>
        )}
        {documents.isError ? (
          <Alert severity="error">{serverErrorText(t, documents.error)}</Alert>
        ) : !documents.data ? (
          <Skeleton variant="rounded" height={64} sx={{ mb: 2 }} />
        ) : documents.data.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('salesroom.editor.noDocuments')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, mb: 2, p: 0 }}>
            {documents.data.map((document) => (
              <Box component="li" key={document.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                {editing === document.id ? (
                  <RenameForm dealId={dealId} document={document} onDone={() => setEditing(null)} />
                ) : (
                  <DocumentRow document={document} onEdit={() => setEditing(document.id)} onDelete={() => setDeleting(document)} />
                )}
              </Box>
            ))}
          </Box>
        )}
        <FileDrop
          label={t('salesroom.editor.chooseFiles')}
          hint={t('salesroom.editor.documentsHint', { size: MAX_MB })}
          accept={DOCUMENT_ACCEPT}
          multiple
          progress={uploads.progress}
          onFiles={(files) => void uploads.start(files)}
        />
        <Button startIcon={<LibraryAddOutlined />} onClick={() => setPicking(true)} sx={{ mt: 1.5 }}>
          {t('files.picker.fromLibrary')}
        </Button>
      </CardContent>
      <LibraryPicker
        open={picking}
        taken={documents.data?.map((d) => d.url.split('/').pop() ?? '') ?? []}
        pending={fromLibrary.isPending}
        error={fromLibrary.error}
        onPick={(file) => fromLibrary.mutate(file.id, { onSuccess: () => setPicking(false) })}
        onClose={() => {
          setPicking(false)
          fromLibrary.reset()
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('salesroom.editor.deleteDocumentTitle', { title: deleting?.title ?? '' })}
        text={t('salesroom.editor.deleteDocumentText')}
        confirmLabel={t('salesroom.editor.deleteDocument')}
        cancelLabel={t('salesroom.editor.cancel')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => {
          setDeleting(null)
          remove.reset()
        }}
      />
    </Card>
  )
}

function DocumentRow({ document, onEdit, onDelete }: { document: RoomDocument; onEdit(): void; onDelete(): void }) {
  const { t, i18n } = useTranslation()
  return (
    <FileRow
      url={document.url}
      contentType={document.contentType}
      openLabel={t('salesroom.editor.openDocument', { title: document.title })}
      title={document.title}
      details={
        <>
          <bdi>{document.name}</bdi> · {fileKind(document.contentType).label} · {formatFileSize(document.size, intlLocale(i18n.language))}
          {document.fromLibrary && <> · {t('files.picker.inLibrary')}</>}
        </>
      }
    >
      <IconButton aria-label={t('salesroom.editor.edit', { title: document.title })} onClick={onEdit}>
        <EditRounded fontSize="small" />
      </IconButton>
      <IconButton aria-label={t('salesroom.editor.remove', { title: document.title })} onClick={onDelete}>
        <DeleteOutlineRounded fontSize="small" />
      </IconButton>
    </FileRow>
  )
}

function RenameForm({ dealId, document, onDone }: { dealId: string; document: RoomDocument; onDone(): void }) {
  const { t } = useTranslation()
  const rename = useRenameDocument(dealId)
  const { fields, setFields, error, busy, submit } = useInlineForm(
    { title: document.title },
    async ({ title }) => {
      await rename.mutateAsync({ id: document.id, title })
      onDone()
    },
    (f) => ({ title: f.title.trim() }),
  )
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('salesroom.editor.documentTitle')}
          value={fields.title}
          onChange={(event) => setFields({ title: event.target.value })}
          size="small"
          autoFocus
          error={!!error}
          helperText={error}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={busy || !fields.title.trim()}>
          {t('salesroom.editor.saveEdit')}
        </Button>
        <Button onClick={onDone}>{t('salesroom.editor.cancel')}</Button>
      </Stack>
    </Box>
  )
}
