import { CircularProgress, Stack } from '@mui/material'
import { lazy, type ReactNode, Suspense } from 'react'
import { loadTexts, useTranslation } from '../../locales/i18n'

/** One page as shown: its number (from 1) and its size on screen in CSS pixels. */
export type PdfPageBox = { number: number; width: number; height: number }

export type PdfPagesProps = {
  /** Where the PDF is read from; cookies are sent, as with every API call. */
  url: string
  /**
   * Drawn over each page in a box of exactly the page's size, so children placed with `left`, `top`, `width`
   * and `height` in percent sit at the same fractions of the page at any rendering size. Give them in `style`,
   * not `sx`: the Arabic theme's RTL plugin mirrors `left` in `sx`, and a PDF page is never mirrored.
   */
  overlay?: (page: PdfPageBox) => ReactNode
  /** Told the number of pages once the document is read. */
  onLoad?: (pageCount: number) => void
}

// pdf.js is half a megabyte: only the pages that show a PDF download it, with the words the pages' labels use.
const PdfPagesView = lazy(async () => (await Promise.all([import('./PdfPagesView'), loadTexts('components')]))[0])

/**
 * A PDF's pages one under the other, each drawn to a canvas as wide as the container (and again when the
 * container's width changes), a page drawn only once it nears the screen.
 */
export function PdfPages(props: PdfPagesProps) {
  return (
    <Suspense fallback={<Downloading />}>
      <PdfPagesView {...props} />
    </Suspense>
  )
}

/** While pdf.js downloads: named from the texts every page has, as the pages' own words come with pdf.js. */
function Downloading() {
  const { t } = useTranslation()
  return (
    <Stack sx={{ alignItems: 'center', py: 6 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Stack>
  )
}
