import { type RoutingDecision, routingAnswerProblem } from '@closeroom/shared'
import CancelRounded from '@mui/icons-material/CancelRounded'
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded'
import { Alert, Box, Button, Card, Chip, Divider, Link, Stack, Typography } from '@mui/material'
import { Controller, useForm } from 'react-hook-form'
import { FormError } from '../../../components/FormError'
import { visuallyHidden } from '../../../components/visuallyHidden'
import { ApiError } from '../../../lib/api'
import { fieldErrorText, serverFieldError } from '../../../lib/errorText'
import { useTranslation } from '../../../locales/i18n'
import { answerOf, answersOf, emptyValue, type RoutingFieldValue } from '../../routing-public/answers'
import { RoutingFieldInput } from '../../routing-public/RoutingFieldInput'
import type { Routing } from '../queries'
import { useRoutingTest } from './queries'
import { ruleInWords } from './words'

type Values = { answers: Record<string, RoutingFieldValue> }

/** The Test tab of /routings/:id: answer the form as a buyer and see where they would go, and why; nothing is stored. */
export function TestTab({ routing: form }: { routing: Routing }) {
  const { t } = useTranslation()
  const test = useRoutingTest(form.id)
  const { control, handleSubmit, setError } = useForm<Values>({
    defaultValues: { answers: Object.fromEntries(form.fields.map((field) => [field.identifier, emptyValue(field)])) },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  const refusal = test.error instanceof ApiError && test.error.field?.startsWith('answers.') ? null : test.error

  const route = handleSubmit(async (values) => {
    try {
      await test.mutateAsync({ answers: answersOf(form.fields, values.answers) })
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined
      if (error instanceof ApiError && field?.startsWith('answers.')) setError(field as `answers.${string}`, serverFieldError(error))
    }
  })

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Card component="section" aria-labelledby="routing-test-title" sx={{ p: 3 }}>
        <Typography id="routing-test-title" variant="h6" component="h2">
          {t('routingInsights.test.title')}
        </Typography>
        <Alert severity="info" sx={{ my: 2 }}>
          {t('routingInsights.test.text')}
        </Alert>
        <FormError error={refusal} />
        <Stack component="form" noValidate spacing={2.5} onSubmit={route}>
          {form.fields.map((field) => (
            <Controller
              key={field.identifier}
              control={control}
              name={`answers.${field.identifier}`}
              // Like the server's test: a question may be left out, even a required one, but an answer must suit it.
              rules={{
                validate: (value) => {
                  const answer = answerOf(field, value)
                  return answer === undefined || (routingAnswerProblem(field, answer) ?? true)
                },
              }}
              render={({ field: input, fieldState }) => (
                <RoutingFieldInput
                  field={field}
                  value={input.value}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  inputRef={input.ref}
                  error={fieldErrorText(t, fieldState.error)}
                />
              )}
            />
          ))}
          <Box>
            <Button type="submit" variant="contained" loading={test.isPending}>
              {t('routingInsights.test.route')}
            </Button>
          </Box>
        </Stack>
      </Card>
      {test.data && <Decision form={form} decision={test.data} />}
    </Box>
  )
}

/** Where the answers went: the outcome, each of its top-level rules held or not, and what follows. */
function Decision({ form, decision }: { form: Routing; decision: RoutingDecision }) {
  const { t } = useTranslation()
  const outcome = form.outcomes.find((each) => each.id === decision.outcomeId)
  const rules = outcome?.conditions.rules ?? []
  const action = outcome?.action
  return (
    <Card component="section" aria-labelledby="routing-result-title" aria-live="polite" sx={{ p: 3 }}>
      <Typography id="routing-result-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('routingInsights.test.result')}
      </Typography>
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
        {t('routingInsights.test.outcome')}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="p" dir="auto">
          {decision.outcomeName}
        </Typography>
        {decision.fallback && <Chip size="small" label={t('routingInsights.table.fallback')} />}
      </Stack>
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
        {t('routingInsights.test.rules')}
      </Typography>
      {decision.fallback ? (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('routingInsights.why.fallback')}
        </Typography>
      ) : rules.length === 0 ? (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('routingInsights.why.noRules')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          {rules.map((rule, index) => {
            const held = decision.matchedRules.includes(index)
            const Icon = held ? CheckCircleRounded : CancelRounded
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rules are the outcome's, in their saved order
              <Stack component="li" key={index} direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
                <Icon fontSize="small" color={held ? 'success' : 'error'} aria-hidden />
                <Box component="span" sx={visuallyHidden}>
                  {t(held ? 'routingInsights.test.held' : 'routingInsights.test.failed')}
                </Box>
                <Typography variant="body2" dir="auto">
                  {ruleInWords(t, form.fields, rule)}
                </Typography>
              </Stack>
            )
          })}
        </Stack>
      )}
      <Divider sx={{ mb: 2 }} />
      {action?.type === 'message' && (
        <>
          <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
            {t('routingInsights.test.message')}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} dir="auto">
            {action.message}
          </Typography>
        </>
      )}
      {action?.type === 'url' && (
        <>
          <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
            {t('routingInsights.test.url')}
          </Typography>
          <Link href={action.url} target="_blank" rel="noreferrer" dir="ltr" sx={{ wordBreak: 'break-all' }}>
            {action.url}
          </Link>
        </>
      )}
      {(action?.type === 'event-type' || action?.type === 'members') && (
        <>
          <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
            {t('routingInsights.test.members')}
          </Typography>
          {decision.members.length === 0 ? (
            <Typography variant="body2">{t('routingInsights.test.noMembers')}</Typography>
          ) : (
            <Stack component="ol" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
              {decision.members.map((member, index) => (
                <Stack component="li" key={member.id} direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: index === 0 ? 600 : undefined }}>
                    {member.name}
                  </Typography>
                  {index === 0 && <Chip size="small" color="primary" label={t('routingInsights.test.first')} />}
                </Stack>
              ))}
            </Stack>
          )}
          {decision.reason && (
            <Chip size="small" variant="outlined" label={t(`routingInsights.why.reasons.${decision.reason}`)} sx={{ mt: 1.5 }} />
          )}
        </>
      )}
    </Card>
  )
}
