import type { PublicPostSummary } from '@closeroom/shared'
import { Box, Link, Stack, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { surface } from '../../components/public/surface'
import { formatDate } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'

/**
 * A published post on a landing page: its cover, title, summary and date. The title is the link, and its click
 * area stretches over the card, so the link reads as the post's title alone.
 */
export function PostCard({ publicId, post }: { publicId: string; post: PublicPostSummary }) {
  const { i18n } = useTranslation()
  return (
    <Box
      sx={{
        ...surface,
        position: 'relative',
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        transition: 'box-shadow 0.2s',
        '&:hover': { boxShadow: 8 },
        '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: 2 },
      }}
    >
      {post.coverUrl ? (
        <Box
          component="img"
          src={post.coverUrl}
          alt=""
          loading="lazy"
          sx={{ width: 1, aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Box sx={{ width: 1, height: 8, bgcolor: 'primary.main' }} />
      )}
      <Stack sx={{ p: 3, flex: 1 }} spacing={1}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, i18n.language)}</time>
        </Typography>
        <Typography variant="h6" component="h3" dir="auto" sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
          <Link
            component={RouterLink}
            to={`/l/${encodeURIComponent(publicId)}/posts/${encodeURIComponent(post.slug)}`}
            color="inherit"
            underline="hover"
            sx={{ '&::after': { content: '""', position: 'absolute', inset: 0 }, '&:focus-visible': { outline: 'none' } }}
          >
            {post.title}
          </Link>
        </Typography>
        {post.excerpt && (
          <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere', textAlign: 'left' }}>
            {post.excerpt}
          </Typography>
        )}
      </Stack>
    </Box>
  )
}
