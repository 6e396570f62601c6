import { CreateRecordingComment, can, RECORDING_COMMENT_MAX } from '@closeroom/shared'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { formatClock } from './format'
import { useAddComment, useDeleteComment, useRecordingComments } from './queries'

const CommentBody = CreateRecordingComment.pick({ body: true })

/** Comments pinned to moments: each one jumps the player there; a new one is pinned to the moment shown. */
export function RecordingComments({
  recordingId,
  currentMs,
  onSeek,
}: {
  recordingId: string
  currentMs: number
  onSeek(ms: number): void
}) {
  const { t } = useTranslation()
  const me = useAuthContext().user
  const comments = useRecordingComments(recordingId, true)
  const add = useAddComment(recordingId)
  const remove = useDeleteComment(recordingId)
  const { form, serverError, submit } = useSchemaForm(CommentBody, { body: '' })
  const body = form.watch('body')

  const onSubmit = submit(async ({ body }) => {
    await add.mutateAsync({ atMs: currentMs, body })
    form.reset({ body: '' })
  })

  return (
    <Card>
      <CardHeader title={t('recordings.comments')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {comments.data?.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            {t('recordings.noComments')}
          </Typography>
        )}
        <List dense disablePadding aria-label={t('recordings.comments')}>
          {comments.data?.map((comment) => (
            <ListItem
              key={comment.id}
              disablePadding
              secondaryAction={
                can(me, 'recordingComments.delete', { authorId: comment.author?.id ?? null }) && (
                  <Tooltip title={t('recordings.deleteComment')}>
                    <IconButton edge="end" aria-label={t('recordings.deleteComment')} onClick={() => remove.mutate(comment.id)}>
                      <DeleteOutlineRounded fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )
              }
            >
              <ListItemButton onClick={() => onSeek(comment.atMs)} aria-label={t('recordings.seekTo', { time: formatClock(comment.atMs) })}>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                      <Box component="span" sx={{ fontWeight: 600, color: 'primary.main', fontVariantNumeric: 'tabular-nums' }}>
                        {formatClock(comment.atMs)}
                      </Box>
                      <Box component="span" dir="auto" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                        {comment.body}
                      </Box>
                    </Stack>
                  }
                  secondary={comment.author?.name ?? t('recordings.unknownAuthor')}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ mt: 2 }}>
          <FormError error={serverError} />
          <FormTextField
            form={form}
            name="body"
            label={t('recordings.commentLabel', { time: formatClock(currentMs) })}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: RECORDING_COMMENT_MAX } }}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }} loading={add.isPending} disabled={body.trim() === ''}>
            {t('recordings.addComment')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  )
}
