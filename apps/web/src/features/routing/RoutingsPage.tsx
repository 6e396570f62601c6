import type { RoutingFormSummary } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Alert, Button, Card, IconButton, Link as MuiLink, Stack, TableCell, Tooltip, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { Link } from 'react-router'
import type { z } from 'zod'
import { CopyAddressButton } from '../../components/AddressField'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { LinkRow, ListTable, RowTitle, StatusChip } from '../../components/ListTable'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { formatDate, formatNumber } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { publicUrlOf, useDeleteRouting, useRoutings } from './queries'

type Summary = z.infer<typeof RoutingFormSummary>

/** /routings: the organization's routing forms, their public addresses and how much they are answered. */
export default function RoutingsPage() {
  const { t, i18n } = useTranslation()
  const routings = useRoutings()
  const [deleting, setDeleting] = useState<Summary | null>(null)
  const createButton = (
    <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/routings/new">
      {t('routing.list.create')}
    </Button>
  )
  return (
    <>
      <PageHeader title={t('routing.list.title')} action={createButton} />
      {routings.isError && <Alert severity="error">{serverErrorText(t, routings.error)}</Alert>}
      <Card>
        <ListTable
          label={t('routing.list.title')}
          columns={[
            { label: t('routing.list.form') },
            { label: t('routing.list.address') },
            { label: t('routing.list.responses'), align: 'right' },
            { label: t('routing.list.outcomes'), align: 'right' },
            { label: t('routing.list.status') },
            { label: t('routing.list.created') },
            { label: t('routing.list.actions') },
          ]}
          items={routings.data}
          loading={routings.isPending}
          empty={
            <Stack spacing={2} sx={{ alignItems: 'center' }}>
              <Typography>{t('routing.list.empty')}</Typography>
              {createButton}
            </Stack>
          }
          row={(form) => (
            <LinkRow key={form.id} to={`/routings/${form.id}`}>
              <TableCell>
                <RowTitle to={`/routings/${form.id}`}>{form.name}</RowTitle>
              </TableCell>
              <TableCell onClick={(event) => event.stopPropagation()}>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <MuiLink href={publicUrlOf(form.slug)} target="_blank" rel="noopener" dir="ltr" variant="body2" underline="hover">
                    /f/{form.slug}
                  </MuiLink>
                  <CopyAddressButton url={publicUrlOf(form.slug)} texts="routing.address" name={form.name} size="small" />
                </Stack>
              </TableCell>
              <TableCell align="right">{formatNumber(form.responseCount, i18n.language)}</TableCell>
              <TableCell align="right">{formatNumber(form.outcomeCount, i18n.language)}</TableCell>
              <TableCell>
                <StatusChip on={form.published} label={form.published ? t('routing.list.published') : t('routing.list.draft')} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatDate(form.createdAt, i18n.language)}</TableCell>
              <TableCell onClick={(event) => event.stopPropagation()}>
                <Tooltip title={t('routing.list.delete')}>
                  <IconButton aria-label={`${t('routing.list.delete')}: ${form.name}`} onClick={() => setDeleting(form)}>
                    <DeleteOutlineRounded />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </LinkRow>
          )}
        />
      </Card>
      <DeleteRoutingDialog form={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}

/** Deleting a form takes its outcomes and responses with it, after a confirmation. */
export function DeleteRoutingDialog({
  form,
  onClose,
  onDeleted,
}: {
  form: Pick<Summary, 'id' | 'name'> | null
  onClose(): void
  onDeleted?(): void
}) {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const remove = useDeleteRouting()
  return (
    <ConfirmDialog
      open={!!form}
      title={t('routing.delete.title', { name: form?.name ?? '' })}
      text={t('routing.delete.text')}
      confirmLabel={t('routing.delete.confirm')}
      cancelLabel={t('routing.cancel')}
      color="error"
      pending={remove.isPending}
      error={remove.error}
      onClose={() => {
        remove.reset()
        onClose()
      }}
      onConfirm={() =>
        form &&
        remove.mutate(form.id, {
          onSuccess: () => {
            enqueueSnackbar(t('routing.delete.done'), { variant: 'success' })
            onClose()
            onDeleted?.()
          },
        })
      }
    />
  )
}
