import type { PublicRoomDocument } from '@closeroom/shared'
import CloseRounded from '@mui/icons-material/CloseRounded'
import DownloadRounded from '@mui/icons-material/DownloadRounded'
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material'
import { useEffect, useRef, useState } from 'react'
import { PdfPages } from '../../components/pdf/PdfPages'
import { API_URL } from '../../lib/api'
import { useTranslation } from '../../locales/i18n'
import { createPageClock } from './pageClock'

/** The viewer reports at least this often, so a crash or a lost connection loses little. */
const REPORT_MS = 15_000

type Props = {
  publicId: string
  document: PublicRoomDocument
  visitId: string | null
  /** Where the document is read from (its opening recorded under the visit) and saved from. */
  href(download: boolean): string
  onClose(): void
}

/**
 * A room's PDF in our own viewer, so the seller learns how long each page was read: the page in the middle of
 * the view is the one being read, while the tab is visible. Reports go on page changes every 15 s, when the
 * tab hides and when it closes, with `keepalive` so a closing tab still delivers them.
 */
export default function DocumentViewer({ publicId, document, visitId, href, onClose }: Props) {
  const { t } = useTranslation()
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('sm'))
  const scroller = useRef<HTMLDivElement>(null)
  const [pageCount, setPageCount] = useState(0)
  const [page, setPage] = useState(1)
  const clock = useRef(createPageClock())

  // Reporting: every 15 s, when the tab hides or closes, and when the viewer closes.
  useEffect(() => {
    const current = clock.current
    const report = () => {
      const pages = current.take()
      if (!visitId || pages.length === 0) return
      void fetch(`${API_URL}/public/salesrooms/${encodeURIComponent(publicId)}/documents/${document.id}/pages`, {
        method: 'POST',
        credentials: 'include',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ visitId, pages }),
      }).catch(() => undefined)
    }
    const onVisibility = () => {
      const visible = window.document.visibilityState === 'visible'
      current.visibility(visible)
      if (!visible) report()
    }
    const timer = window.setInterval(report, REPORT_MS)
    window.document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pagehide', report)
    return () => {
      window.clearInterval(timer)
      window.document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', report)
      current.show(null)
      report()
    }
  }, [publicId, document.id, visitId])

  // The page being read: the one across the middle of the view.
  useEffect(() => {
    const element = scroller.current
    if (!element || pageCount === 0) return
    let frame = 0
    const look = () => {
      frame = 0
      const box = element.getBoundingClientRect()
      const middle = box.top + box.height / 2
      let seen: number | null = null
      for (const candidate of element.querySelectorAll<HTMLElement>('[data-page]')) {
        const rect = candidate.getBoundingClientRect()
        if (rect.top <= middle && rect.bottom >= middle) seen = Number(candidate.dataset.page)
        else if (seen === null && rect.top > middle) seen = Number(candidate.dataset.page)
      }
      if (seen !== null) {
        clock.current.show(seen)
        setPage(seen)
      }
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(look)
    }
    // The pages appear once pdf.js has laid them out: look once they are there, then on every scroll.
    const observer = new MutationObserver(onScroll)
    observer.observe(element, { childList: true, subtree: true })
    element.addEventListener('scroll', onScroll, { passive: true })
    onScroll()
    return () => {
      observer.disconnect()
      element.removeEventListener('scroll', onScroll)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [pageCount])

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="document-viewer-title">
      <DialogTitle component="div" sx={{ display: 'flex', alignItems: 'center', gap: 1, pe: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="document-viewer-title" component="h2" variant="h6" dir="auto" noWrap>
            {document.title}
          </Typography>
          {pageCount > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="viewer-page">
              {t('files.viewer.page', { page, count: pageCount })}
            </Typography>
          )}
        </Box>
        <Tooltip title={t('files.viewer.download')}>
          <IconButton href={href(true)} download aria-label={t('files.viewer.downloadLabel', { title: document.title })}>
            <DownloadRounded />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('files.viewer.close')}>
          <IconButton onClick={onClose} aria-label={t('files.viewer.close')}>
            <CloseRounded />
          </IconButton>
        </Tooltip>
      </DialogTitle>
      {/* The pages scroll: focusable, so the keyboard's arrows and Page Down read on. */}
      <DialogContent
        ref={scroller}
        dividers
        tabIndex={0}
        role="region"
        aria-labelledby="document-viewer-title"
        sx={{ bgcolor: 'action.hover', p: { xs: 1, sm: 2 } }}
      >
        <Stack sx={{ maxWidth: 760, mx: 'auto' }}>
          <PdfPages url={href(false)} onLoad={setPageCount} />
        </Stack>
      </DialogContent>
    </Dialog>
  )
}
