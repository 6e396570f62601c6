import { type Client, CreateClient } from '@closeroom/shared'
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material'
import type { UseFormReturn } from 'react-hook-form'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { FormPhoneField } from '../../components/phone/FormPhoneField'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { useSaveClient } from './queries'

export const clientDefaults = (client?: Partial<Client>) => ({
  name: client?.name ?? '',
  email: client?.email ?? '',
  phone: client?.phone ?? '',
  company: client?.company ?? '',
  title: client?.title ?? '',
})

/** A client's fields: name, email, international phone, company, title. */
export function ClientFields({ form, autoFocus }: { form: UseFormReturn<CreateClient>; autoFocus?: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      <FormTextField form={form} name="name" label={t('pipeline.clients.name')} required autoFocus={autoFocus} />
      <FormTextField form={form} name="email" type="email" label={t('pipeline.clients.email')} />
      <FormPhoneField form={form} name="phone" label={t('pipeline.clients.phone')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField form={form} name="company" label={t('pipeline.clients.company')} fullWidth />
        <FormTextField form={form} name="title" label={t('pipeline.clients.jobTitle')} fullWidth />
      </Stack>
    </>
  )
}

/** Creates a client without leaving the page, e.g. a deal's new contact; `initial` prefills what is known. */
export function ClientDialog({
  open,
  initial,
  onClose,
  onCreated,
}: {
  open: boolean
  initial?: Partial<Client>
  onClose: () => void
  onCreated: (client: Client) => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="client-dialog-title">
      {open && <ClientDialogBody initial={initial} onClose={onClose} onCreated={onCreated} title={t('pipeline.clients.createTitle')} />}
    </Dialog>
  )
}

function ClientDialogBody({
  initial,
  onClose,
  onCreated,
  title,
}: {
  initial?: Partial<Client>
  onClose: () => void
  onCreated: (client: Client) => void
  title: string
}) {
  const { t } = useTranslation()
  const save = useSaveClient(undefined)
  const { form, serverError, submit } = useSchemaForm(CreateClient, clientDefaults(initial))
  const onSubmit = submit(async (values) => {
    onCreated(await save.mutateAsync(values))
  })
  return (
    <form
      noValidate
      onSubmit={(event) => {
        // The dialog sits inside the deal's form: its submit must not submit the deal too.
        event.stopPropagation()
        void onSubmit(event)
      }}
    >
      <DialogTitle id="client-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <FormError error={serverError} />
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <ClientFields form={form as unknown as UseFormReturn<CreateClient>} autoFocus />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('pipeline.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('pipeline.clients.create')}
        </Button>
      </DialogActions>
    </form>
  )
}
