import type { DocumentReading } from '@closeroom/shared'
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { EmailText } from '../../components/EmailText'
import { FileTypeIcon } from '../../components/FileTypeIcon'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { type TFunction, useTranslation } from '../../locales/i18n'
import { useDocumentReading } from '../salesroom/documents'
import { readingTime } from './format'

/**
 * How the room's buyers read each document: openings and time, a bar per page (the longest read fills the
 * line), and the same per visitor. A document nobody opened yet says so in one line.
 */
export function ReadingCard({ dealId }: { dealId: string }) {
  const { t } = useTranslation()
  const reading = useDocumentReading(dealId)
  return (
    <Card component="section" aria-labelledby="room-reading-title">
      <CardHeader title={t('files.reading.title')} slotProps={{ title: { component: 'h2', variant: 'h6', id: 'room-reading-title' } }} />
      <CardContent>
        {reading.isError ? (
          <Alert severity="error">{serverErrorText(t, reading.error)}</Alert>
        ) : !reading.data ? (
          <Skeleton variant="rounded" height={80} />
        ) : reading.data.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('files.reading.noDocuments')}</Typography>
        ) : (
          <Stack spacing={3}>
            {reading.data.map((document) => (
              <DocumentBlock key={document.documentId} document={document} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  )
}

function DocumentBlock({ document }: { document: DocumentReading }) {
  const { t, i18n } = useTranslation()
  const headingId = `reading-${document.documentId}`
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="document-reading">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <FileTypeIcon contentType={document.contentType} fontSize="small" />
        <Typography id={headingId} component="h3" variant="subtitle1" dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {document.title}
        </Typography>
      </Stack>
      {document.opens === 0 && document.ms === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('files.reading.notOpened')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {t('files.reading.summary', { count: document.opens, time: readingTime(t, document.ms) })}
          </Typography>
          {document.pages.length > 0 && (
            <PageBars t={t} pages={document.pages} label={t('files.reading.perPage', { title: document.title })} />
          )}
          <Unread pageCount={document.pageCount} pages={document.pages} />
          <Table size="small" aria-label={t('files.reading.perVisitor', { title: document.title })} sx={{ mt: 1.5 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('files.reading.visitor')}</TableCell>
                <TableCell align="right">{t('files.reading.opens')}</TableCell>
                <TableCell align="right">{t('files.reading.time')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('files.reading.lastOpened')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {document.visitors.map((visitor) => (
                <TableRow key={visitor.visitor ?? ''}>
                  <TableCell sx={{ overflowWrap: 'break-word' }}>
                    {visitor.visitor ? <EmailText email={visitor.visitor} /> : t('files.reading.anonymous')}
                    {visitor.pages.length > 0 && (
                      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                        {visitor.pages.map((p) => t('files.reading.pageTime', { page: p.page, time: readingTime(t, p.ms) })).join(' · ')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {visitor.opens}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {readingTime(t, visitor.ms)}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {visitor.lastOpenedAt ? formatDateTime(visitor.lastOpenedAt, i18n.language) : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  )
}

/** One bar per page, as long as its share of the longest-read page. */
function PageBars({ t, pages, label }: { t: TFunction; pages: { page: number; ms: number }[]; label: string }) {
  const longest = Math.max(...pages.map((p) => p.ms), 1)
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {pages.map((p) => (
        <Stack component="li" key={p.page} direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.25 }}>
          <Typography variant="caption" sx={{ width: 64, flexShrink: 0, color: 'text.secondary' }}>
            {t('files.reading.page', { page: p.page })}
          </Typography>
          <Box sx={{ flex: 1, height: 10, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }} aria-hidden>
            <Box sx={{ width: `${Math.max(2, (p.ms / longest) * 100)}%`, height: 1, bgcolor: 'primary.main' }} />
          </Box>
          <Typography variant="caption" sx={{ width: 96, flexShrink: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>
            {readingTime(t, p.ms)}
          </Typography>
        </Stack>
      ))}
    </Box>
  )
}

/** The pages nobody read, as runs ("3, 5–7"): what the seller may want to walk the buyer through. */
export function unreadPages(pageCount: number, read: { page: number; ms: number }[]): string {
  const seen = new Set(read.filter((p) => p.ms > 0).map((p) => p.page))
  const runs: string[] = []
  for (let page = 1; page <= pageCount; page++) {
    if (seen.has(page)) continue
    let end = page
    while (end + 1 <= pageCount && !seen.has(end + 1)) end++
    runs.push(end === page ? String(page) : `${page}–${end}`)
    page = end
  }
  return runs.join(', ')
}

function Unread({ pageCount, pages }: { pageCount: number | null; pages: { page: number; ms: number }[] }) {
  const { t } = useTranslation()
  if (!pageCount || pages.length === 0) return null
  const unread = unreadPages(pageCount, pages)
  return (
    <Typography variant="body2" data-testid="pages-never-viewed" sx={{ mt: 1, color: unread ? 'text.primary' : 'text.secondary' }}>
      {unread ? t('files.reading.neverViewed', { pages: unread, total: pageCount }) : t('files.reading.allViewed')}
    </Typography>
  )
}
