import type { CreateRoutingOutcome } from '@closeroom/shared'
import { type EventType, ROUTING_ACTION_TYPES, type RoutingActionType, type RoutingField } from '@closeroom/shared'
import { FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, Stack, Switch, TextField, Typography } from '@mui/material'
import { useTranslation } from '../../locales/i18n'
import { type AttributeChoice, AttributeMatchRows } from './AttributeMatchRows'

export type ActionValue = CreateRoutingOutcome['action']

/** The action a type starts with when it is chosen. */
export function newAction(type: RoutingActionType, fields: RoutingField[]): ActionValue {
  switch (type) {
    case 'event-type':
      return { type, eventTypeId: '', ownerFirst: true }
    case 'members':
      return { type, eventTypeId: '', match: [{ attribute: '', field: fields[0]?.identifier ?? '' }], fallback: [], ownerFirst: true }
    case 'message':
      return { type, message: '' }
    case 'url':
      return { type, url: '' }
  }
}

/**
 * What happens to a buyer the outcome matches: book an event type, book with the team members whose attributes
 * match, show a message or redirect. `errorText` gives the refusal of a part of the action ('eventTypeId',
 * 'match.0.attribute').
 */
export function ActionEditor({
  value,
  fields,
  eventTypes,
  attributes,
  onChange,
  errorText,
}: {
  value: ActionValue
  fields: RoutingField[]
  eventTypes: EventType[]
  attributes: AttributeChoice[]
  onChange(next: ActionValue): void
  errorText(path: string): string | undefined
}) {
  const { t } = useTranslation()
  const booking = value.type === 'event-type' || value.type === 'members'
  // Matching members needs a team whose hosts take turns.
  const choices = value.type === 'members' ? eventTypes.filter((e) => e.kind === 'round_robin') : eventTypes
  return (
    <Stack spacing={2.5}>
      <FormControl>
        <FormLabel id="action-type">{t('routing.action.type')}</FormLabel>
        <RadioGroup
          aria-labelledby="action-type"
          value={value.type}
          onChange={(_, type) => {
            const chosen = ROUTING_ACTION_TYPES.find((candidate) => candidate === type)
            if (chosen) onChange(newAction(chosen, fields))
          }}
        >
          {ROUTING_ACTION_TYPES.map((type) => (
            <FormControlLabel key={type} value={type} control={<Radio />} label={t(`routing.action.types.${type}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      {booking && (
        <TextField
          select
          label={value.type === 'members' ? t('routing.action.teamEventType') : t('routing.action.eventType')}
          value={choices.some((e) => e.id === value.eventTypeId) ? value.eventTypeId : ''}
          onChange={(event) => onChange({ ...value, eventTypeId: event.target.value })}
          error={!!errorText('eventTypeId')}
          helperText={errorText('eventTypeId') ?? (choices.length === 0 ? t('routing.action.noEventTypes') : undefined)}
          fullWidth
        >
          {choices.map((e) => (
            <MenuItem key={e.id} value={e.id}>
              {e.kind === 'personal' ? e.title : t('routing.action.teamType', { title: e.title })}
            </MenuItem>
          ))}
        </TextField>
      )}
      {value.type === 'members' && (
        <>
          <AttributeMatchRows
            label={t('routing.action.match')}
            help={t('routing.action.matchHelp')}
            value={value.match}
            fields={fields}
            attributes={attributes}
            onChange={(match) => onChange({ ...value, match })}
            errorText={(path) => errorText(path ? `match.${path}` : 'match')}
          />
          <AttributeMatchRows
            label={t('routing.action.fallback')}
            help={t('routing.action.fallbackHelp')}
            value={value.fallback ?? []}
            fields={fields}
            attributes={attributes}
            onChange={(fallback) => onChange({ ...value, fallback })}
            errorText={(path) => errorText(path ? `fallback.${path}` : 'fallback')}
          />
        </>
      )}
      {booking && (
        <div>
          <FormControlLabel
            control={<Switch checked={value.ownerFirst ?? true} onChange={(_, ownerFirst) => onChange({ ...value, ownerFirst })} />}
            label={t('routing.action.ownerFirst')}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('routing.action.ownerFirstHelp')}
          </Typography>
        </div>
      )}
      {value.type === 'message' && (
        <TextField
          label={t('routing.action.message')}
          value={value.message}
          onChange={(event) => onChange({ ...value, message: event.target.value })}
          error={!!errorText('message')}
          helperText={errorText('message')}
          multiline
          minRows={3}
          fullWidth
        />
      )}
      {value.type === 'url' && (
        <TextField
          label={t('routing.action.url')}
          value={value.url}
          onChange={(event) => onChange({ ...value, url: event.target.value })}
          error={!!errorText('url')}
          helperText={errorText('url') ?? t('routing.action.urlHelp')}
          slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, inputMode: 'url' } }}
          fullWidth
        />
      )}
    </Stack>
  )
}
