import { Email, SALESROOM_LIMITS, type Salesroom, SalesroomSettings } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  Grid,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  TextField,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { Controller } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { z } from 'zod'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { useDeal } from '../deals/queries'
import { ReadingCard } from '../files/ReadingCard'
import { AddressCard } from './AddressCard'
import { DocumentsCard } from './DocumentsCard'
import { EngagementCard } from './EngagementCard'
import { LinksCard } from './LinksCard'
import { useSalesroom, useSaveSalesroom } from './queries'
import { SellerChat } from './SellerChat'
import { StepsCard } from './StepsCard'
import { useRoomLive } from './useRoomLive'

// The invited emails are typed one per line; the shared schema checks each of them.
const SettingsForm = SalesroomSettings.extend({
  invitedEmails: z
    .string()
    .transform((text) =>
      text
        .split(/[\s,;]+/)
        .map((email) => email.trim())
        .filter(Boolean),
    )
    .pipe(z.array(Email).max(SALESROOM_LIMITS.maxInvited)),
})

/** /deals/:id/room — the seller's side of the deal's sales room: what the buyer sees, and what the buyer did. */
export default function SalesroomEditorPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const deal = useDeal(id)
  const room = useSalesroom(id)
  const error = deal.error ?? room.error
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Button
          component={Link}
          to={`/deals/${id}`}
          color="inherit"
          startIcon={<ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
        >
          {t('salesroom.editor.back')}
        </Button>
      </Stack>
      <Box component="h1" sx={{ typography: 'h4', mt: 0, mb: 3 }}>
        {deal.data ? `${t('salesroom.editor.title')} · ${deal.data.name}` : t('salesroom.editor.title')}
      </Box>
      {error ? (
        <Alert severity="error">{serverErrorText(t, error)}</Alert>
      ) : room.data === undefined || !deal.data ? (
        <Skeleton variant="rounded" height={480} />
      ) : (
        <Editor dealId={id} room={room.data} dealName={deal.data.name} />
      )}
    </>
  )
}

function Editor({ dealId, room, dealName }: { dealId: string; room: Salesroom | null; dealName: string }) {
  useRoomLive(dealId, room?.publicId ?? null)
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Stack spacing={3}>
          <SettingsCard dealId={dealId} room={room} dealName={dealName} />
          {room && <LinksCard dealId={dealId} links={room.links} />}
          {room && <DocumentsCard dealId={dealId} />}
          {room && <ReadingCard dealId={dealId} />}
          {room && <StepsCard dealId={dealId} steps={room.steps} />}
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Stack spacing={3}>
          {room && <AddressCard dealId={dealId} room={room} />}
          {room && <EngagementCard dealId={dealId} />}
          {room && <SellerChat dealId={dealId} />}
        </Stack>
      </Grid>
    </Grid>
  )
}

function SettingsCard({ dealId, room, dealName }: { dealId: string; room: Salesroom | null; dealName: string }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const save = useSaveSalesroom(dealId)
  const { form, serverError, submit } = useSchemaForm(SettingsForm, {
    title: room?.title ?? dealName,
    welcome: room?.welcome ?? '',
    videoUrl: room?.videoUrl ?? '',
    access: room?.access ?? 'link',
    invitedEmails: (room?.invitedEmails ?? []).join('\n'),
    showPricing: room?.showPricing ?? true,
    published: room?.published ?? false,
  })
  const access = form.watch('access')
  const onSubmit = submit(async (values) => {
    const saved = await save.mutateAsync(values)
    form.reset({ ...values, invitedEmails: saved.invitedEmails.join('\n') })
    enqueueSnackbar(t('salesroom.editor.saved'), { variant: 'success' })
  })

  return (
    <Card>
      <CardHeader title={t('salesroom.editor.settings')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {!room && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('salesroom.editor.notCreated')}
          </Alert>
        )}
        <FormError error={serverError} />
        <Stack component="form" spacing={2.5} noValidate onSubmit={(event) => void onSubmit(event)}>
          <FormTextField form={form} name="title" label={t('salesroom.editor.roomTitle')} required fullWidth />
          <FormTextField
            form={form}
            name="welcome"
            label={t('salesroom.editor.welcome')}
            helperText={t('salesroom.editor.welcomeHelp')}
            multiline
            minRows={3}
            fullWidth
          />
          <FormTextField form={form} name="videoUrl" label={t('salesroom.editor.videoUrl')} type="url" fullWidth />
          <Controller
            control={form.control}
            name="access"
            render={({ field }) => (
              <TextField select label={t('salesroom.editor.access')} value={field.value} onChange={field.onChange} fullWidth>
                <MenuItem value="link">{t('salesroom.editor.accessLink')}</MenuItem>
                <MenuItem value="invited">{t('salesroom.editor.accessInvited')}</MenuItem>
              </TextField>
            )}
          />
          {access === 'invited' && (
            <FormTextField
              form={form}
              name="invitedEmails"
              label={t('salesroom.editor.invitedEmails')}
              helperText={t('salesroom.editor.invitedHelp')}
              multiline
              minRows={2}
              fullWidth
            />
          )}
          <Controller
            control={form.control}
            name="showPricing"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={!!field.value} onChange={(_, checked) => field.onChange(checked)} />}
                label={t('salesroom.editor.showPricing')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="published"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={!!field.value} onChange={(_, checked) => field.onChange(checked)} />}
                label={t('salesroom.editor.published')}
              />
            )}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              {room ? t('salesroom.editor.save') : t('salesroom.editor.create')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  )
}
