import { can, IMAGE_TYPES, type Post, PostFields } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  Grid,
  IconButton,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { type ReactNode, useState } from 'react'
import { Controller, type FieldError } from 'react-hook-form'
import { Link, useNavigate, useParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { FileDrop } from '../../components/FileDrop'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { fieldErrorText, isServerFieldError, serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { LibraryPicker } from '../files/LibraryPicker'
import { usePost, useSavePost, useUploadCover } from './queries'
import { RichTextEditor } from './RichTextEditor'

/** /blog/new and /blog/post/:id/edit: the post's words, its address, its cover and whether it is out. */
export default function PostEditorPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const post = usePost(id)
  const me = useAuthContext().user
  if (post.error) return <Alert severity="error">{serverErrorText(t, post.error)}</Alert>
  if (id && !post.data) return <Skeleton variant="rounded" height={480} />
  if (post.data && !can(me, 'posts.manage', { authorId: post.data.author?.id ?? null }))
    return <Alert severity="info">{t('blog.editor.authorsOnly')}</Alert>
  return <Editor key={post.data?.id ?? 'new'} post={post.data} />
}

function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} subheader={subtitle} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  )
}

function Editor({ post }: { post?: Post }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const save = useSavePost(post?.id)
  const { form, serverError, submit } = useSchemaForm(PostFields, {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.ownExcerpt ?? '',
    body: post?.body ?? '',
    coverFileId: post?.coverFileId ?? null,
    status: post?.status ?? 'draft',
  })

  // The cover is saved on its own as it is uploaded; the form sends the rest.
  const onSubmit = submit(async ({ coverFileId: _, ...values }) => {
    const saved = await save.mutateAsync(values)
    form.reset({ ...values, slug: saved.slug, coverFileId: saved.coverFileId })
    enqueueSnackbar(t('blog.editor.saved'), { variant: 'success' })
    navigate(`/blog/post/${saved.id}`, { replace: !post })
  })

  const titleError = (error: FieldError) =>
    isServerFieldError(error)
      ? fieldErrorText(t, error)
      : error.type === 'too_big'
        ? t('validation.tooLong')
        : t('blog.editor.titleRequired')

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Tooltip title={t('blog.editor.back')}>
          <IconButton component={Link} to={post ? `/blog/post/${post.id}` : '/blog/posts'} aria-label={t('blog.editor.back')}>
            <ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        </Tooltip>
        <Typography variant="h4" component="h1" dir="auto" sx={{ flex: 1, minWidth: 200, overflowWrap: 'anywhere' }}>
          {post ? post.title : t('blog.editor.newTitle')}
        </Typography>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {post ? t('blog.editor.save') : t('blog.editor.create')}
        </Button>
      </Stack>
      <FormError error={serverError} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Section title={t('blog.editor.content')}>
            <Stack spacing={2.5}>
              <TextField
                {...form.register('title')}
                label={t('blog.editor.title')}
                required
                fullWidth
                autoFocus={!post}
                error={!!form.formState.errors.title}
                helperText={form.formState.errors.title && titleError(form.formState.errors.title as FieldError)}
              />
              <Box>
                <Typography component="p" variant="subtitle2" sx={{ mb: 1 }}>
                  {t('blog.editor.body')}
                </Typography>
                <Controller
                  control={form.control}
                  name="body"
                  render={({ field, fieldState }) => (
                    <>
                      <RichTextEditor
                        label={t('blog.editor.body')}
                        initial={post?.body ?? ''}
                        onChange={field.onChange}
                        postId={post?.id}
                      />
                      {fieldState.error && (
                        <Typography variant="caption" color="error" role="alert">
                          {fieldErrorText(t, fieldState.error)}
                        </Typography>
                      )}
                    </>
                  )}
                />
              </Box>
            </Stack>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <Section title={t('blog.editor.publishing')}>
              <Controller
                control={form.control}
                name="status"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value === 'published'}
                        onChange={(_, checked) => field.onChange(checked ? 'published' : 'draft')}
                      />
                    }
                    label={t('blog.editor.published')}
                  />
                )}
              />
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                {t('blog.editor.publishedHelp')}
              </Typography>
            </Section>
            <Section title={t('blog.editor.cover')} subtitle={t('blog.editor.coverHelp')}>
              {post ? <Cover post={post} /> : <Alert severity="info">{t('blog.editor.coverAfterSave')}</Alert>}
            </Section>
            <Section title={t('blog.editor.details')}>
              <Stack spacing={2.5}>
                <FormTextField
                  form={form}
                  name="excerpt"
                  label={t('blog.editor.excerpt')}
                  helperText={t('blog.editor.excerptHelp')}
                  slotProps={{ htmlInput: { dir: 'auto' } }}
                  multiline
                  minRows={3}
                  fullWidth
                />
                <FormTextField
                  form={form}
                  name="slug"
                  label={t('blog.editor.slug')}
                  helperText={t('blog.editor.slugHelp')}
                  fullWidth
                  slotProps={{ htmlInput: { dir: 'ltr' } }}
                />
              </Stack>
            </Section>
          </Stack>
        </Grid>
      </Grid>
    </form>
  )
}

const IMAGE_ACCEPT = [...IMAGE_TYPES, '.png', '.jpg', '.jpeg', '.webp', '.gif'].join(',')

function Cover({ post }: { post: Post }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const uploadCover = useUploadCover(post.id)
  const pickCover = useSavePost(post.id)
  const [picking, setPicking] = useState(false)
  const [progress, setProgress] = useState<{ label: string; value: number } | null>(null)
  const onFiles = (files: File[]) => {
    const file = files[0]
    if (!file) return
    setProgress({ label: file.name, value: 0 })
    uploadCover.mutate(
      { file, onProgress: (value) => setProgress({ label: file.name, value }) },
      {
        onSuccess: () => enqueueSnackbar(t('blog.editor.coverSaved'), { variant: 'success' }),
        onSettled: () => setProgress(null),
      },
    )
  }
  return (
    <Stack spacing={2}>
      {post.coverUrl && (
        <Box
          component="img"
          src={post.coverUrl}
          alt={t('blog.editor.coverAlt', { title: post.title })}
          sx={{ width: 1, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
        />
      )}
      {uploadCover.error && <Alert severity="error">{serverErrorText(t, uploadCover.error)}</Alert>}
      <FileDrop
        label={post.coverUrl ? t('blog.editor.replaceCover') : t('blog.editor.chooseCover')}
        hint={t('blog.editor.coverHint')}
        accept={IMAGE_ACCEPT}
        progress={progress}
        onFiles={onFiles}
      />
      <Button startIcon={<LibraryAddOutlined />} onClick={() => setPicking(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('files.picker.fromLibrary')}
      </Button>
      <LibraryPicker
        open={picking}
        taken={post.coverFileId ? [post.coverFileId] : []}
        accepts={(file) => (IMAGE_TYPES as readonly string[]).includes(file.contentType)}
        pending={pickCover.isPending}
        error={pickCover.error}
        onPick={(file) =>
          pickCover.mutate(
            { coverFileId: file.id },
            {
              onSuccess: () => {
                setPicking(false)
                enqueueSnackbar(t('blog.editor.coverSaved'), { variant: 'success' })
              },
            },
          )
        }
        onClose={() => {
          setPicking(false)
          pickCover.reset()
        }}
      />
    </Stack>
  )
}
