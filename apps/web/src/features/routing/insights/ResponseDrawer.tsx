import type { RoutingResponse } from '@closeroom/shared'
import CloseRounded from '@mui/icons-material/CloseRounded'
import { Box, Drawer, IconButton, Link, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { formatDateTime } from '../../../lib/intl'
import { useTranslation } from '../../../locales/i18n'
import type { Routing } from '../queries'
import { buyerName } from './buyer'
import { Why } from './Why'
import { answerInWords } from './words'

/** One response: when, every answer of the form (and of fields removed since), and where it was routed. */
export function ResponseDrawer({ form, response, onClose }: { form: Routing; response: RoutingResponse | null; onClose(): void }) {
  const { t } = useTranslation()
  return (
    <Drawer
      anchor="right"
      open={!!response}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': 'routing-response-title', sx: { width: { xs: '100%', sm: 440 } } } }}
    >
      {response && (
        <Box sx={{ p: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 2 }}>
            <Typography id="routing-response-title" variant="h6" component="h2" sx={{ flex: 1 }} dir="auto">
              {buyerName(response) ?? response.email ?? t('routingInsights.drawer.title')}
            </Typography>
            <IconButton aria-label={t('routingInsights.drawer.close')} onClick={onClose} edge="end">
              <CloseRounded />
            </IconButton>
          </Stack>
          <Details form={form} response={response} />
        </Box>
      )}
    </Drawer>
  )
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 2.5 }}>
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary', display: 'block', lineHeight: 2 }}>
        {label}
      </Typography>
      <Box sx={{ typography: 'body2' }}>{children}</Box>
    </Box>
  )
}

function Details({ form, response }: { form: Routing; response: RoutingResponse }) {
  const { t, i18n } = useTranslation()
  const known = new Set(form.fields.map((field) => field.identifier))
  const answers = [
    ...form.fields.map((field) => ({ key: field.identifier, label: field.label, answer: response.answers[field.identifier] })),
    // Answers to fields removed from the form since: still the buyer's words.
    ...Object.entries(response.answers)
      .filter(([key]) => !known.has(key))
      .map(([key, answer]) => ({ key, label: key, answer })),
  ]
  return (
    <>
      <Section label={t('routingInsights.drawer.received')}>{formatDateTime(response.createdAt, i18n.language)}</Section>
      <Section label={t('routingInsights.drawer.decision')}>
        <Typography variant="subtitle2" dir="auto">
          {response.decision.outcomeName}
        </Typography>
        <Why form={form} decision={response.decision} />
        {response.routedTo && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('routingInsights.drawer.routedTo', { name: response.routedTo.name })}
          </Typography>
        )}
        {response.dealId && (
          <Link component={RouterLink} to={`/deals/${response.dealId}`} sx={{ display: 'inline-block', mt: 1 }}>
            {t('routingInsights.table.deal')}
          </Link>
        )}
      </Section>
      <Section label={t('routingInsights.drawer.answers')}>
        <Box component="dl" sx={{ m: 0 }}>
          {answers.map(({ key, label, answer }) => {
            const empty = answer === undefined || answer === '' || (Array.isArray(answer) && answer.length === 0)
            return (
              <Box key={key} sx={{ mb: 1.5 }}>
                <Box component="dt" sx={{ color: 'text.secondary' }} dir="auto">
                  {label}
                </Box>
                <Box component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', fontStyle: empty ? 'italic' : undefined }} dir="auto">
                  {empty ? t('routingInsights.drawer.noAnswer') : answerInWords(answer)}
                </Box>
              </Box>
            )
          })}
        </Box>
      </Section>
    </>
  )
}
