import { isRoutingGroup, ROUTING_LIMITS, type RoutingField, type RoutingGroup, type RoutingRule } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Box, Button, IconButton, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material'
import { useTranslation } from '../../locales/i18n'
import { canNest, newRule, updateAt } from './conditions'
import { RuleRow } from './RuleRow'

type Edit = (path: number[], update: (item: RoutingRule | RoutingGroup) => RoutingRule | RoutingGroup | null) => void

/**
 * The outcome's conditions: AND/OR groups of rules on the form's answers, nested up to three deep, in rows of
 * our own. `errorAt` says whether the rule or group at a path ('rules.0.rules.1') was refused.
 */
export function ConditionsBuilder({
  value,
  fields,
  onChange,
  errorAt,
}: {
  value: RoutingGroup
  fields: RoutingField[]
  onChange(next: RoutingGroup): void
  errorAt(path: string): boolean
}) {
  const edit: Edit = (path, update) => onChange(updateAt(value, path, update))
  return <GroupBox group={value} path={[]} fields={fields} edit={edit} onChange={onChange} errorAt={errorAt} />
}

function GroupBox({
  group,
  path,
  fields,
  edit,
  onChange,
  errorAt,
}: {
  group: RoutingGroup
  path: number[]
  fields: RoutingField[]
  edit: Edit
  onChange(next: RoutingGroup): void
  errorAt(path: string): boolean
}) {
  const { t } = useTranslation()
  const depth = path.length + 1
  const full = group.rules.length >= ROUTING_LIMITS.maxRules
  const nested = path.length > 0
  const at = (index: number) => [...path, index]
  const pathText = (index: number) =>
    at(index)
      .map((i) => `rules.${i}`)
      .join('.')
  const set = (next: RoutingGroup) => (nested ? edit(path, () => next) : onChange(next))
  return (
    <Box
      role="group"
      aria-label={nested ? t('routing.conditions.nestedGroup', { depth }) : t('routing.conditions.title')}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1.5,
        p: 2,
        // A nested group stands out by its edge: a tinted background would dim its labels below contrast.
        ...(nested && { borderLeftWidth: 4, borderLeftColor: 'primary.main' }),
      }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: group.rules.length ? 2 : 1, flexWrap: 'wrap' }}>
        <Typography variant="body2">{t('routing.conditions.match')}</Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          color="primary"
          value={group.combinator}
          onChange={(_, combinator: 'and' | 'or' | null) => combinator && set({ ...group, combinator })}
          aria-label={t('routing.conditions.combinator')}
        >
          <ToggleButton value="and">{t('routing.conditions.and')}</ToggleButton>
          <ToggleButton value="or">{t('routing.conditions.or')}</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
          {group.combinator === 'and' ? t('routing.conditions.allOf') : t('routing.conditions.anyOf')}
        </Typography>
        {nested && (
          <Tooltip title={t('routing.conditions.removeGroup')}>
            <IconButton aria-label={t('routing.conditions.removeGroup')} onClick={() => edit(path, () => null)}>
              <DeleteOutlineRounded />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {group.rules.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('routing.conditions.empty')}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {group.rules.map((item, index) =>
          isRoutingGroup(item) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a rule has no id of its own; its place is what it is
            <GroupBox key={index} group={item} path={at(index)} fields={fields} edit={edit} onChange={onChange} errorAt={errorAt} />
          ) : (
            <RuleRow
              // biome-ignore lint/suspicious/noArrayIndexKey: a rule has no id of its own; its place is what it is
              key={index}
              rule={item}
              number={index + 1}
              fields={fields}
              invalid={errorAt(pathText(index))}
              onChange={(next) => edit(at(index), () => next)}
              onRemove={() => edit(at(index), () => null)}
            />
          ),
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          size="small"
          startIcon={<AddRounded />}
          disabled={full || fields.length === 0}
          onClick={() => set({ ...group, rules: [...group.rules, newRule(fields[0])] })}
        >
          {t('routing.conditions.addRule')}
        </Button>
        {canNest(depth) && (
          <Button
            size="small"
            startIcon={<AddRounded />}
            disabled={full || fields.length === 0}
            onClick={() =>
              set({
                ...group,
                rules: [...group.rules, { combinator: group.combinator === 'and' ? 'or' : 'and', rules: [newRule(fields[0])] }],
              })
            }
          >
            {t('routing.conditions.addGroup')}
          </Button>
        )}
      </Stack>
    </Box>
  )
}
