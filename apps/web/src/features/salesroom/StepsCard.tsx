import type { ActionStep } from '@closeroom/shared'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import EditRounded from '@mui/icons-material/EditRounded'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  Chip,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useState } from 'react'
import { formatDay } from '../../components/money/money'
import { useTranslation } from '../../locales/i18n'
import { Parts } from '../salesroom-public/bits'
import { type StepFields, useAddStep, useRemoveStep, useUpdateStep } from './queries'
import { useInlineForm } from './useInlineForm'

const blank: StepFields = { title: '', side: 'seller', ownerName: '', dueDate: null }

function StepForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: StepFields
  submitLabel: string
  onSubmit(fields: StepFields): Promise<unknown>
  onCancel?(): void
}) {
  const { t } = useTranslation()
  const { fields, setFields, error, busy, submit } = useInlineForm(initial, onSubmit, (f) => ({
    ...f,
    title: f.title.trim(),
    ownerName: f.ownerName.trim(),
  }))
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      {error && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {error}
        </Alert>
      )}
      <Stack spacing={1.5}>
        <TextField
          label={t('salesroom.editor.stepTitle')}
          value={fields.title}
          onChange={(event) => setFields({ ...fields, title: event.target.value })}
          size="small"
          fullWidth
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            select
            label={t('salesroom.editor.side')}
            value={fields.side}
            onChange={(event) => setFields({ ...fields, side: event.target.value as StepFields['side'] })}
            size="small"
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="seller">{t('salesroom.editor.sideSeller')}</MenuItem>
            <MenuItem value="buyer">{t('salesroom.editor.sideBuyer')}</MenuItem>
          </TextField>
          <TextField
            label={t('salesroom.editor.owner')}
            value={fields.ownerName}
            onChange={(event) => setFields({ ...fields, ownerName: event.target.value })}
            size="small"
            sx={{ flex: 1 }}
          />
          <TextField
            label={t('salesroom.editor.dueDate')}
            type="date"
            value={fields.dueDate ?? ''}
            onChange={(event) => setFields({ ...fields, dueDate: event.target.value || null })}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy || !fields.title.trim()}>
            {submitLabel}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('salesroom.editor.cancel')}</Button>}
        </Stack>
      </Stack>
    </Box>
  )
}

/** The mutual action plan: who does what by when, on the seller's side or the buyer's. */
export function StepsCard({ dealId, steps }: { dealId: string; steps: ActionStep[] }) {
  const { t, i18n } = useTranslation()
  const add = useAddStep(dealId)
  const update = useUpdateStep(dealId)
  const remove = useRemoveStep(dealId)
  const [editing, setEditing] = useState<string | null>(null)
  return (
    <Card>
      <CardHeader title={t('salesroom.editor.steps')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {steps.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('salesroom.editor.noSteps')}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, mb: 2, p: 0 }}>
            {steps.map((step) => (
              <Box component="li" key={step.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                {editing === step.id ? (
                  <StepForm
                    initial={{ title: step.title, side: step.side, ownerName: step.ownerName, dueDate: step.dueDate }}
                    submitLabel={t('salesroom.editor.saveEdit')}
                    onSubmit={async (fields) => {
                      await update.mutateAsync({ id: step.id, ...fields })
                      setEditing(null)
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Checkbox
                      checked={step.done}
                      onChange={(event) => update.mutate({ id: step.id, done: event.target.checked })}
                      slotProps={{ input: { 'aria-label': t('salesroom.editor.stepDone', { title: step.title }) } }}
                    />
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600, textDecoration: step.done ? 'line-through' : undefined }}>{step.title}</Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        <Parts parts={[step.ownerName, step.dueDate && formatDay(step.dueDate, i18n.language)]} />
                      </Typography>
                    </Box>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={step.side === 'buyer' ? 'primary' : 'default'}
                      label={step.side === 'buyer' ? t('salesroom.editor.sideBuyer') : t('salesroom.editor.sideSeller')}
                    />
                    <IconButton aria-label={t('salesroom.editor.edit', { title: step.title })} onClick={() => setEditing(step.id)}>
                      <EditRounded fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('salesroom.editor.remove', { title: step.title })}
                      onClick={() => remove.mutate(step.id)}
                      disabled={remove.isPending}
                    >
                      <DeleteOutlineRounded fontSize="small" />
                    </IconButton>
                  </Stack>
                )}
              </Box>
            ))}
          </Box>
        )}
        <StepForm initial={blank} submitLabel={t('salesroom.editor.addStep')} onSubmit={(fields) => add.mutateAsync(fields)} />
      </CardContent>
    </Card>
  )
}
