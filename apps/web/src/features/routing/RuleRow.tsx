import type { RoutingField, RoutingOperator, RoutingRule } from '@closeroom/shared'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Autocomplete, Box, Chip, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material'
import { useTranslation } from '../../locales/i18n'
import { emptyValue, OPERATORS_BY_TYPE, type ValueKind, valueKind } from './conditions'

/** What to say under a refused rule, by what its value should have been. */
const problemKey: Record<ValueKind, string> = {
  none: 'routing.conditions.problems.field',
  text: 'routing.conditions.problems.value',
  choice: 'routing.conditions.problems.value',
  number: 'routing.conditions.problems.number',
  range: 'routing.conditions.problems.range',
  choices: 'routing.conditions.problems.choices',
}

/** One test on one answer: the field, the operator its type allows, and a value input to suit both. */
export function RuleRow({
  rule,
  number,
  fields,
  invalid,
  onChange,
  onRemove,
}: {
  rule: RoutingRule
  number: number
  fields: RoutingField[]
  invalid: boolean
  onChange(next: RoutingRule): void
  onRemove(): void
}) {
  const { t } = useTranslation()
  const field = fields.find((f) => f.identifier === rule.field)
  const operators = OPERATORS_BY_TYPE[field?.type ?? 'short_text']
  const kind = valueKind(field, rule.operator)
  const name = t('routing.conditions.rule', { number })
  const problem = invalid ? t(field ? problemKey[kind] : problemKey.none) : undefined

  function changeField(identifier: string) {
    const next = fields.find((f) => f.identifier === identifier)
    const allowed = OPERATORS_BY_TYPE[next?.type ?? 'short_text']
    const operator = allowed.includes(rule.operator) ? rule.operator : (allowed[0] ?? 'equals')
    const sameKind = valueKind(next, operator) === kind
    onChange({ field: identifier, operator, value: sameKind ? rule.value : emptyValue(valueKind(next, operator)) })
  }
  function changeOperator(operator: RoutingOperator) {
    const nextKind = valueKind(field, operator)
    onChange({ ...rule, operator, value: nextKind === kind ? rule.value : emptyValue(nextKind) })
  }

  return (
    <Box role="group" aria-label={name} data-testid="rule-row">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          size="small"
          label={t('routing.conditions.field')}
          value={field ? rule.field : ''}
          error={invalid && !field}
          onChange={(event) => changeField(event.target.value)}
          sx={{ flex: 1, minWidth: 160 }}
        >
          {fields.map((f) => (
            <MenuItem key={f.identifier} value={f.identifier}>
              {f.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('routing.conditions.operator')}
          value={rule.operator}
          onChange={(event) => {
            const operator = operators.find((o) => o === event.target.value)
            if (operator) changeOperator(operator)
          }}
          sx={{ flex: 1, minWidth: 150 }}
        >
          {operators.map((operator) => (
            <MenuItem key={operator} value={operator}>
              {t(`routing.operators.${operator}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 2, minWidth: 0 }}>
          <ValueInput kind={kind} field={field} value={rule.value} invalid={invalid} onChange={(value) => onChange({ ...rule, value })} />
        </Box>
        <Tooltip title={t('routing.conditions.removeRule')}>
          <IconButton aria-label={`${t('routing.conditions.removeRule')}: ${name}`} onClick={onRemove}>
            <DeleteOutlineRounded />
          </IconButton>
        </Tooltip>
      </Stack>
      {problem && (
        <Typography variant="caption" role="alert" sx={{ color: 'error.main', display: 'block', mt: 0.5, mx: 1.75 }}>
          {problem}
        </Typography>
      )}
    </Box>
  )
}

/** A number typed, or undefined while the input is empty (the rule is then refused, saying a number is needed). */
const numberOf = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? undefined : Number(text))

function ValueInput({
  kind,
  field,
  value,
  invalid,
  onChange,
}: {
  kind: ValueKind
  field: RoutingField | undefined
  value: RoutingRule['value']
  invalid: boolean
  onChange(value: RoutingRule['value']): void
}) {
  const { t } = useTranslation()
  const label = t('routing.conditions.value')
  switch (kind) {
    case 'none':
      return null
    case 'number':
      return (
        <TextField
          size="small"
          type="number"
          fullWidth
          label={label}
          error={invalid}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => onChange(numberOf(event.target.value))}
        />
      )
    case 'range': {
      const [low, high] = Array.isArray(value) && value.length === 2 ? value.map(Number) : [Number.NaN, Number.NaN]
      // An empty end is NaN in the rule, which the editor refuses (a low and a high number) before it is sent.
      const end = (which: 'low' | 'high') => (
        <TextField
          size="small"
          type="number"
          label={t(`routing.conditions.${which}`)}
          error={invalid}
          defaultValue={Number.isNaN(which === 'low' ? low : high) ? '' : which === 'low' ? low : high}
          onChange={(event) => {
            const typed = numberOf(event.target.value) ?? Number.NaN
            onChange(which === 'low' ? [typed, high ?? Number.NaN] : [low ?? Number.NaN, typed])
          }}
          sx={{ flex: 1 }}
        />
      )
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {end('low')}
          <Typography variant="body2">{t('routing.conditions.to')}</Typography>
          {end('high')}
        </Stack>
      )
    }
    case 'choice':
      return (
        <TextField
          select
          size="small"
          fullWidth
          label={label}
          error={invalid}
          value={typeof value === 'string' && field?.options.includes(value) ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        >
          {field?.options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )
    case 'choices':
      return (
        <Autocomplete<string, true, false, boolean>
          multiple
          freeSolo={!field?.options.length}
          autoSelect={!field?.options.length}
          size="small"
          options={field?.options ?? []}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(_, next) => onChange([...new Set(next.map((v) => v.trim()).filter(Boolean))])}
          renderValue={(items, getItemProps) =>
            items.map((item, i) => {
              const { key, ...itemProps } = getItemProps({ index: i })
              return <Chip key={key} {...itemProps} size="small" label={item} />
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              error={invalid}
              helperText={field?.options.length ? undefined : t('routing.conditions.typeValues')}
            />
          )}
        />
      )
    default:
      return (
        <TextField
          size="small"
          fullWidth
          label={label}
          error={invalid}
          value={typeof value === 'string' || typeof value === 'number' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      )
  }
}
