import { Alert, Box, CircularProgress, Stack } from '@mui/material'
import type { PDFPageProxy } from 'pdfjs-dist'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../locales/i18n'
import type { PdfPageBox, PdfPagesProps } from './PdfPages'
import { openPdf } from './pdfjs'

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; pages: PDFPageProxy[] }

export default function PdfPagesView({ url, overlay, onLoad }: PdfPagesProps) {
  const { t } = useTranslation()
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  const [width, setWidth] = useState(0)
  const container = useRef<HTMLDivElement>(null)
  const onLoadRef = useRef(onLoad)
  onLoadRef.current = onLoad

  useEffect(() => {
    setLoaded({ state: 'loading' })
    const task = openPdf(url)
    let current = true
    task.promise
      .then(async (document) => {
        const pages = await Promise.all(Array.from({ length: document.numPages }, (_, index) => document.getPage(index + 1)))
        if (!current) return
        setLoaded({ state: 'ready', pages })
        onLoadRef.current?.(pages.length)
      })
      .catch(() => {
        if (current) setLoaded({ state: 'failed' })
      })
    return () => {
      current = false
      void task.destroy()
    }
  }, [url])

  useEffect(() => {
    const element = container.current
    if (!element) return
    // Whole pixels: a sub-pixel change of width is not worth drawing every page again.
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  return (
    <Box ref={container} sx={{ width: 1 }}>
      {loaded.state === 'loading' && (
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('pdf.loading')} />
        </Stack>
      )}
      {loaded.state === 'failed' && <Alert severity="error">{t('pdf.failed')}</Alert>}
      {loaded.state === 'ready' && width > 0 && (
        <Stack spacing={2}>
          {loaded.pages.map((page) => (
            <PdfPage key={page.pageNumber} page={page} count={loaded.pages.length} width={width} overlay={overlay} />
          ))}
        </Stack>
      )}
    </Box>
  )
}

type PageProps = { page: PDFPageProxy; count: number; width: number; overlay: PdfPagesProps['overlay'] }

function PdfPage({ page, count, width, overlay }: PageProps) {
  const { t } = useTranslation()
  const frame = useRef<HTMLDivElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  const [near, setNear] = useState(false)
  // The page's own rotation applies: fractions are of the page as a reader sees it.
  const natural = page.getViewport({ scale: 1 })
  const box: PdfPageBox = { number: page.pageNumber, width, height: (width * natural.height) / natural.width }

  useEffect(() => {
    const element = frame.current
    if (!element || near) return
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), { rootMargin: '100% 0px' })
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])

  useEffect(() => {
    const target = canvas.current
    if (!near || !target) return
    const viewport = page.getViewport({ scale: width / natural.width })
    // Drawn at the screen's pixel density so text stays sharp on high-density screens.
    const density = window.devicePixelRatio || 1
    target.width = Math.floor(viewport.width * density)
    target.height = Math.floor(viewport.height * density)
    const task = page.render({ canvas: target, viewport, transform: density === 1 ? undefined : [density, 0, 0, density, 0, 0] })
    // A render cancelled by a newer width or by leaving the page rejects; nothing to tell anyone.
    task.promise.catch(() => undefined)
    return () => task.cancel()
  }, [near, page, width, natural.width])

  return (
    <Box
      ref={frame}
      role="group"
      aria-label={t('pdf.page', { page: box.number, count })}
      data-page={box.number}
      sx={{ position: 'relative', width: box.width, height: box.height, bgcolor: 'common.white', boxShadow: 2, flexShrink: 0 }}
    >
      <Box component="canvas" ref={canvas} aria-hidden sx={{ display: 'block', width: 1, height: 1 }} />
      {overlay && <Box sx={{ position: 'absolute', inset: 0 }}>{overlay(box)}</Box>}
    </Box>
  )
}
