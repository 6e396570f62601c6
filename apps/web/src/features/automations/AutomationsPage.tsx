import { type AutomationRule, can } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import { Alert, Box, Button, Card, Skeleton, Stack, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { useProduct } from '../products/queries'
import { useDeleteRule, useRules } from './queries'
import { RuleCard } from './RuleCard'
import { RuleEditor } from './RuleEditor'
import { RunsTable } from './RunsTable'
import { useAutomationNotifications } from './useAutomationNotifications'

/** /products/:id/automations — the product's rules "when … then …" and what their runs did. */
export default function AutomationsPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const product = useProduct(id)
  const rules = useRules(id)
  const me = useAuthContext().user
  // Automations belong to the product: whoever manages products manages them.
  const canManage = can(me, 'products.manage')
  // undefined: closed; null: a new rule; a rule: editing it.
  const [editing, setEditing] = useState<AutomationRule | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<AutomationRule | null>(null)
  const remove = useDeleteRule(id)
  const { enqueueSnackbar } = useSnackbar()
  useAutomationNotifications()
  const error = product.error ?? rules.error

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Button
          component={Link}
          to={`/products/${id}`}
          color="inherit"
          startIcon={<ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
        >
          {t('automations.back')}
        </Button>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Box component="h1" sx={{ typography: 'h4', m: 0 }}>
          {product.data ? `${t('automations.title')} · ${product.data.name}` : t('automations.title')}
        </Box>
        {canManage && (
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing(null)} disabled={!product.data}>
            {t('automations.create')}
          </Button>
        )}
      </Stack>
      <Typography sx={{ color: 'text.secondary', mb: 3, maxWidth: 760 }}>
        {t('automations.intro')} {!canManage && t('automations.adminsOnly')}
      </Typography>

      {error && <Alert severity="error">{serverErrorText(t, error)}</Alert>}
      {rules.isPending && !error && <Skeleton variant="rounded" height={160} />}
      {rules.data?.length === 0 && (
        <Card sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
          <Typography>{t('automations.empty')}</Typography>
        </Card>
      )}
      <Stack spacing={2}>
        {rules.data?.map((rule) => (
          <RuleCard
            key={rule.id}
            productId={id}
            rule={rule}
            canEdit={canManage}
            onEdit={() => setEditing(rule)}
            onDelete={() => setDeleting(rule)}
          />
        ))}
      </Stack>

      {!error && <RunsTable productId={id} />}

      {editing !== undefined && <RuleEditor productId={id} rule={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('automations.deleteTitle')}
        text={t('automations.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('automations.delete')}
        cancelLabel={t('automations.editor.cancel')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setDeleting(null)
          remove.reset()
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null)
              enqueueSnackbar(t('automations.deleted'), { variant: 'success' })
            },
          })
        }
      />
    </>
  )
}
