import { can, type Post } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import EditRounded from '@mui/icons-material/EditRounded'
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  IconButton,
  Link as MuiLink,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { StatusChip } from '../../components/ListTable'
import { RichText } from '../../components/public/RichText'
import { serverErrorText } from '../../lib/errorText'
import { formatDate } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { useLandingPages } from '../landing/queries'
import { useDeletePost, usePost, useSavePost } from './queries'

/** /blog/post/:id: the post as readers will see it, where it is public, and what its author can do with it. */
export default function PostPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const post = usePost(id)
  if (post.error) return <Alert severity="error">{serverErrorText(t, post.error)}</Alert>
  if (!post.data) return <Skeleton variant="rounded" height={480} />
  return <PostView post={post.data} />
}

function PostView({ post }: { post: Post }) {
  const { t, i18n } = useTranslation()
  const me = useAuthContext().user
  const mine = can(me, 'posts.manage', { authorId: post.author?.id ?? null })
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Tooltip title={t('blog.post.back')}>
          <IconButton component={Link} to="/blog/posts" aria-label={t('blog.post.back')}>
            <ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        </Tooltip>
        <Typography variant="h4" component="h1" dir="auto" sx={{ flex: 1, minWidth: 200, overflowWrap: 'anywhere' }}>
          {post.title}
        </Typography>
        {mine && (
          <Button variant="contained" startIcon={<EditRounded />} component={Link} to={`/blog/post/${post.id}/edit`}>
            {t('blog.post.edit')}
          </Button>
        )}
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card component="article" aria-label={post.title}>
            {post.coverUrl && (
              <Box
                component="img"
                src={post.coverUrl}
                alt=""
                sx={{ display: 'block', width: 1, aspectRatio: '16 / 7', objectFit: 'cover' }}
              />
            )}
            <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
              {post.body ? <RichText html={post.body} /> : <Typography sx={{ color: 'text.secondary' }}>{t('blog.post.empty')}</Typography>}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <Card>
              <CardHeader title={t('blog.post.about')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
              <CardContent sx={{ pt: 0 }}>
                <Stack spacing={1.5}>
                  <div>
                    <StatusChip on={post.status === 'published'} label={t(`blog.status.${post.status}`)} />
                  </div>
                  <Typography variant="body2">
                    {t('blog.post.author')}: <bdi>{post.author?.name ?? t('blog.list.formerMember')}</bdi>
                  </Typography>
                  {post.publishedAt && (
                    <Typography variant="body2">
                      {t('blog.post.publishedOn', { date: formatDate(post.publishedAt, i18n.language) })}
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('blog.post.updatedOn', { date: formatDate(post.updatedAt, i18n.language) })}
                  </Typography>
                  {mine && <PublishButton post={post} />}
                </Stack>
              </CardContent>
            </Card>
            <WhereItShows post={post} />
            {mine && <DeleteCard post={post} />}
          </Stack>
        </Grid>
      </Grid>
    </>
  )
}

function PublishButton({ post }: { post: Post }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const save = useSavePost(post.id)
  const publishing = post.status === 'draft'
  return (
    <>
      {save.error && <Alert severity="error">{serverErrorText(t, save.error)}</Alert>}
      <Button
        variant={publishing ? 'contained' : 'outlined'}
        color={publishing ? 'primary' : 'inherit'}
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { status: publishing ? 'published' : 'draft' },
            {
              onSuccess: () =>
                enqueueSnackbar(t(publishing ? 'blog.post.publishedNow' : 'blog.post.unpublishedNow'), { variant: 'success' }),
            },
          )
        }
      >
        {publishing ? t('blog.post.publish') : t('blog.post.unpublish')}
      </Button>
    </>
  )
}

/** The post's public addresses: one under each published landing page of the organization. */
function WhereItShows({ post }: { post: Post }) {
  const { t } = useTranslation()
  const pages = useLandingPages()
  const published = (pages.data ?? []).filter((page) => page.published)
  return (
    <Card>
      <CardHeader title={t('blog.post.public')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {post.status === 'draft' ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('blog.post.draftNotPublic')}
          </Typography>
        ) : pages.isPending ? (
          <Skeleton />
        ) : published.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('blog.post.noLandingPage')}{' '}
            <MuiLink component={Link} to="/landing-pages">
              {t('blog.post.landingPages')}
            </MuiLink>
          </Typography>
        ) : (
          <Stack spacing={1} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {published.map((page) => {
              const path = `/l/${page.publicId}/posts/${post.slug}`
              return (
                <li key={page.id}>
                  <MuiLink
                    href={path}
                    target="_blank"
                    rel="noopener"
                    variant="body2"
                    underline="hover"
                    sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
                  >
                    <bdi>{page.title}</bdi>
                    <OpenInNewRounded sx={{ fontSize: 16 }} aria-label={t('blog.post.opensNewTab')} />
                  </MuiLink>
                  <Typography
                    variant="caption"
                    component="p"
                    dir="ltr"
                    sx={{ color: 'text.secondary', textAlign: 'start', overflowWrap: 'anywhere' }}
                  >
                    {path}
                  </Typography>
                </li>
              )
            })}
          </Stack>
        )}
      </CardContent>
    </Card>
  )
}

function DeleteCard({ post }: { post: Post }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const remove = useDeletePost(post.id)
  const [confirming, setConfirming] = useState(false)
  return (
    <Card>
      <CardHeader
        title={t('blog.post.deleteTitle')}
        subheader={t('blog.post.deleteHelp')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
          {t('blog.post.delete')}
        </Button>
        <ConfirmDialog
          open={confirming}
          title={t('blog.post.deleteConfirmTitle', { title: post.title })}
          text={t('blog.post.deleteConfirmText')}
          confirmLabel={t('blog.post.delete')}
          cancelLabel={t('blog.editor.cancel')}
          color="error"
          pending={remove.isPending}
          error={remove.error}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                enqueueSnackbar(t('blog.post.deleted'), { variant: 'success' })
                navigate('/blog/posts', { replace: true })
              },
            })
          }
        />
      </CardContent>
    </Card>
  )
}
