import { CreateRoutingOutcome, type EventType, type PipelineStage, type RoutingGroup } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import {
  Alert,
  Button,
  FormControlLabel,
  IconButton,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { Controller, type FieldError, get } from 'react-hook-form'
import { Link, useNavigate, useParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { FormError } from '../../components/FormError'
import { ApiError } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { bookingErrorText } from '../booking/fields'
import { useEventTypes } from '../booking/queries'
import { useStages } from '../deals/queries'
import { ActionEditor, newAction } from './ActionEditor'
import { ConditionsBuilder } from './ConditionsBuilder'
import { groupOf, newRule, ruleProblems } from './conditions'
import { NameField } from './NameField'
import { type Routing, useDeleteOutcome, useRouting, useSaveOutcome } from './queries'
import { Section } from './RoutingFormEditor'
import { useAttributeChoices } from './useAttributeChoices'
import { useLeaveGuard } from './useLeaveGuard'

/** /routings/:id/outcomes/new and /routings/:id/outcomes/:outcomeId/edit: an outcome's conditions and action. */
export default function OutcomeEditorPage() {
  const { t } = useTranslation()
  const { id = '', outcomeId } = useParams()
  const routing = useRouting(id)
  const eventTypes = useEventTypes()
  const stages = useStages()
  const error = routing.error ?? eventTypes.error ?? stages.error
  if (error) return <Alert severity="error">{serverErrorText(t, error)}</Alert>
  if (!routing.data || !eventTypes.data || !stages.data) return <Skeleton variant="rounded" height={480} />
  const outcome = routing.data.outcomes.find((o) => o.id === outcomeId)
  if (outcomeId && !outcome) return <Alert severity="error">{t('errors.codes.not_found')}</Alert>
  return (
    <OutcomeEditor
      key={outcomeId ?? 'new'}
      routing={routing.data}
      outcomeId={outcomeId}
      eventTypes={eventTypes.data}
      stages={stages.data}
    />
  )
}

/** The form's fields but the conditions, which the builder holds and checks itself. */
const OutcomeFields = CreateRoutingOutcome.omit({ conditions: true })

/** A refused part of a rule ('rules.0.rules.1.value') as the rule it belongs to ('rules.0.rules.1'). */
const ruleOfPath = (path: string) => path.replace(/\.(field|operator|value)(\.\d+)?$/, '')

function OutcomeEditor({
  routing,
  outcomeId,
  eventTypes,
  stages,
}: {
  routing: Routing
  outcomeId: string | undefined
  eventTypes: EventType[]
  stages: PipelineStage[]
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const attributes = useAttributeChoices()
  const outcome = routing.outcomes.find((o) => o.id === outcomeId)
  const fallback = outcome?.fallback ?? false
  const save = useSaveOutcome(routing.id)
  const { form, serverError, submit } = useSchemaForm(OutcomeFields, {
    name: outcome?.name ?? '',
    action: outcome?.action ?? newAction('event-type', routing.fields),
    deal: outcome?.deal ?? null,
  })
  const [conditions, setConditions] = useState<RoutingGroup>(() =>
    outcome ? groupOf(outcome.conditions) : { combinator: 'and', rules: [newRule(routing.fields[0])] },
  )
  const [conditionsChanged, setConditionsChanged] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const [refused, setRefused] = useState<string[]>([])
  const guard = useLeaveGuard(form.formState.isDirty || conditionsChanged)
  const back = `/routings/${routing.id}?tab=outcomes`
  const identifiers = routing.fields.map((f) => f.identifier)
  const problems = submitted && !fallback ? ruleProblems(conditions, identifiers) : []
  const errorAt = (path: string): FieldError | undefined => get(form.formState.errors, path)
  const actionErrorText = (path: string) => {
    const error = errorAt(`action.${path}`)
    if (!error) return undefined
    if (path === 'eventTypeId') return t('routing.action.chooseEventType')
    if (path.endsWith('.values')) return t('routing.action.chooseValues')
    return bookingErrorText(t, error)
  }
  const deal = form.watch('deal')
  // A deal is the buyer's as a client, found or made by their email: without an email answer, no deal is made.
  const emailQuestion = routing.fields.find((f) => f.type === 'email')

  const onSubmit = submit(async (values) => {
    if (ruleProblems(conditions, identifiers).length > 0 && !fallback) return
    setRefused([])
    try {
      if (outcome) await save.mutateAsync({ outcomeId: outcome.id, body: fallback ? values : { ...values, conditions } })
      else await save.mutateAsync({ body: { ...values, conditions } })
    } catch (error) {
      // A refused rule is marked in the builder, next to itself.
      if (error instanceof ApiError && error.field?.startsWith('conditions.')) {
        setRefused([ruleOfPath(error.field.slice('conditions.'.length))])
        return
      }
      throw error
    }
    form.reset(values)
    setConditionsChanged(false)
    enqueueSnackbar(t('routing.outcome.saved'), { variant: 'success' })
    navigate(back)
  })

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setSubmitted(true)
        void onSubmit(event)
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Tooltip title={t('routing.outcome.back')}>
          <IconButton component={Link} to={back} aria-label={t('routing.outcome.back')}>
            <ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        </Tooltip>
        <Stack sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h4" component="h1" dir="auto">
            {outcome ? outcome.name : t('routing.outcome.newTitle')}
          </Typography>
          <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary' }}>
            {routing.name}
          </Typography>
        </Stack>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {outcome ? t('routing.outcome.save') : t('routing.outcome.create')}
        </Button>
      </Stack>
      <FormError error={serverError} />
      <Stack spacing={3} sx={{ maxWidth: 1100 }}>
        <Section title={t('routing.outcome.about')}>
          <NameField form={form} name="name" label={t('routing.outcome.name')} autoFocus={!outcome} />
        </Section>
        <Section title={t('routing.conditions.title')} subtitle={fallback ? undefined : t('routing.conditions.subtitle')}>
          {fallback ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('routing.outcomes.matchesEveryone')}</Typography>
          ) : (
            <ConditionsBuilder
              value={conditions}
              fields={routing.fields}
              onChange={(next) => {
                setConditions(next)
                setConditionsChanged(true)
                setRefused([])
              }}
              errorAt={(path) => problems.includes(path) || refused.includes(path)}
            />
          )}
        </Section>
        <Section title={t('routing.action.title')}>
          <Controller
            control={form.control}
            name="action"
            render={({ field }) => (
              <ActionEditor
                value={field.value}
                fields={routing.fields}
                eventTypes={eventTypes}
                attributes={attributes}
                onChange={field.onChange}
                errorText={actionErrorText}
              />
            )}
          />
        </Section>
        <Section title={t('routing.deal.title')} subtitle={t('routing.deal.help')}>
          <FormControlLabel
            control={
              <Switch
                checked={!!deal}
                onChange={(_, on) => form.setValue('deal', on ? { stageId: stages[0]?.id ?? '' } : null, { shouldDirty: true })}
              />
            }
            label={t('routing.deal.on')}
          />
          {deal && !emailQuestion?.required && (
            <Alert severity={emailQuestion ? 'info' : 'warning'} sx={{ mt: 2 }}>
              {t(emailQuestion ? 'routing.deal.emailOptional' : 'routing.deal.noEmail')}
            </Alert>
          )}
          {deal && (
            <TextField
              select
              label={t('routing.deal.stage')}
              value={stages.some((s) => s.id === deal.stageId) ? deal.stageId : ''}
              onChange={(event) => form.setValue('deal', { stageId: event.target.value }, { shouldDirty: true })}
              error={!!errorAt('deal.stageId')}
              helperText={errorAt('deal.stageId') && t('routing.deal.chooseStage')}
              fullWidth
              sx={{ mt: 2 }}
            >
              {stages.map((stage) => (
                <MenuItem key={stage.id} value={stage.id}>
                  {stage.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Section>
        {outcome && !fallback && <DeleteOutcome routingId={routing.id} outcomeId={outcome.id} name={outcome.name} back={back} />}
      </Stack>
      {guard.dialog}
    </form>
  )
}

function DeleteOutcome({ routingId, outcomeId, name, back }: { routingId: string; outcomeId: string; name: string; back: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const remove = useDeleteOutcome(routingId)
  const [confirming, setConfirming] = useState(false)
  return (
    <div>
      <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
        {t('routing.outcome.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('routing.outcome.deleteTitle', { name })}
        text={t('routing.outcome.deleteText')}
        confirmLabel={t('routing.outcome.delete')}
        cancelLabel={t('routing.cancel')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(outcomeId, {
            onSuccess: () => {
              enqueueSnackbar(t('routing.outcome.deleted'), { variant: 'success' })
              navigate(back, { replace: true })
            },
          })
        }
      />
    </div>
  )
}
