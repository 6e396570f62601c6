import type { PublicRoomDocument } from '@closeroom/shared'
import DownloadRounded from '@mui/icons-material/DownloadRounded'
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded'
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined'
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material'
import { lazy, Suspense, useState } from 'react'
import { FileTypeIcon, fileKind } from '../../components/FileTypeIcon'
import { useHydrated } from '../../components/public/ClientSuspense'
import { API_URL } from '../../lib/api'
import { intlLocale } from '../../lib/intl'
import { formatFileSize } from '../../lib/upload'
import { loadTexts, useTranslation } from '../../locales/i18n'
import { Parts } from './bits'
import { useVisitId } from './visit'

// Our PDF viewer (pdf.js, half a megabyte, and its words) loads only when a buyer opens a PDF.
const DocumentViewer = lazy(async () => (await Promise.all([import('./DocumentViewer'), loadTexts('components')]))[0])

/**
 * The room's documents: a PDF opens in our viewer (which tells the seller the time on each page), anything
 * else in a new tab; each also downloads. Both go through the room's public address (its
 * pass cookie for a private room) and name the page's visit, so the seller sees what was opened.
 */
export function RoomDocuments({ publicId, documents }: { publicId: string; documents: PublicRoomDocument[] }) {
  const { t, i18n } = useTranslation()
  const visitId = useVisitId(publicId)
  const locale = intlLocale(i18n.language)
  const [viewing, setViewing] = useState<PublicRoomDocument | null>(null)
  // The room comes rendered by the server: the viewer's button works once React listens.
  const hydrated = useHydrated()
  const href = (document: PublicRoomDocument, download: boolean) => {
    const query = new URLSearchParams(visitId ? { visit: visitId } : {})
    if (download) query.set('download', '1')
    const search = query.size > 0 ? `?${query}` : ''
    return `${API_URL}/public/salesrooms/${encodeURIComponent(publicId)}/documents/${document.id}${search}`
  }
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {documents.map((document) => (
          <Stack
            component="li"
            key={document.id}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
          >
            <FileTypeIcon contentType={document.contentType} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere', textAlign: 'left' }}>
                {document.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                <Parts parts={[fileKind(document.contentType).label, formatFileSize(document.size, locale)]} />
              </Typography>
            </Box>
            {document.contentType === 'application/pdf' ? (
              <Button
                size="small"
                endIcon={<VisibilityOutlined />}
                disabled={!hydrated}
                onClick={() => setViewing(document)}
                aria-label={t('files.viewer.openLabel', { title: document.title })}
              >
                {t('salesroom.room.open')}
              </Button>
            ) : (
              <Button
                href={href(document, false)}
                target="_blank"
                rel="noopener"
                size="small"
                endIcon={<OpenInNewRounded />}
                aria-label={t('salesroom.room.openLabel', { title: document.title })}
              >
                {t('salesroom.room.open')}
              </Button>
            )}
            <Tooltip title={t('salesroom.room.download')}>
              <IconButton href={href(document, true)} download aria-label={t('salesroom.room.downloadLabel', { title: document.title })}>
                <DownloadRounded />
              </IconButton>
            </Tooltip>
          </Stack>
        ))}
      </Box>
      {viewing && (
        <Suspense fallback={null}>
          <DocumentViewer
            publicId={publicId}
            document={viewing}
            visitId={visitId}
            href={(download) => href(viewing, download)}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      )}
    </>
  )
}
