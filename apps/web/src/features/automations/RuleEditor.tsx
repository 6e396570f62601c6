import {
  AUTOMATION_LIMITS,
  AUTOMATION_TRIGGERS,
  type AutomationAction,
  type AutomationRule,
  type AutomationTrigger,
  SaveAutomationRule,
} from '@closeroom/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import AddRounded from '@mui/icons-material/AddRounded'
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded'
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { useId, useState } from 'react'
import { Controller, type FieldError, type FieldPath, get, type UseFormReturn, useFieldArray, useForm } from 'react-hook-form'
import { FormError } from '../../components/FormError'
import { ApiError } from '../../lib/api'
import { fieldErrorText, isServerFieldError, serverFieldError } from '../../lib/errorText'
import { type TFunction, useTranslation } from '../../locales/i18n'
import { useStages } from '../deals/queries'
import { useTeams } from '../teams/queries'
import { useUsers } from '../users/queries'
import { useSaveRule } from './queries'

type Values = { name: string; trigger: AutomationTrigger; active: boolean; actions: AutomationAction[] }
type ActionType = AutomationAction['type']

const ACTION_TYPES: ActionType[] = ['create_deal', 'assign_owner', 'send_email', 'notify']
const PLACEHOLDERS = '{{name}} {{email}} {{company}} {{product}} {{deal}}'

/** A new action of a kind, its fields empty for the person to fill in. */
function blank(type: ActionType): AutomationAction {
  switch (type) {
    case 'create_deal':
      return { type, stageId: '' }
    case 'assign_owner':
      return { type, teamId: '' }
    case 'send_email':
      return { type, subject: '', body: '' }
    case 'notify':
      return { type, userId: '', message: '' }
  }
}

/** The rule editor: name, trigger and the ordered actions, each with its own fields; errors next to them. */
export function RuleEditor({ productId, rule, onClose }: { productId: string; rule: AutomationRule | null; onClose: () => void }) {
  const { t } = useTranslation()
  const titleId = useId()
  const { enqueueSnackbar } = useSnackbar()
  const save = useSaveRule(productId)
  const [serverError, setServerError] = useState<unknown>(null)
  const form = useForm<Values>({
    resolver: zodResolver(SaveAutomationRule) as never,
    defaultValues: rule
      ? { name: rule.name, trigger: rule.trigger, active: rule.active, actions: rule.actions }
      : { name: '', trigger: 'product_form_submitted', active: true, actions: [blank('create_deal')] },
  })
  const { fields, append, remove, move, update } = useFieldArray({ control: form.control, name: 'actions' })
  const actionsError = form.formState.errors.actions

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null)
    try {
      await save.mutateAsync({ id: rule?.id, body: values })
      enqueueSnackbar(t('automations.saved'), { variant: 'success' })
      onClose()
    } catch (error) {
      showServerError(form, error, setServerError)
    }
  })

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>{rule ? t('automations.editor.editTitle') : t('automations.editor.newTitle')}</DialogTitle>
        <DialogContent dividers>
          <FormError error={serverError} />
          <Stack spacing={2.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                {...form.register('name')}
                label={t('automations.editor.name')}
                required
                autoFocus={!rule}
                error={!!form.formState.errors.name}
                helperText={errorText(t, form.formState.errors.name, 'automations.editor.nameRequired')}
                slotProps={{ htmlInput: { maxLength: 120 } }}
                sx={{ flex: 1 }}
              />
              <Controller
                control={form.control}
                name="trigger"
                render={({ field }) => (
                  <TextField select {...field} label={t('automations.editor.trigger')} sx={{ flex: 1.4 }}>
                    {AUTOMATION_TRIGGERS.map((trigger) => (
                      <MenuItem key={trigger} value={trigger}>
                        {t(`automations.triggers.${trigger}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                  label={t('automations.editor.activeHelp')}
                />
              )}
            />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('automations.editor.actions')}
            </Typography>
            <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {fields.map((field, index) => (
                <Box
                  component="li"
                  key={field.id}
                  data-testid="automation-action"
                  sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1.5 }}
                >
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2 }}>
                    <Typography variant="overline" sx={{ color: 'text.secondary', flex: 1 }}>
                      {t('automations.editor.actionNumber', { number: index + 1 })}
                    </Typography>
                    <MoveButton
                      label={t('automations.editor.up', { number: index + 1 })}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowUpwardRounded />
                    </MoveButton>
                    <MoveButton
                      label={t('automations.editor.down', { number: index + 1 })}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowDownwardRounded />
                    </MoveButton>
                    <MoveButton label={t('automations.editor.remove', { number: index + 1 })} onClick={() => remove(index)}>
                      <DeleteOutlineRounded />
                    </MoveButton>
                  </Stack>
                  <ActionFields form={form} index={index} onTypeChange={(type) => update(index, blank(type))} />
                </Box>
              ))}
            </Stack>
            {(actionsError?.root ?? actionsError?.message) && <FormHelperText error>{t('automations.editor.noActions')}</FormHelperText>}
            <div>
              <Button
                variant="outlined"
                startIcon={<AddRounded />}
                disabled={fields.length >= AUTOMATION_LIMITS.maxActions}
                onClick={() => append(blank('send_email'))}
              >
                {t('automations.editor.add')}
              </Button>
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('automations.editor.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('automations.editor.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  )
}

function MoveButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string
  disabled?: boolean
  onClick: () => void
  children: React.ReactNode
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  )
}

/** The fields of one action: its kind, then what that kind needs. Changing the kind starts its fields afresh. */
function ActionFields({
  form,
  index,
  onTypeChange,
}: {
  form: UseFormReturn<Values>
  index: number
  onTypeChange: (type: ActionType) => void
}) {
  const { t } = useTranslation()
  const stages = useStages().data ?? []
  const teams = useTeams().data ?? []
  const users = (useUsers().data ?? []).filter((u) => u.status === 'active')
  const type = form.watch(`actions.${index}.type`)
  const errors = form.formState.errors
  const at = <K extends string>(key: K) => `actions.${index}.${key}` as FieldPath<Values>
  const fieldError = (key: string) => get(errors, `actions.${index}.${key}`) as FieldError | undefined

  const select = (key: 'stageId' | 'teamId' | 'userId', label: string, options: { id: string; name: string }[]) => (
    <Controller
      control={form.control}
      name={at(key)}
      render={({ field }) => (
        <TextField
          select
          required
          label={label}
          name={field.name}
          value={(field.value as string) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldError(key)}
          helperText={errorText(t, fieldError(key))}
          sx={{ flex: 1, minWidth: 200 }}
        >
          {options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  )

  const text = (key: 'subject' | 'body' | 'message', label: string, multiline = false) => (
    <TextField
      {...form.register(at(key))}
      label={label}
      required
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      error={!!fieldError(key)}
      helperText={errorText(t, fieldError(key))}
      sx={{ flex: 1, minWidth: 200 }}
    />
  )

  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('automations.editor.type')}
        value={type}
        onChange={(event) => onTypeChange(event.target.value as ActionType)}
        sx={{ maxWidth: 320 }}
      >
        {ACTION_TYPES.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`automations.actionNames.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      {type === 'create_deal' && select('stageId', t('automations.editor.stage'), stages)}
      {type === 'assign_owner' && select('teamId', t('automations.editor.team'), teams)}
      {type === 'send_email' && (
        <>
          {text('subject', t('automations.editor.subject'))}
          {text('body', t('automations.editor.body'), true)}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('automations.editor.placeholders', { list: PLACEHOLDERS })}
          </Typography>
        </>
      )}
      {type === 'notify' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {select('userId', t('automations.editor.user'), users)}
          {text('message', t('automations.editor.message'))}
        </Stack>
      )}
    </Stack>
  )
}

/** A field's message: the server's refusal translated; for the browser's own checks, "too long" or "required". */
function errorText(t: TFunction, error: FieldError | undefined, required = 'automations.editor.required') {
  if (!error) return undefined
  if (isServerFieldError(error)) return fieldErrorText(t, error)
  return t(error.type === 'too_big' ? 'validation.tooLong' : required)
}

/** An error naming a field of the rule ("actions.1.teamId") lands next to that field; anything else above the form. */
function showServerError(form: UseFormReturn<Values>, error: unknown, setServerError: (error: unknown) => void) {
  if (error instanceof ApiError && error.field && get(form.getValues(), error.field) !== undefined) {
    form.setError(error.field as FieldPath<Values>, serverFieldError(error))
    return
  }
  setServerError(error)
}
