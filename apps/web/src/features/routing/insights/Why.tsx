import type { RoutingDecision } from '@closeroom/shared'
import { Chip, Stack, Typography } from '@mui/material'
import { useTranslation } from '../../../locales/i18n'
import type { Routing } from '../queries'
import { matchedInWords } from './words'

/** Why a response went where it went: the reason a member was chosen, and the outcome's rules that held. */
export function Why({ form, decision }: { form: Routing; decision: RoutingDecision }) {
  const { t } = useTranslation()
  const outcome = form.outcomes.find((each) => each.id === decision.outcomeId)
  const rules = outcome ? matchedInWords(t, form.fields, outcome.conditions, decision.matchedRules) : []
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {decision.reason && <Chip size="small" variant="outlined" label={t(`routingInsights.why.reasons.${decision.reason}`)} />}
      <Typography variant="body2" sx={{ color: 'text.secondary' }} dir="auto">
        {decision.fallback
          ? t('routingInsights.why.fallback')
          : rules.length > 0 && t('routingInsights.why.matched', { rules: rules.join('; ') })}
      </Typography>
    </Stack>
  )
}
