import type { InvoiceSettings } from '@closeroom/shared'
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, TextField } from '@mui/material'
import { useSnackbar } from 'notistack'
import { type FormEvent, useId, useState } from 'react'
import { FormError } from '../../components/FormError'
import { ApiError } from '../../lib/api'
import { useTranslation } from '../../locales/i18n'
import { useInvoiceSettings, useSaveInvoiceSettings } from './queries'

/** The organization's invoice numbering and the seller's details every invoice prints (owners and admins). */
export function InvoiceSettingsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const settings = useInvoiceSettings(open)
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('invoices.settings.title')}</DialogTitle>
      {settings.data ? (
        <SettingsForm initial={settings.data} onClose={onClose} />
      ) : (
        <DialogContent>
          <FormError error={settings.error} />
          {!settings.error && <Skeleton variant="rounded" height={240} />}
        </DialogContent>
      )}
    </Dialog>
  )
}

const PREFIX = /^[A-Za-z0-9/_-]+$/
const COLOUR = /^#[0-9a-fA-F]{6}$/

function SettingsForm({ initial, onClose }: { initial: InvoiceSettings; onClose(): void }) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const save = useSaveInvoiceSettings()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<keyof InvoiceSettings, string>>>({})
  const example = `${values.prefix || 'INV-'}${new Date().getFullYear()}-0001`

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found: typeof errors = {}
    if (!PREFIX.test(values.prefix.trim())) found.prefix = t('invoices.settings.prefixRule')
    if (!COLOUR.test(values.brandColor)) found.brandColor = t('invoices.settings.colourRule')
    setErrors(found)
    if (Object.keys(found).length) return
    try {
      await save.mutateAsync({ ...values, prefix: values.prefix.trim(), address: values.address.trim() })
      enqueueSnackbar(t('invoices.settings.saved'), { variant: 'success' })
      onClose()
    } catch (error) {
      if (error instanceof ApiError && (error.field === 'prefix' || error.field === 'brandColor'))
        setErrors({ [error.field]: t(error.field === 'prefix' ? 'invoices.settings.prefixRule' : 'invoices.settings.colourRule') })
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent>
        <FormError error={save.error instanceof ApiError && save.error.field ? null : save.error} />
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label={t('invoices.settings.prefix')}
            value={values.prefix}
            onChange={(e) => setValues({ ...values, prefix: e.target.value })}
            error={!!errors.prefix}
            helperText={errors.prefix ?? t('invoices.settings.prefixHint', { example })}
            slotProps={{ htmlInput: { maxLength: 20, dir: 'ltr' } }}
            required
          />
          <TextField
            label={t('invoices.settings.address')}
            value={values.address}
            onChange={(e) => setValues({ ...values, address: e.target.value })}
            helperText={t('invoices.settings.addressHint')}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { dir: 'auto', maxLength: 500 } }}
          />
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={t('invoices.settings.colour')}
              value={values.brandColor}
              onChange={(e) => setValues({ ...values, brandColor: e.target.value })}
              error={!!errors.brandColor}
              helperText={errors.brandColor ?? t('invoices.settings.colourHint')}
              slotProps={{ htmlInput: { dir: 'ltr', maxLength: 7 } }}
              sx={{ flex: 1 }}
            />
            <Box
              component="input"
              type="color"
              aria-label={t('invoices.settings.colourPicker')}
              value={COLOUR.test(values.brandColor) ? values.brandColor : '#00a76f'}
              onChange={(e) => setValues({ ...values, brandColor: e.target.value })}
              sx={{
                width: 56,
                height: 56,
                p: 0.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: 'background.paper',
                cursor: 'pointer',
              }}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('invoices.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('invoices.settings.save')}
        </Button>
      </DialogActions>
    </Box>
  )
}
