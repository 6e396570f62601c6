import type { EmbeddedRoutingForm as EmbeddedRoutingFormType, PublicLandingPage } from '@closeroom/shared'
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded'
import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded'
import { Box, Button, Chip, Container, Grid, Stack, Typography } from '@mui/material'
import { lazy, useEffect } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import { BrandedPage } from '../../components/public/BrandedPage'
import { ClientSuspense } from '../../components/public/ClientSuspense'
import { money } from '../../components/public/money'
import { PersonAvatar } from '../../components/public/PersonAvatar'
import { LoadFailed, Loading, NotFound } from '../../components/public/states'
import { surface } from '../../components/public/surface'
import { useRemote } from '../../components/public/useRemote'
import { intlLocale } from '../../lib/intl'
import { loadTexts, useTranslation } from '../../locales/i18n'
import { landingApi, landingPaths } from './api'
import { PostCard } from './PostCard'

// A routing form on the page: its code and texts load only for a page that shows one (in a page the server
// rendered, once it is hydrated), when the reader scrolls near it.
const EmbeddedRoutingForm = lazy(
  async () => (await Promise.all([import('../routing-public/EmbeddedRoutingForm'), loadTexts('routing-public')]))[0],
)

// Words of the organization (title, headline, intro, names) keep their own direction (dir="auto") and align
// with the page: an English intro in an Arabic page keeps its punctuation where it belongs.

/** /l/:id — the organization's public page: a hero, its products and the people to book a meeting with. */
export default function LandingPublicPage() {
  const { id = '' } = useParams()
  const page = useRemote(id, (signal) => landingApi.page(id, signal), landingPaths.page(id))
  if (page.error?.code === 'not_found' || page.error?.code === 'invalid') return <NotFound />
  if (page.error) return <LoadFailed retry={page.reload} />
  if (!page.data) return <Loading />
  return <Landing page={page.data} />
}

/** An anchor's target, scrolled to with room for the eye. */
const anchor = { scrollMarginTop: 24 } as const

function Landing({ page }: { page: PublicLandingPage }) {
  const { t } = useTranslation()
  useEffect(() => {
    const before = document.title
    document.title = `${page.title} · ${page.organization.name}`
    return () => {
      document.title = before
    }
  }, [page.title, page.organization.name])

  return (
    <BrandedPage organization={page.organization} hero={<Hero page={page} />} footer={t('landing.page.poweredBy')}>
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 5, md: 8 }, px: { xs: 2, sm: 3 } }}>
        <Stack spacing={{ xs: 6, md: 9 }}>
          {page.routingForm && <RoutingSection embed={page.routingForm} />}
          {page.products.length > 0 && <Products page={page} />}
          {page.posts.length > 0 && <Posts page={page} />}
          {page.bookingLinks.length > 0 && <BookingLinks page={page} />}
        </Stack>
      </Container>
    </BrandedPage>
  )
}

/** The hero's buttons over the brand's colours: the first thing to do, then the others. */
const primary = { bgcolor: 'common.white', color: 'grey.900', '&:hover': { bgcolor: 'grey.200' } } as const
const secondary = { color: 'common.white', borderColor: 'rgba(255,255,255,0.6)', '&:hover': { borderColor: 'common.white' } } as const

function Hero({ page }: { page: PublicLandingPage }) {
  const { t } = useTranslation()
  const headline = page.headline || page.title
  return (
    <Box sx={{ maxWidth: 760, pt: { xs: 5, md: 9 }, pb: { xs: 7, md: 12 } }}>
      {page.headline && (
        <Typography
          dir="auto"
          sx={{ textTransform: 'uppercase', letterSpacing: 1.5, fontWeight: 700, fontSize: 13, opacity: 0.8, mb: 2, textAlign: 'left' }}
        >
          {page.title}
        </Typography>
      )}
      <Typography
        variant="h1"
        dir="auto"
        sx={{
          fontSize: { xs: '2.25rem', sm: '3rem', md: '3.75rem' },
          lineHeight: 1.1,
          overflowWrap: 'anywhere',
          textAlign: 'left',
        }}
      >
        {headline}
      </Typography>
      {page.intro && (
        <Typography
          dir="auto"
          sx={{
            mt: 3,
            fontSize: { xs: 17, md: 19 },
            opacity: 0.88,
            whiteSpace: 'pre-line',
            overflowWrap: 'anywhere',
            textAlign: 'left',
          }}
        >
          {page.intro}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
        {/* The page's routing form, when it has one, is the first thing to do: it leads to the right person. */}
        {page.routingForm && (
          <Button href="#questions" size="large" variant="contained" sx={primary}>
            <bdi>{page.routingForm.name}</bdi>
          </Button>
        )}
        {page.bookingLinks.length > 0 && (
          <Button
            href="#book"
            size="large"
            variant={page.routingForm ? 'outlined' : 'contained'}
            startIcon={<EventAvailableRounded />}
            sx={page.routingForm ? secondary : primary}
          >
            {t('landing.page.bookCta')}
          </Button>
        )}
        {page.products.length > 0 && (
          <Button href="#products" size="large" variant="outlined" sx={secondary}>
            {t('landing.page.productsCta')}
          </Button>
        )}
      </Stack>
    </Box>
  )
}

function SectionTitle({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h4" component="h2" id={id}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.75 }}>{text}</Typography>
    </Box>
  )
}

function RoutingSection({ embed }: { embed: EmbeddedRoutingFormType }) {
  return (
    <Box component="section" id="questions" aria-labelledby="questions-title" sx={anchor}>
      <Typography variant="h4" component="h2" id="questions-title" dir="auto" sx={{ mb: 2.5, textAlign: 'left' }}>
        {embed.name}
      </Typography>
      <Box sx={{ ...surface, p: { xs: 2.5, sm: 4 }, maxWidth: 640 }}>
        <ClientSuspense whenNear fallback={<Loading inline />}>
          <EmbeddedRoutingForm embed={embed} />
        </ClientSuspense>
      </Box>
    </Box>
  )
}

function Products({ page }: { page: PublicLandingPage }) {
  const { t, i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  return (
    <Box component="section" id="products" aria-labelledby="products-title" sx={anchor}>
      <SectionTitle id="products-title" title={t('landing.page.products')} text={t('landing.page.productsText')} />
      <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {page.products.map((product, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the page's products come without ids; their order is fixed.
          <Grid key={index} size={{ xs: 12, sm: 6, md: 4 }} component="li" sx={{ display: 'flex' }}>
            <Stack sx={{ ...surface, p: 3, flex: 1 }}>
              <Typography variant="h6" component="h3" dir="auto" sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
                {product.name}
              </Typography>
              <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums', mt: 1 }}>
                {money(product.price, product.currency, locale)}
              </Typography>
              {product.description && (
                <Typography
                  variant="body2"
                  dir="auto"
                  sx={{ color: 'text.secondary', mt: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere', textAlign: 'left' }}
                >
                  {product.description}
                </Typography>
              )}
              <Box sx={{ flex: 1 }} />
              {product.roomId && (
                <Button
                  component={RouterLink}
                  to={`/p/${encodeURIComponent(product.roomId)}`}
                  variant="contained"
                  endIcon={<ArrowForwardRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
                  aria-label={t('landing.page.seeProductNamed', { name: product.name })}
                  sx={{ mt: 3, alignSelf: 'flex-start' }}
                >
                  {t('landing.page.seeProduct')}
                </Button>
              )}
            </Stack>
          </Grid>
        ))}
      </Grid>
    </Box>
  )
}

function Posts({ page }: { page: PublicLandingPage }) {
  const { t } = useTranslation()
  return (
    <Box component="section" id="posts" aria-labelledby="posts-title" sx={anchor}>
      <SectionTitle id="posts-title" title={t('blogPublic.posts')} text={t('blogPublic.postsText')} />
      <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {page.posts.map((post) => (
          <Grid key={post.slug} size={{ xs: 12, sm: 6, md: 4 }} component="li" sx={{ display: 'flex' }}>
            <PostCard publicId={page.publicId} post={post} />
          </Grid>
        ))}
      </Grid>
    </Box>
  )
}

/** At most this many meeting titles on a card; the booking page lists them all. */
const SHOWN_EVENT_TYPES = 3

function BookingLinks({ page }: { page: PublicLandingPage }) {
  const { t } = useTranslation()
  return (
    <Box component="section" id="book" aria-labelledby="book-title" sx={anchor}>
      <SectionTitle id="book-title" title={t('landing.page.book')} text={t('landing.page.bookText')} />
      <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {page.bookingLinks.map((link) => {
          const more = link.eventTypes.length - SHOWN_EVENT_TYPES
          return (
            <Grid key={link.handle} size={{ xs: 12, sm: 6, md: 4 }} component="li" sx={{ display: 'flex' }}>
              <Stack sx={{ ...surface, p: 3, flex: 1 }}>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <PersonAvatar name={link.name} src={link.avatarUrl} size={52} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="h6" component="h3" dir="auto" sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
                      {link.name}
                    </Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {link.kind === 'team' ? t('landing.page.team') : page.organization.name}
                    </Typography>
                  </Box>
                </Stack>
                {link.eventTypes.length > 0 && (
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 2 }}>
                    {link.eventTypes.slice(0, SHOWN_EVENT_TYPES).map((title) => (
                      <Chip key={title} size="small" label={<bdi>{title}</bdi>} />
                    ))}
                    {more > 0 && <Chip size="small" variant="outlined" label={t('landing.page.more', { count: more })} />}
                  </Stack>
                )}
                <Box sx={{ flex: 1, minHeight: 16 }} />
                <Button
                  component={RouterLink}
                  to={`/u/${encodeURIComponent(link.handle)}`}
                  variant="outlined"
                  startIcon={<EventAvailableRounded />}
                  aria-label={t('landing.page.bookWith', { name: link.name })}
                  sx={{ mt: 2, alignSelf: 'flex-start' }}
                >
                  {t('landing.page.bookMeeting')}
                </Button>
              </Stack>
            </Grid>
          )
        })}
      </Grid>
    </Box>
  )
}
