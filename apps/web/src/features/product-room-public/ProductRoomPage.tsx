import type { PublicProduct } from '@closeroom/shared'
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined'
import DownloadRounded from '@mui/icons-material/DownloadRounded'
import { Box, Button, ButtonBase, Link, Stack, Typography } from '@mui/material'
import { lazy, type ReactNode, useState } from 'react'
import { useParams } from 'react-router'
import { ClientSuspense } from '../../components/public/ClientSuspense'
import { money } from '../../components/public/money'
import { PersonAvatar } from '../../components/public/PersonAvatar'
import { PublicFrame } from '../../components/public/PublicFrame'
import { LoadFailed, Loading, NotFound } from '../../components/public/states'
import { surface } from '../../components/public/surface'
import { useRemote } from '../../components/public/useRemote'
import { intlLocale } from '../../lib/intl'
import { loadTexts, useTranslation } from '../../locales/i18n'
import { fileSize, productRoomApi, productRoomPaths } from './api'

// The booking widget (the booker) and the forms (react-hook-form, the phone input and their texts) load after the
// page, each once the reader scrolls near it (in a page the server rendered, never before it is hydrated).
const ProductBooking = lazy(() => import('./ProductBooking'))
const TalkToSales = lazy(async () => (await Promise.all([import('./TalkToSales'), loadTexts('components')]))[0])
const EmbeddedRoutingForm = lazy(
  async () => (await Promise.all([import('../routing-public/EmbeddedRoutingForm'), loadTexts('routing-public')]))[0],
)

// The booking widget's height on a phone and on a wide screen (one duration, a five-week month): its placeholder
// takes as much, so the sections below it do not move when it mounts (Lighthouse's layout shift on a phone, where
// the booker is on the first screen with the top of the next section under it) and stay out of reach until the
// reader scrolls to them.
const BOOKER_HEIGHT = { xs: 664, md: 624 }

/** /p/:id — a product's public room. */
export default function ProductRoomPage() {
  const { id = '' } = useParams()
  const product = useRemote(id, (signal) => productRoomApi.product(id, signal), productRoomPaths.product(id))
  if (product.error?.code === 'not_found' || product.error?.code === 'invalid') return <NotFound />
  if (product.error) return <LoadFailed retry={product.reload} />
  if (!product.data) return <Loading />
  return <ProductView product={product.data} />
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ ...surface, p: { xs: 2, md: 3 }, scrollMarginTop: 16 }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

/** The seller's words are plain text: blank lines make paragraphs, single breaks stay breaks, nothing is HTML. */
function Description({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim())
  return paragraphs.map((paragraph, index) => (
    <Typography
      // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity beyond their place.
      key={index}
      dir="auto"
      sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', color: 'text.secondary', textAlign: 'left', mt: 2 }}
    >
      {paragraph}
    </Typography>
  ))
}

function Gallery({ images, name }: { images: PublicProduct['images']; name: string }) {
  const { t } = useTranslation()
  const [current, setCurrent] = useState(0)
  const shown = images[current] ?? images[0]
  if (!shown) return null
  return (
    <Box role="group" aria-label={t('productRoom.page.gallery', { name })}>
      <Box
        component="img"
        src={shown.url}
        alt={shown.name}
        sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 1.5, bgcolor: 'action.hover' }}
      />
      {images.length > 1 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, overflowX: 'auto', p: 0.25 }}>
          {images.map((image, index) => (
            <ButtonBase
              key={image.id}
              onClick={() => setCurrent(index)}
              aria-label={t('productRoom.page.showImage', { index: index + 1, count: images.length })}
              aria-pressed={index === current}
              sx={(theme) => ({
                flexShrink: 0,
                borderRadius: 1,
                overflow: 'hidden',
                outline: index === current ? `2px solid ${theme.palette.primary.main}` : 'none',
                outlineOffset: 1,
                '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}` },
              })}
            >
              <Box component="img" src={image.url} alt="" sx={{ display: 'block', width: 72, height: 54, objectFit: 'cover' }} />
            </ButtonBase>
          ))}
        </Stack>
      )}
    </Box>
  )
}

// The seller's words (name, description, file names) take their own direction but align with the page.
function ProductView({ product }: { product: PublicProduct }) {
  const { t, i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  const hasImages = product.images.length > 0
  return (
    <PublicFrame width="md">
      <Stack spacing={3}>
        <Box component="header" sx={{ ...surface, p: { xs: 2, md: 3 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <PersonAvatar name={product.organization.name} src={product.organization.logoUrl} size={40} />
            <Typography variant="subtitle1" dir="auto" sx={{ fontWeight: 700, textAlign: 'left' }}>
              {product.organization.name}
            </Typography>
          </Stack>
          <Box
            sx={{ mt: 3, display: 'grid', gap: { xs: 3, md: 4 }, gridTemplateColumns: { xs: '1fr', md: hasImages ? '1fr 1fr' : '1fr' } }}
          >
            {hasImages && <Gallery images={product.images} name={product.name} />}
            <Box sx={{ minWidth: 0 }}>
              <Typography
                variant="h3"
                component="h1"
                dir="auto"
                sx={{ overflowWrap: 'anywhere', textAlign: 'left', fontSize: { xs: '2rem', sm: '2.75rem' } }}
              >
                {product.name}
              </Typography>
              <Typography variant="h4" component="p" sx={{ mt: 1.5, color: 'primary.main' }} data-testid="product-price">
                {money(product.price, product.currency, locale)}
              </Typography>
              <Description text={product.description} />
              <Stack direction="row" sx={{ mt: 3, flexWrap: 'wrap', gap: 1.5 }}>
                {product.eventType && (
                  <Button variant="contained" size="large" href="#product-booking">
                    {t('productRoom.page.bookingCta')}
                  </Button>
                )}
                <Button variant={product.eventType ? 'outlined' : 'contained'} size="large" href="#product-talk">
                  {t('productRoom.page.talkCta')}
                </Button>
              </Stack>
            </Box>
          </Box>
        </Box>

        {product.documents.length > 0 && (
          <Section id="product-documents" title={t('productRoom.page.documents')}>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {product.documents.map((document) => (
                <Stack
                  component="li"
                  key={document.id}
                  direction="row"
                  spacing={1.5}
                  sx={{ alignItems: 'center', py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
                >
                  <DescriptionOutlined sx={{ color: 'text.secondary' }} aria-hidden />
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere', textAlign: 'left' }}>
                      {document.name}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {fileSize(document.size, locale)}
                    </Typography>
                  </Box>
                  <Link
                    href={document.url}
                    download={document.name}
                    aria-label={`${t('productRoom.page.download')} ${document.name}`}
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, flexShrink: 0 }}
                  >
                    <DownloadRounded fontSize="small" aria-hidden />
                    {t('productRoom.page.download')}
                  </Link>
                </Stack>
              ))}
            </Box>
          </Section>
        )}

        {product.eventType && (
          <Section id="product-booking" title={t('productRoom.page.booking')}>
            <ClientSuspense whenNear fallback={<Loading inline minHeight={BOOKER_HEIGHT} />}>
              <ProductBooking roomId={product.roomId} eventType={product.eventType} product={product.name} />
            </ClientSuspense>
          </Section>
        )}

        {product.routingForm && (
          <Section id="product-routing" title={product.routingForm.name}>
            <ClientSuspense whenNear fallback={<Loading inline />}>
              <EmbeddedRoutingForm embed={product.routingForm} />
            </ClientSuspense>
          </Section>
        )}
        <Section id="product-talk" title={t('productRoom.page.talk')}>
          <ClientSuspense whenNear fallback={<Loading inline />}>
            <TalkToSales roomId={product.roomId} />
          </ClientSuspense>
        </Section>
      </Stack>
    </PublicFrame>
  )
}
