import type { PublicPostSummary } from '@closeroom/shared'
import { Box, CardActionArea, Stack, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { surface } from '../../components/public/surface'
import { formatDate } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'

/** A published post on a landing page: its cover, title, summary and date, the whole card a link to its page. */
export function PostCard({ publicId, post }: { publicId: string; post: PublicPostSummary }) {
  const { t, i18n } = useTranslation()
  return (
    <Box sx={{ ...surface, flex: 1, display: 'flex' }}>
      <CardActionArea
        component={RouterLink}
        to={`/l/${encodeURIComponent(publicId)}/posts/${encodeURIComponent(post.slug)}`}
        aria-label={t('blogPublic.readNamed', { title: post.title })}
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
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
            {formatDate(post.publishedAt, i18n.language)}
          </Typography>
          <Typography variant="h6" component="h3" dir="auto" sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
            {post.title}
          </Typography>
          {post.excerpt && (
            <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere', textAlign: 'left' }}>
              {post.excerpt}
            </Typography>
          )}
        </Stack>
      </CardActionArea>
    </Box>
  )
}
