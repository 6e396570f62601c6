import type { AttributeMatch } from '@closeroom/shared'
import { useTranslation } from '../../locales/i18n'
import { useEventTypes } from '../booking/queries'
import { useStages } from '../deals/queries'
import type { Outcome, Routing } from './queries'

/**
 * What an outcome does, in a line: "Book Intro call with members where region = answer to Region", "Show a
 * message", "Redirect to https://…", with "+ deal in Qualified" when it also moves the buyer's deal.
 */
export function useOutcomeSummary(routing: Routing) {
  const { t } = useTranslation()
  const eventTypes = useEventTypes()
  const stages = useStages()
  const titleOf = (id: string) => eventTypes.data?.find((e) => e.id === id)?.title ?? t('routing.summary.unknownEventType')
  const labelOf = (identifier: string) => routing.fields.find((f) => f.identifier === identifier)?.label ?? identifier
  const matchText = (match: AttributeMatch) =>
    'field' in match
      ? t('routing.summary.matchField', { attribute: match.attribute, field: labelOf(match.field) })
      : t('routing.summary.matchValues', { attribute: match.attribute, values: match.values.join(', ') })

  return (outcome: Outcome): string => {
    const { action, deal } = outcome
    const text =
      action.type === 'event-type'
        ? t('routing.summary.eventType', { eventType: titleOf(action.eventTypeId) })
        : action.type === 'members'
          ? t('routing.summary.members', {
              eventType: titleOf(action.eventTypeId),
              match: action.match.map(matchText).join(t('routing.summary.and')),
            })
          : action.type === 'message'
            ? t('routing.summary.message')
            : t('routing.summary.url', { url: action.url })
    if (!deal) return text
    const stage = stages.data?.find((s) => s.id === deal.stageId)?.name ?? t('routing.summary.unknownStage')
    return `${text} ${t('routing.summary.deal', { stage })}`
  }
}
