import { DOCUMENT_TYPES, FILE_LIMITS, IMAGE_TYPES, type ProductFile } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined'
import { Alert, Box, Button, Card, IconButton, Skeleton, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DOCUMENT_ACCEPT, FileDrop, useFileUploads } from '../../components/FileDrop'
import { FileRow } from '../../components/FileRow'
import { serverErrorText } from '../../lib/errorText'
import { intlLocale } from '../../lib/intl'
import { formatFileSize } from '../../lib/upload'
import { useTranslation } from '../../locales/i18n'
import { LibraryPicker } from '../files/LibraryPicker'
import { useAddLibraryProductFile, useDeleteProductFile, useProductFiles, useReorderImages, useUploadProductFile } from './media'

const MB = 1024 * 1024
// The arrows point the way the page reads: "earlier" is to the right in Arabic.
const flipInRtl = { transform: (theme: { direction: string }) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }

/** A product's images (in the order its page shows them) and documents, for owners and admins to change. */
export function ProductMediaCard({ productId }: { productId: string }) {
  const { t } = useTranslation()
  const files = useProductFiles(productId)
  const send = useUploadProductFile(productId)
  const reorder = useReorderImages(productId)
  const remove = useDeleteProductFile(productId)
  const [deleting, setDeleting] = useState<ProductFile | null>(null)
  const [picking, setPicking] = useState<ProductFile['kind'] | null>(null)
  const fromLibrary = useAddLibraryProductFile(productId)
  const libraryButton = (kind: ProductFile['kind']) => (
    <Button startIcon={<LibraryAddOutlined />} onClick={() => setPicking(kind)} sx={{ mt: 1 }}>
      {t('files.picker.fromLibrary')}
    </Button>
  )
  const uploadsOf = (kind: ProductFile['kind']) => ({
    send: (file: File, onProgress: (fraction: number) => void) => send.mutateAsync({ file, kind, onProgress }),
    maxBytes: kind === 'image' ? FILE_LIMITS.imageBytes : FILE_LIMITS.documentBytes,
    tooBig: (name: string) =>
      t('pipeline.products.media.tooBig', { name, size: (kind === 'image' ? FILE_LIMITS.imageBytes : FILE_LIMITS.documentBytes) / MB }),
    uploading: (name: string) => t('pipeline.products.media.uploading', { name }),
    failed: (error: unknown) => serverErrorText(t, error),
  })
  const images = useFileUploads(uploadsOf('image'))
  const documents = useFileUploads(uploadsOf('document'))
  const imageList = files.data?.filter((file) => file.kind === 'image') ?? []
  const documentList = files.data?.filter((file) => file.kind === 'document') ?? []

  const move = (index: number, by: -1 | 1) => {
    const ids = imageList.map((image) => image.id)
    const [moved] = ids.splice(index, 1)
    if (!moved) return
    ids.splice(index + by, 0, moved)
    reorder.mutate(ids)
  }
  const error = images.error ?? documents.error ?? (reorder.error ? serverErrorText(t, reorder.error) : null)

  return (
    <Card component="section" aria-labelledby="product-media-title" sx={{ p: 3, maxWidth: 640, mt: 3 }}>
      <Typography variant="h6" component="h2" id="product-media-title" sx={{ mb: 2 }}>
        {t('pipeline.products.media.title')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {files.isError && <Alert severity="error">{serverErrorText(t, files.error)}</Alert>}

      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('pipeline.products.media.images')}
      </Typography>
      {!files.data ? (
        <Skeleton variant="rounded" height={120} />
      ) : imageList.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('pipeline.products.media.noImages')}</Typography>
      ) : (
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            m: 0,
            mb: 2,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(136px, 1fr))',
          }}
        >
          {imageList.map((image, index) => (
            <Box component="li" key={image.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, overflow: 'hidden' }}>
              <Box
                component="img"
                src={image.url}
                alt={image.name}
                loading="lazy"
                sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'action.hover' }}
              />
              <Stack direction="row" sx={{ alignItems: 'center', px: 0.5 }}>
                <IconButton
                  size="small"
                  aria-label={t('pipeline.products.media.moveEarlier', { name: image.name })}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                >
                  <ArrowBackRounded fontSize="small" sx={flipInRtl} />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('pipeline.products.media.moveLater', { name: image.name })}
                  disabled={index === imageList.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                >
                  <ArrowForwardRounded fontSize="small" sx={flipInRtl} />
                </IconButton>
                <Box sx={{ flex: 1 }} />
                <IconButton
                  size="small"
                  aria-label={t('pipeline.products.media.remove', { name: image.name })}
                  onClick={() => setDeleting(image)}
                >
                  <DeleteOutlineRounded fontSize="small" />
                </IconButton>
              </Stack>
            </Box>
          ))}
        </Box>
      )}
      <FileDrop
        label={t('pipeline.products.media.addImages')}
        hint={t('pipeline.products.media.imagesHint', { size: FILE_LIMITS.imageBytes / MB })}
        accept={IMAGE_TYPES.join(',')}
        multiple
        progress={images.progress}
        onFiles={(chosen) => void images.start(chosen)}
      />
      {libraryButton('image')}

      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        {t('pipeline.products.media.documents')}
      </Typography>
      {files.data && documentList.length === 0 && (
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('pipeline.products.media.noDocuments')}</Typography>
      )}
      {documentList.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, mb: 2, p: 0 }}>
          {documentList.map((document) => (
            <Box component="li" key={document.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <DocumentRow document={document} onDelete={() => setDeleting(document)} />
            </Box>
          ))}
        </Box>
      )}
      <FileDrop
        label={t('pipeline.products.media.addDocuments')}
        hint={t('pipeline.products.media.documentsHint', { size: FILE_LIMITS.documentBytes / MB })}
        accept={DOCUMENT_ACCEPT}
        multiple
        progress={documents.progress}
        onFiles={(chosen) => void documents.start(chosen)}
      />
      {libraryButton('document')}
      <LibraryPicker
        open={picking !== null}
        taken={files.data?.map((file) => file.id) ?? []}
        accepts={(file) => ((picking === 'image' ? IMAGE_TYPES : DOCUMENT_TYPES) as readonly string[]).includes(file.contentType)}
        pending={fromLibrary.isPending}
        error={fromLibrary.error}
        onPick={(file) => picking && fromLibrary.mutate({ fileId: file.id, kind: picking }, { onSuccess: () => setPicking(null) })}
        onClose={() => {
          setPicking(null)
          fromLibrary.reset()
        }}
      />

      <ConfirmDialog
        open={deleting !== null}
        title={t('pipeline.products.media.removeTitle', { name: deleting?.name ?? '' })}
        text={t('pipeline.products.media.removeText')}
        confirmLabel={t('pipeline.products.media.removeConfirm')}
        cancelLabel={t('pipeline.products.media.cancel')}
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

function DocumentRow({ document, onDelete }: { document: ProductFile; onDelete(): void }) {
  const { t, i18n } = useTranslation()
  return (
    <FileRow
      url={document.url}
      contentType={document.contentType}
      openLabel={t('pipeline.products.media.open', { name: document.name })}
      title={<bdi>{document.name}</bdi>}
      details={formatFileSize(document.size, intlLocale(i18n.language))}
    >
      <IconButton aria-label={t('pipeline.products.media.remove', { name: document.name })} onClick={onDelete}>
        <DeleteOutlineRounded fontSize="small" />
      </IconButton>
    </FileRow>
  )
}
