import { API_KEY_EXPIRIES, type ApiKey, CreateApiKey } from '@closeroom/shared'
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded'
import KeyRounded from '@mui/icons-material/KeyRounded'
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import { z } from 'zod'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { API_URL } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { formatDate, formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './queries'

const EXPIRY_CHOICES = [...API_KEY_EXPIRIES.map(String), 'never'] as const
// The shared rule for the name and scope; the expiry is a select's text, turned into days on submit.
const KeyForm = CreateApiKey.pick({ name: true, scope: true }).extend({ expiry: z.enum(EXPIRY_CHOICES) })

/** /settings/api-keys: the member's API keys, a form to make one (shown once), and revocation. */
export default function ApiKeysPage() {
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null)
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      {created ? <CreatedKey created={created} onDone={() => setCreated(null)} /> : <NewKeyCard onCreated={setCreated} />}
      <KeysCard />
    </Stack>
  )
}

function NewKeyCard({ onCreated }: { onCreated: (created: { name: string; secret: string }) => void }) {
  const { t } = useTranslation()
  const create = useCreateApiKey()
  const { form, serverError, submit } = useSchemaForm(KeyForm, { name: '', scope: 'read', expiry: '90' })
  const save = submit(async ({ name, scope, expiry }) => {
    const answer = await create.mutateAsync({ name, scope, expiresInDays: expiry === 'never' ? null : (Number(expiry) as 30 | 90 | 365) })
    form.reset()
    onCreated({ name: answer.key.name, secret: answer.secret })
  })
  return (
    <Card sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('apiKeys.newTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {t('apiKeys.newText')}{' '}
        <Box component="a" href={`${API_URL}/docs`} target="_blank" rel="noopener noreferrer" sx={{ color: 'primary.main' }}>
          {t('apiKeys.docs')}
        </Box>
      </Typography>
      <FormError error={serverError} />
      <Stack component="form" noValidate spacing={2.5} onSubmit={save}>
        <FormTextField
          form={form}
          name="name"
          label={t('apiKeys.name')}
          helperText={t('apiKeys.nameHelp')}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={form.control}
            name="expiry"
            render={({ field }) => (
              <TextField {...field} select fullWidth label={t('apiKeys.expiry')}>
                {EXPIRY_CHOICES.map((choice) => (
                  <MenuItem key={choice} value={choice}>
                    {choice === 'never' ? t('apiKeys.never') : t('apiKeys.days', { days: choice })}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="scope"
            render={({ field }) => (
              <TextField {...field} select fullWidth label={t('apiKeys.scope')}>
                <MenuItem value="read">{t('apiKeys.scopes.read')}</MenuItem>
                <MenuItem value="write">{t('apiKeys.scopes.write')}</MenuItem>
              </TextField>
            )}
          />
        </Stack>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('apiKeys.create')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  )
}

/** The new key, this once: copy it, then it is gone from the screen for good. */
function CreatedKey({ created, onDone }: { created: { name: string; secret: string }; onDone: () => void }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret)
      enqueueSnackbar(t('apiKeys.copied'), { variant: 'success' })
    } catch {
      enqueueSnackbar(t('apiKeys.copyFailed'), { variant: 'warning' })
    }
  }
  return (
    <Card sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('apiKeys.createdTitle', { name: created.name })}
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('apiKeys.createdText')}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          value={created.secret}
          label={t('apiKeys.key')}
          size="small"
          fullWidth
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'api-key-secret', style: { fontFamily: 'monospace' } } }}
        />
        <Button variant="contained" startIcon={<ContentCopyRounded />} onClick={() => void copy()} sx={{ flexShrink: 0 }}>
          {t('apiKeys.copy')}
        </Button>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button color="inherit" onClick={onDone}>
          {t('apiKeys.done')}
        </Button>
      </Stack>
    </Card>
  )
}

function KeysCard() {
  const { t, i18n } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const keys = useApiKeys()
  const revoke = useRevokeApiKey()
  const [revoking, setRevoking] = useState<ApiKey | null>(null)
  const language = i18n.language

  const confirmRevoke = () => {
    if (!revoking) return
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        enqueueSnackbar(t('apiKeys.revoked', { name: revoking.name }), { variant: 'success' })
        setRevoking(null)
      },
    })
  }

  return (
    <Card sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('apiKeys.listTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('apiKeys.listText')}</Typography>
      {keys.isError && <Alert severity="error">{serverErrorText(t, keys.error)}</Alert>}
      {!keys.data && !keys.isError && <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />}
      {keys.data?.length === 0 && <Typography sx={{ mt: 2 }}>{t('apiKeys.empty')}</Typography>}
      {keys.data && keys.data.length > 0 && (
        <List aria-label={t('apiKeys.listTitle')}>
          {keys.data.map((key) => (
            <ListItem
              key={key.id}
              divider
              sx={{ pr: 12 }}
              secondaryAction={
                <Button size="small" color="error" onClick={() => setRevoking(key)} aria-label={`${t('apiKeys.revoke')}: ${key.name}`}>
                  {t('apiKeys.revoke')}
                </Button>
              }
            >
              <ListItemIcon>
                <KeyRounded />
              </ListItemIcon>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{key.name}</span>
                    <Chip size="small" color={key.scope === 'write' ? 'warning' : 'default'} label={t(`apiKeys.scopes.${key.scope}`)} />
                  </Stack>
                }
                secondary={
                  <>
                    <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace', display: 'block' }}>
                      {key.prefix}…
                    </Box>
                    {t('apiKeys.created', { date: formatDate(key.createdAt, language) })} ·{' '}
                    {key.expiresAt ? t('apiKeys.expires', { date: formatDate(key.expiresAt, language) }) : t('apiKeys.noExpiry')} ·{' '}
                    {key.lastUsedAt ? t('apiKeys.lastUsed', { date: formatDateTime(key.lastUsedAt, language) }) : t('apiKeys.neverUsed')}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiKeys.revokeTitle', { name: revoking?.name ?? '' })}
        text={t('apiKeys.revokeText')}
        confirmLabel={t('apiKeys.revoke')}
        cancelLabel={t('apiKeys.cancel')}
        color="error"
        pending={revoke.isPending}
        error={revoke.error}
        onClose={() => setRevoking(null)}
        onConfirm={confirmRevoke}
      />
    </Card>
  )
}
