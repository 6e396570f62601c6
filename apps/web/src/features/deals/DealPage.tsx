import { can } from '@closeroom/shared'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Alert, Box, Button, Card, CardContent, CardHeader, Grid, Skeleton } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { PageHeader } from '../../components/PageHeader'
import { RouterLink } from '../../components/RouterLink'
import { MessageThread } from '../../components/thread/MessageThread'
import { useMessageRoom } from '../../components/thread/useMessageRoom'
import { useThreadPages } from '../../components/thread/useThreadPages'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { DealAgreementsCard } from '../agreements/DealAgreementsCard'
import { useReadThread } from '../chat/readThread'
import { DealInvoicesCard } from '../invoices/DealInvoicesCard'
import { StartMeetingButton } from '../meeting-public/StartMeetingButton'
import { OnlineTeammates } from '../presence/OnlineTeammates'
import { useUsers } from '../users/queries'
import { DealForm } from './DealForm'
import { DealTimeline } from './DealTimeline'
import { dealKeys, dealMessagesQuery, useDeal, useDealMessages, useDeleteDeal, usePostDealMessage, useStages } from './queries'
import { dealRoom, usePipelineToasts } from './realtime'

/** /deals/new and /deals/:id: the deal's fields, and beside them its timeline and the team's chat about it. */
export default function DealPage() {
  const { t } = useTranslation()
  usePipelineToasts()
  const { id } = useParams()
  const deal = useDeal(id)
  const stages = useStages()
  const users = useUsers()
  const me = useAuthContext().user
  const error = deal.error ?? stages.error ?? users.error
  if (error) return <Alert severity="error">{serverErrorText(t, error)}</Alert>
  const ready = (!id || deal.data) && stages.data && users.data

  if (!id)
    return (
      <>
        <PageHeader title={t('pipeline.deal.newTitle')} />
        <Box sx={{ maxWidth: 880 }}>
          {ready ? <DealForm stages={stages.data ?? []} users={users.data ?? []} /> : <Skeleton variant="rounded" height={480} />}
        </Box>
      </>
    )

  return (
    <>
      <PageHeader
        title={deal.data?.name ?? t('pipeline.deal.title')}
        action={
          deal.data && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <StartMeetingButton dealId={deal.data.id} />
              <Button variant="outlined" component={RouterLink} to={`/deals/${id}/room`}>
                {t('salesroom.editor.title')}
              </Button>
              <DeleteDeal id={id} ownerId={deal.data.owner.id} name={deal.data.name} />
            </Box>
          )
        }
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          {ready && deal.data ? (
            <DealForm key={deal.data.id} deal={deal.data} stages={stages.data ?? []} users={users.data ?? []} />
          ) : (
            <Skeleton variant="rounded" height={480} />
          )}
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          {deal.data && <DealAgreementsCard deal={deal.data} />}
          {deal.data && stages.data && (
            <DealInvoicesCard deal={deal.data} won={stages.data.some((stage) => stage.id === deal.data?.stageId && stage.kind === 'won')} />
          )}
          <Card component="section" aria-labelledby="deal-chat-title">
            <CardHeader
              title={t('pipeline.chat.title')}
              slotProps={{
                title: { id: 'deal-chat-title', component: 'h2', variant: 'h6' },
                action: { sx: { alignSelf: 'center', m: 0 } },
              }}
              action={<OnlineTeammates people={(users.data ?? []).filter((u) => u.id !== me?.id && u.status === 'active')} />}
            />
            <CardContent sx={{ pt: 0 }}>
              <DealChat dealId={id} />
            </CardContent>
          </Card>
          <Card component="section" aria-labelledby="deal-timeline-title">
            <CardHeader
              title={t('pipeline.timeline.title')}
              slotProps={{ title: { id: 'deal-timeline-title', component: 'h2', variant: 'h6' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <DealTimeline dealId={id} />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  )
}

function DealChat({ dealId }: { dealId: string }) {
  const { t } = useTranslation()
  const thread = useThreadPages(useDealMessages(dealId))
  const post = usePostDealMessage(dealId)
  const queryClient = useQueryClient()
  // A message, or an edit, is also a line on the timeline beside the chat: a teammate's shows there at once.
  useMessageRoom(
    dealRoom,
    dealId,
    dealMessagesQuery(dealId).queryKey,
    () => void queryClient.invalidateQueries({ queryKey: dealKeys.activities(dealId), exact: true }),
  )
  useReadThread('deal', dealId)
  return <MessageThread title={t('pipeline.chat.title')} {...thread} onSend={(body) => post.mutateAsync(body)} height={360} />
}

function DeleteDeal({ id, ownerId, name }: { id: string; ownerId: string; name: string }) {
  const { t } = useTranslation()
  const me = useAuthContext().user
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const remove = useDeleteDeal(id)
  const [open, setOpen] = useState(false)
  if (!can(me, 'deals.delete', { ownerId })) return null
  return (
    <>
      <Button color="error" startIcon={<DeleteOutlineRounded />} onClick={() => setOpen(true)}>
        {t('pipeline.deal.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('pipeline.deal.deleteTitle')}
        text={t('pipeline.deal.deleteConfirm', { name })}
        confirmLabel={t('pipeline.deal.delete')}
        cancelLabel={t('pipeline.cancel')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          void remove.mutateAsync().then(
            () => {
              enqueueSnackbar(t('pipeline.deal.deleted'), { variant: 'success' })
              navigate('/deals')
            },
            () => undefined,
          )
        }
      />
    </>
  )
}
