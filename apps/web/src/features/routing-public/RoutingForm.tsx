import type { PublicRoutingForm, RoutingNext } from '@closeroom/shared'
import { Alert, Box, Button, Stack, Typography } from '@mui/material'
import { type FormEvent, useRef, useState } from 'react'
import type { FieldError } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { FormError } from '../../components/FormError'
import { ApiError } from '../../lib/api'
import { fieldErrorText, serverFieldError, serverRuleError } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { answersOf, emptyValue, type RoutingFieldValue } from './answers'
import { routingPublicApi } from './api'
import { RoutingFieldInput } from './RoutingFieldInput'

/** Only a web address leaves the page: never javascript: or data:. */
function webAddress(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.href)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}

/**
 * The rules the answers are checked by, loaded when the reader first focuses a field (or sends the form): not
 * evaluated while the page becomes interactive, where they took a long task of their own on a phone.
 */
let rules: Promise<typeof import('./rules')> | undefined
const loadRules = () => {
  rules ??= import('./rules')
  return rules
}

/**
 * A routing form as a buyer answers it: its fields with the shared rules checked before sending, the server's
 * refusals next to their field, then straight to the outcome: the booking page with the answers filled in
 * (in the app), the form's message in place, or the outcome's web address.
 */
export default function RoutingForm({ form }: { form: PublicRoutingForm }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const initial = () => Object.fromEntries(form.fields.map((field) => [field.identifier, emptyValue(field)]))
  const [values, setValues] = useState<Record<string, RoutingFieldValue>>(initial)
  const [errors, setErrors] = useState<Record<string, FieldError>>({})
  const [failure, setFailure] = useState<{ error?: unknown; text?: string } | null>(null)
  const [sending, setSending] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const inputs = useRef(new Map<string, HTMLInputElement | null>())

  async function problemsOf(next: Record<string, RoutingFieldValue>): Promise<Record<string, FieldError>> {
    const { routingAnswersProblems } = await loadRules()
    const problems = routingAnswersProblems(form.fields, answersOf(form.fields, next))
    return Object.fromEntries(Object.entries(problems).map(([id, sentence]) => [id, { type: 'custom', message: sentence }]))
  }

  function change(identifier: string, value: RoutingFieldValue) {
    const next = { ...values, [identifier]: value }
    setValues(next)
    // A field shown wrong is checked again as it changes, so its message goes once it is right.
    if (errors[identifier])
      void problemsOf(next).then((problems) => {
        const problem = problems[identifier]
        setErrors(({ [identifier]: _, ...rest }) => (problem ? { ...rest, [identifier]: problem } : rest))
      })
  }

  function focusFirst(problems: Record<string, FieldError>) {
    const first = form.fields.find((field) => problems[field.identifier])
    if (first) inputs.current.get(first.identifier)?.focus()
  }

  function go(outcome: RoutingNext) {
    // The booking page is ours: its relative address opens in the app, without loading it again.
    if (outcome.type === 'booking' && outcome.bookingUrl.startsWith('/') && !outcome.bookingUrl.startsWith('//'))
      return navigate(outcome.bookingUrl)
    if (outcome.type === 'message') return setMessage(outcome.message)
    const address = webAddress(outcome.type === 'booking' ? outcome.bookingUrl : outcome.url)
    if (address) window.location.assign(address)
    else setFailure({ text: t('routingPublic.badLink') })
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    const problems = await problemsOf(values)
    setErrors(problems)
    if (Object.keys(problems).length > 0) return focusFirst(problems)
    setSending(true)
    try {
      const { outcome } = await routingPublicApi.respond(form.slug, { answers: answersOf(form.fields, values) })
      await go(outcome)
    } catch (error) {
      const identifier = error instanceof ApiError ? error.field?.replace(/^answers\./, '') : undefined
      if (error instanceof ApiError && identifier && identifier in values) {
        // The server checks the answers by the same shared rules (the form may have changed since the page read
        // it): its refusal reads like the page's own check, in the reader's language.
        const refused = { [identifier]: (serverRuleError(error) ?? serverFieldError(error)) as FieldError }
        setErrors(refused)
        focusFirst(refused)
      } else setFailure({ error })
    } finally {
      setSending(false)
    }
  }

  if (message !== null)
    return (
      <Box role="status" sx={{ textAlign: 'center', py: 2 }}>
        <Typography variant="h5" component="p" sx={{ mb: 1.5 }}>
          {t('routingPublic.messageTitle')}
        </Typography>
        {/* The organization's words, as plain text. */}
        <Typography dir="auto" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="routing-message">
          {message}
        </Typography>
        <Button
          sx={{ mt: 3 }}
          onClick={() => {
            setValues(initial())
            setMessage(null)
          }}
        >
          {t('routingPublic.startOver')}
        </Button>
      </Box>
    )

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit} onFocus={() => void loadRules()} aria-label={form.name}>
      {form.fields.some((field) => field.required) && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('routingPublic.requiredNote')}
        </Typography>
      )}
      {failure && (failure.text ? <Alert severity="error">{failure.text}</Alert> : <FormError error={failure.error} />)}
      {form.fields.map((field) => (
        <RoutingFieldInput
          key={field.identifier}
          field={field}
          value={values[field.identifier] ?? emptyValue(field)}
          onChange={(value) => change(field.identifier, value)}
          error={fieldErrorText(t, errors[field.identifier])}
          inputRef={(element: HTMLInputElement | null) => {
            inputs.current.set(field.identifier, element)
          }}
        />
      ))}
      <Button type="submit" variant="contained" size="large" loading={sending} sx={{ alignSelf: 'flex-start' }}>
        {t('routingPublic.submit')}
      </Button>
    </Stack>
  )
}
