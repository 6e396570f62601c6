import AddRounded from '@mui/icons-material/AddRounded'
import { Box, Button, Chip, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { Link } from 'react-router'
import { FormError } from '../../components/FormError'
import { moved, SortableList } from '../../components/SortableList'
import { visuallyHidden } from '../../components/visuallyHidden'
import { useTranslation } from '../../locales/i18n'
import { type Outcome, useReorderOutcomes } from './queries'
import { Section } from './RoutingFormEditor'
import type { RoutingTabProps } from './RoutingPage'
import { useOutcomeSummary } from './useOutcomeSummary'

/**
 * The Outcomes tab: the outcomes in the order they are tried, reordered by dragging or with the keyboard, the
 * fallback pinned last; each opens its editor.
 */
export function OutcomesTab({ routing }: RoutingTabProps) {
  const { t } = useTranslation()
  const reorder = useReorderOutcomes(routing.id)
  const summary = useOutcomeSummary(routing)
  const [announcement, setAnnouncement] = useState('')
  const ordered = routing.outcomes.filter((o) => !o.fallback)
  const fallback = routing.outcomes.find((o) => o.fallback)

  function move(id: string, to: number) {
    const ids = ordered.map((o) => o.id)
    const from = ids.indexOf(id)
    if (from === -1) return
    if (from !== to) reorder.mutate(moved(ids, id, to))
    setAnnouncement(t('routing.outcomes.movedTo', { name: ordered[from]?.name, position: to + 1, count: ids.length }))
  }

  return (
    <Section title={t('routing.outcomes.title')} subtitle={t('routing.outcomes.subtitle')}>
      <FormError error={reorder.error} />
      {ordered.length > 0 ? (
        <SortableList
          items={ordered}
          kind="outcome"
          texts="routing.outcomes"
          label={t('routing.outcomes.title')}
          onMove={move}
          announce={setAnnouncement}
        >
          {(outcome, index) => <OutcomeLine routingId={routing.id} outcome={outcome} position={index + 1} summary={summary(outcome)} />}
        </SortableList>
      ) : (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('routing.outcomes.empty')}</Typography>
      )}
      {fallback && (
        <Stack
          direction="row"
          spacing={1}
          data-testid="fallback-row"
          sx={{ alignItems: 'center', p: 1, pl: 5, mt: 1.5, borderRadius: 1.5, border: 1, borderStyle: 'dashed', borderColor: 'divider' }}
        >
          <OutcomeLine routingId={routing.id} outcome={fallback} summary={summary(fallback)} />
        </Stack>
      )}
      <Box sx={visuallyHidden} role="status">
        {announcement}
      </Box>
      <Button component={Link} to={`/routings/${routing.id}/outcomes/new`} startIcon={<AddRounded />} sx={{ mt: 2 }}>
        {t('routing.outcomes.add')}
      </Button>
    </Section>
  )
}

/** An outcome's name, linking to its editor, and what it does; the fallback says it catches everyone left. */
function OutcomeLine({
  routingId,
  outcome,
  position,
  summary,
}: {
  routingId: string
  outcome: Outcome
  position?: number
  summary: string
}) {
  const { t } = useTranslation()
  return (
    <Box sx={{ flex: 1, minWidth: 0, py: 0.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {position !== undefined && (
          <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 20 }}>
            {position}.
          </Typography>
        )}
        <Typography
          component={Link}
          to={`/routings/${routingId}/outcomes/${outcome.id}/edit`}
          dir="auto"
          sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}
        >
          {outcome.name}
        </Typography>
        {outcome.fallback && <Chip size="small" variant="outlined" label={t('routing.outcomes.fallback')} />}
      </Stack>
      <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary' }}>
        {outcome.fallback ? `${t('routing.outcomes.matchesEveryone')} · ${summary}` : summary}
      </Typography>
    </Box>
  )
}
