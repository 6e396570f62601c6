import { AttributeKey, AttributeValue, type MemberAttributes, ROUTING_LIMITS } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Autocomplete, Button, Chip, IconButton, Stack, TextField, Typography } from '@mui/material'
import { type TFunction, useTranslation } from '../../locales/i18n'
import { useAttributeKeys } from './queries'

/** One attribute being edited: the key as typed, its values as chips. */
export type AttributeRow = { key: string; values: string[] }
type RowErrors = { key?: string; values?: string }

export const rowsOf = (attributes: Record<string, string[]>): AttributeRow[] =>
  Object.entries(attributes).map(([key, values]) => ({ key, values }))

/**
 * The rows as the API takes them, or the message to show beside each field that the shared rules refuse
 * (a key twice too, which a record would silently merge). Rows left wholly empty are dropped.
 */
export function checkAttributes(t: TFunction, rows: AttributeRow[]): { attributes: MemberAttributes } | { errors: RowErrors[] } {
  const filled = rows.map((row) => ({ key: row.key.trim(), values: row.values }))
  const errors = filled.map((row, index): RowErrors => {
    if (row.key === '' && row.values.length === 0) return {}
    const error: RowErrors = {}
    if (!AttributeKey.safeParse(row.key).success) error.key = t('validation.key')
    else if (filled.findIndex((other) => other.key === row.key) < index) error.key = t('people.attributes.keyTwice')
    if (row.values.length === 0) error.values = t('people.attributes.valuesRequired')
    else if (row.values.length > ROUTING_LIMITS.maxAttributeValues)
      error.values = t('people.attributes.tooManyValues', { max: ROUTING_LIMITS.maxAttributeValues })
    else if (row.values.some((value) => !AttributeValue.safeParse(value).success)) error.values = t('validation.tooLong')
    return error
  })
  if (errors.some((e) => e.key || e.values)) return { errors }
  return { attributes: Object.fromEntries(filled.filter((row) => row.key !== '').map((row) => [row.key, row.values])) }
}

/**
 * A person's routing attributes as rows of a key and its values. Keys and values the organization already
 * uses are offered, so "EMEA" is not typed three ways.
 */
export function AttributesEditor({
  rows,
  errors,
  onChange,
}: {
  rows: AttributeRow[]
  errors: RowErrors[]
  onChange: (rows: AttributeRow[]) => void
}) {
  const { t } = useTranslation()
  const known = useAttributeKeys().data ?? []
  const update = (index: number, row: AttributeRow) => onChange(rows.map((r, i) => (i === index ? row : r)))

  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
      {/* The legend is the fieldset's first child, or it names nothing. */}
      <Typography component="legend" variant="subtitle1" sx={{ p: 0 }}>
        {t('people.attributes.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: '4px !important' }}>
        {t('people.attributes.help')}
      </Typography>
      {rows.map((row, index) => {
        const usedKeys = new Set(rows.map((r) => r.key.trim()))
        const keyLabel = t('people.attributes.key')
        // Several rows each have a "Values" field: once its key is typed, a screen reader hears whose values.
        const valuesLabel = row.key.trim() ? t('people.attributes.values', { key: row.key.trim() }) : t('people.attributes.valuesLabel')
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until their key is typed
          <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <Autocomplete<string, false, false, true>
              freeSolo
              autoSelect
              options={known.map((k) => k.key).filter((key) => key === row.key || !usedKeys.has(key))}
              inputValue={row.key}
              onInputChange={(_, key) => update(index, { ...row, key })}
              sx={{ flex: 1, minWidth: 160 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={keyLabel}
                  error={!!errors[index]?.key}
                  helperText={errors[index]?.key ?? t('people.attributes.keyHelp')}
                />
              )}
            />
            <Autocomplete<string, true, false, true>
              multiple
              freeSolo
              autoSelect
              options={(known.find((k) => k.key === row.key.trim())?.values ?? []).filter((v) => !row.values.includes(v))}
              value={row.values}
              onChange={(_, next) => {
                const values = next.map((v) => v.trim()).filter(Boolean)
                update(index, {
                  ...row,
                  values: values.filter((v, i) => values.findIndex((w) => w.toLowerCase() === v.toLowerCase()) === i),
                })
              }}
              renderValue={(items, getItemProps) =>
                items.map((item, i) => {
                  const { key, ...itemProps } = getItemProps({ index: i })
                  return <Chip key={key} {...itemProps} size="small" label={item} />
                })
              }
              sx={{ flex: 2, minWidth: 200 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('people.attributes.valuesLabel')}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-label': valuesLabel } }}
                  error={!!errors[index]?.values}
                  helperText={errors[index]?.values ?? t('people.attributes.valuesHelp')}
                />
              )}
            />
            <IconButton
              aria-label={t('people.attributes.remove', { key: row.key.trim() || keyLabel })}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
              sx={{ mt: { sm: 1 } }}
            >
              <DeleteOutlineRounded />
            </IconButton>
          </Stack>
        )
      })}
      <div>
        <Button
          startIcon={<AddRounded />}
          onClick={() => onChange([...rows, { key: '', values: [] }])}
          disabled={rows.length >= ROUTING_LIMITS.maxAttributes}
        >
          {t('people.attributes.add')}
        </Button>
      </div>
    </Stack>
  )
}
