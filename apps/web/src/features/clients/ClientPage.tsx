import { type Client, type CreateClient, can, UpdateClient } from '@closeroom/shared'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Alert, Button, Card, CardContent, CardHeader, Grid, Skeleton, Stack } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { Link, useNavigate, useParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { FormError } from '../../components/FormError'
import { PageHeader } from '../../components/PageHeader'
import { MessageThread } from '../../components/thread/MessageThread'
import { useMessageRoom } from '../../components/thread/useMessageRoom'
import { useThreadPages } from '../../components/thread/useThreadPages'
import { serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { useReadThread } from '../chat/readThread'
import { usePipelineToasts } from '../deals/realtime'
import { ClientTimeline } from '../mail/ClientTimeline'
import { ClientFields, clientDefaults } from './ClientFormFields'
import {
  clientMessagesQuery,
  useClient,
  useClientMessages,
  useDeleteClient,
  useEditClientMessage,
  usePostClientMessage,
  useSaveClient,
} from './queries'
import { clientRoom } from './realtime'

/** /clients/:id: the contact's details, editable, beside the team's thread about them; under both, their timeline. */
export default function ClientPage() {
  const { t } = useTranslation()
  usePipelineToasts()
  const { id = '' } = useParams()
  const client = useClient(id)
  if (client.isError) return <Alert severity="error">{serverErrorText(t, client.error)}</Alert>
  return (
    <>
      <PageHeader title={client.data?.name ?? t('pipeline.clients.title')} action={client.data && <DeleteClient client={client.data} />} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          {client.data ? <ClientForm key={client.data.id} client={client.data} /> : <Skeleton variant="rounded" height={400} />}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card component="section" aria-labelledby="client-thread-title">
            <CardHeader
              title={t('pipeline.clients.thread')}
              slotProps={{ title: { id: 'client-thread-title', component: 'h2', variant: 'h6' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <ClientThread clientId={id} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12}>
          <Card component="section" aria-labelledby="client-timeline-title">
            <CardHeader
              title={t('mail.clientTimeline.title')}
              slotProps={{ title: { id: 'client-timeline-title', component: 'h2', variant: 'h6' } }}
            />
            <CardContent sx={{ pt: 0 }}>
              <ClientTimeline clientId={id} />
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  )
}

function ClientForm({ client }: { client: Client }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const save = useSaveClient(client.id)
  const { form, serverError, submit } = useSchemaForm(UpdateClient, clientDefaults(client))
  const onSubmit = submit(async (values) => {
    const saved = await save.mutateAsync(values as CreateClient)
    form.reset(clientDefaults(saved))
    enqueueSnackbar(t('pipeline.saved'), { variant: 'success' })
  })
  return (
    <Card sx={{ p: 3 }}>
      <FormError error={serverError} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
        <ClientFields form={form as unknown as UseFormReturn<CreateClient>} />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button component={Link} to="/clients" color="inherit">
            {t('pipeline.back')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('pipeline.save')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}

function ClientThread({ clientId }: { clientId: string }) {
  const { t } = useTranslation()
  const thread = useThreadPages(useClientMessages(clientId))
  const post = usePostClientMessage(clientId)
  const edit = useEditClientMessage(clientId)
  useMessageRoom(clientRoom, clientId, clientMessagesQuery(clientId).queryKey)
  useReadThread('client', clientId)
  return (
    <MessageThread
      title={t('pipeline.clients.thread')}
      {...thread}
      onSend={(body) => post.mutateAsync(body)}
      onEdit={(messageId, body) => edit.mutateAsync({ messageId, body })}
    />
  )
}

function DeleteClient({ client }: { client: Client }) {
  const { t } = useTranslation()
  const me = useAuthContext().user
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const remove = useDeleteClient(client.id)
  const [open, setOpen] = useState(false)
  if (!can(me, 'clients.delete')) return null
  return (
    <>
      <Button color="error" startIcon={<DeleteOutlineRounded />} onClick={() => setOpen(true)}>
        {t('pipeline.clients.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('pipeline.clients.delete')}
        text={t('pipeline.clients.deleteConfirm', { name: client.name })}
        confirmLabel={t('pipeline.clients.delete')}
        cancelLabel={t('pipeline.cancel')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          void remove.mutateAsync().then(
            () => {
              enqueueSnackbar(t('pipeline.clients.deleted'), { variant: 'success' })
              navigate('/clients')
            },
            () => undefined,
          )
        }
      />
    </>
  )
}
