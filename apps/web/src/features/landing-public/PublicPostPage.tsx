import type { PublicPost } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import { Box, Button, Container, Stack, Typography } from '@mui/material'
import { useEffect } from 'react'
import { Link as RouterLink, useParams } from 'react-router'
import { BrandedPage } from '../../components/public/BrandedPage'
import { RichText } from '../../components/public/RichText'
import { LoadFailed, Loading, NotFound } from '../../components/public/states'
import { surface } from '../../components/public/surface'
import { useRemote } from '../../components/public/useRemote'
import { formatDate } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { landingApi, landingPaths } from './api'

/** /l/:id/posts/:slug — a published post of the organization, under its landing page. */
export default function PublicPostPage() {
  const { id = '', slug = '' } = useParams()
  const post = useRemote(`${id}/${slug}`, (signal) => landingApi.post(id, slug, signal), landingPaths.post(id, slug))
  if (post.error?.code === 'not_found' || post.error?.code === 'invalid') return <NotFound />
  if (post.error) return <LoadFailed retry={post.reload} />
  if (!post.data) return <Loading />
  return <Article post={post.data} />
}

/** The page's title and description, as the server rendered them into the head (entry-server.tsx). */
function useHead(title: string, description: string) {
  useEffect(() => {
    const before = document.title
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    const beforeDescription = meta?.content
    document.title = title
    if (meta) meta.content = description
    return () => {
      document.title = before
      if (meta && beforeDescription !== undefined) meta.content = beforeDescription
    }
  }, [title, description])
}

function Article({ post }: { post: PublicPost }) {
  const { t, i18n } = useTranslation()
  useHead(`${post.title} · ${post.organization.name}`, post.excerpt)
  const back = `/l/${encodeURIComponent(post.page.publicId)}`
  return (
    <BrandedPage
      organization={post.organization}
      width="md"
      footer={t('blogPublic.poweredBy')}
      hero={
        <Box sx={{ pt: { xs: 2, md: 4 }, pb: { xs: 6, md: 9 } }}>
          <Button
            component={RouterLink}
            to={back}
            size="small"
            startIcon={<ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
            sx={{ color: 'common.white', mb: 3, '&:hover': { bgcolor: 'rgba(255,255,255,0.12)' } }}
          >
            <bdi>{t('blogPublic.back', { title: post.page.title })}</bdi>
          </Button>
          <Typography
            variant="h1"
            dir="auto"
            sx={{ fontSize: { xs: '2rem', sm: '2.5rem', md: '3rem' }, lineHeight: 1.15, overflowWrap: 'anywhere', textAlign: 'left' }}
          >
            {post.title}
          </Typography>
          <Stack direction="row" sx={{ mt: 2.5, gap: 1.5, flexWrap: 'wrap', opacity: 0.88 }}>
            <Typography component="span">
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, i18n.language)}</time>
            </Typography>
            {post.authorName && (
              <Typography component="span">
                · <bdi>{t('blogPublic.by', { name: post.authorName })}</bdi>
              </Typography>
            )}
          </Stack>
        </Box>
      }
    >
      <Container component="main" maxWidth="md" sx={{ flex: 1, py: { xs: 4, md: 6 }, px: { xs: 2, sm: 3 } }}>
        <Box component="article" aria-label={post.title} sx={{ ...surface }}>
          {post.coverUrl && (
            <Box
              component="img"
              src={post.coverUrl}
              alt=""
              sx={{ display: 'block', width: 1, aspectRatio: '16 / 7', objectFit: 'cover' }}
            />
          )}
          <Box sx={{ p: { xs: 2.5, sm: 4, md: 5 } }}>
            <RichText html={post.html} />
          </Box>
        </Box>
      </Container>
    </BrandedPage>
  )
}
