import {
  CreateWebhookEndpoint,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  webhookEventArea,
} from '@closeroom/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { useId, useState } from 'react'
import { Controller, type FieldError, useForm } from 'react-hook-form'
import { FormError } from '../../components/FormError'
import { ApiError } from '../../lib/api'
import { type TFunction, useTranslation } from '../../locales/i18n'
import { useCreateEndpoint, useUpdateEndpoint } from './queries'

type Values = { url: string; description: string; events: WebhookEventType[]; active: boolean }

/** The events in their areas, in the order of the shared list. */
const AREAS = [...new Set(WEBHOOK_EVENT_TYPES.map(webhookEventArea))].map((area) => ({
  area,
  events: WEBHOOK_EVENT_TYPES.filter((type) => webhookEventArea(type) === area),
}))

const SERVER_URL_ERRORS: [RegExp, string][] = [
  [/private or local/, 'webhooks.form.urlPrivate'],
  [/must start with https/, 'webhooks.form.urlHttps'],
  [/could not be found/, 'webhooks.form.urlUnknown'],
]

/** The text under the URL field: the browser's check, or the server's reason for refusing the address. */
function urlErrorText(t: TFunction, error: FieldError | undefined) {
  if (!error) return undefined
  if (error.type === 'server') {
    const known = SERVER_URL_ERRORS.find(([pattern]) => pattern.test(error.message ?? ''))
    return t(known ? known[1] : 'webhooks.form.urlInvalid')
  }
  if (error.type === 'too_big') return t('webhooks.form.tooLong')
  return t(error.message === 'Must be a valid URL' ? 'webhooks.form.urlInvalid' : 'webhooks.form.urlRequired')
}

/** Adds an endpoint (the answer carries its secret, shown next by the page) or changes one. */
export function EndpointDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null
  onClose: () => void
  onCreated: (created: WebhookEndpointWithSecret) => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const eventsLabelId = useId()
  const { enqueueSnackbar } = useSnackbar()
  const create = useCreateEndpoint()
  const update = useUpdateEndpoint()
  const [serverError, setServerError] = useState<unknown>(null)
  const form = useForm<Values>({
    resolver: zodResolver(CreateWebhookEndpoint) as never,
    defaultValues: endpoint
      ? { url: endpoint.url, description: endpoint.description, events: endpoint.events, active: endpoint.active }
      : { url: 'https://', description: '', events: [], active: true },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null)
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, body: values })
        enqueueSnackbar(t('webhooks.snacks.saved'), { variant: 'success' })
        onClose()
      } else {
        onCreated(await create.mutateAsync(values))
      }
    } catch (error) {
      if (error instanceof ApiError && error.field === 'url') form.setError('url', { type: 'server', message: error.message })
      else if (error instanceof ApiError && error.field?.startsWith('events'))
        form.setError('events', { type: 'server', message: error.code })
      else setServerError(error)
    }
  })

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{endpoint ? t('webhooks.form.editTitle') : t('webhooks.form.newTitle')}</DialogTitle>
        <DialogContent dividers>
          <FormError error={serverError} />
          <Stack spacing={2.5}>
            <TextField
              {...form.register('url')}
              label={t('webhooks.form.url')}
              required
              autoFocus
              type="url"
              error={!!errors.url}
              helperText={urlErrorText(t, errors.url) ?? t('webhooks.form.urlHelp')}
              slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, maxLength: 2048 } }}
            />
            <TextField
              {...form.register('description')}
              label={t('webhooks.form.description')}
              error={!!errors.description}
              helperText={errors.description ? t('webhooks.form.tooLong') : t('webhooks.form.descriptionHelp')}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <Controller
              control={form.control}
              name="events"
              render={({ field }) => {
                const chosen = new Set(field.value)
                const toggle = (types: readonly WebhookEventType[], on: boolean) => {
                  const next = new Set(chosen)
                  for (const type of types) {
                    if (on) next.add(type)
                    else next.delete(type)
                  }
                  field.onChange(WEBHOOK_EVENT_TYPES.filter((type) => next.has(type)))
                }
                const all = chosen.size === WEBHOOK_EVENT_TYPES.length
                return (
                  <FormControl component="fieldset" error={!!errors.events} aria-labelledby={eventsLabelId}>
                    <FormLabel id={eventsLabelId} component="legend" sx={{ mb: 1 }}>
                      {t('webhooks.form.events')}
                    </FormLabel>
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={all}
                          indeterminate={!all && chosen.size > 0}
                          onChange={(event) => toggle(WEBHOOK_EVENT_TYPES, event.target.checked)}
                        />
                      }
                      label={t('webhooks.form.selectAll')}
                    />
                    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 1.5, mt: 1 }}>
                      {AREAS.map(({ area, events }) => (
                        <Box key={area} role="group" aria-label={t(`webhooks.areas.${area}`)}>
                          <Box sx={{ typography: 'subtitle2', mb: 0.5 }}>{t(`webhooks.areas.${area}`)}</Box>
                          <FormGroup>
                            {events.map((type) => (
                              <FormControlLabel
                                key={type}
                                control={
                                  <Checkbox
                                    size="small"
                                    checked={chosen.has(type)}
                                    onChange={(event) => toggle([type], event.target.checked)}
                                  />
                                }
                                label={t(`webhooks.events.${type}`)}
                              />
                            ))}
                          </FormGroup>
                        </Box>
                      ))}
                    </Box>
                    {errors.events && <FormHelperText>{t('webhooks.form.eventsRequired')}</FormHelperText>}
                  </FormControl>
                )
              }}
            />
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                  label={t('webhooks.form.active')}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('webhooks.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {endpoint ? t('webhooks.form.save') : t('webhooks.form.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}
