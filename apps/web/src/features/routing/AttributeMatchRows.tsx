import type { AttributeMatch, RoutingField } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Autocomplete, Box, Button, Chip, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material'
import { useTranslation } from '../../locales/i18n'

/** An attribute members hold, with the values seen on them, for the rows' choices. */
export type AttributeChoice = { key: string; values: string[] }

const MAX_ROWS = 10

/**
 * Rows of "attribute matches the answer to a field" or "attribute is one of these values": members must match
 * them all. `errorText` gives the refusal of a row's part ('0.attribute', '0.values') or of the list ('').
 */
export function AttributeMatchRows({
  label,
  help,
  value,
  fields,
  attributes,
  onChange,
  errorText,
}: {
  label: string
  help: string
  value: AttributeMatch[]
  fields: RoutingField[]
  attributes: AttributeChoice[]
  onChange(next: AttributeMatch[]): void
  errorText(path: string): string | undefined
}) {
  const { t } = useTranslation()
  const set = (index: number, row: AttributeMatch) => onChange(value.map((r, i) => (i === index ? row : r)))
  const listError = errorText('')
  return (
    <Box role="group" aria-label={label}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {help}
      </Typography>
      {listError && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main', mb: 1 }}>
          {listError}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {value.map((row, index) => {
          const number = index + 1
          const attributeError = errorText(`${index}.attribute`)
          const valueError = errorText(`${index}.values`) ?? errorText(`${index}.field`) ?? errorText(`${index}`)
          const known = attributes.find((a) => a.key === row.attribute)
          return (
            <Stack
              // biome-ignore lint/suspicious/noArrayIndexKey: a row has no id of its own; its place is what it is
              key={index}
              direction={{ xs: 'column', md: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { md: 'flex-start' } }}
              data-testid="match-row"
            >
              <Autocomplete<string, false, false, true>
                freeSolo
                autoSelect
                size="small"
                options={attributes.map((a) => a.key)}
                value={row.attribute}
                onChange={(_, next) => set(index, { ...row, attribute: (next ?? '').trim().toLowerCase() })}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={`${t('routing.action.attribute')} ${number}`}
                    error={!!attributeError}
                    helperText={attributeError}
                    slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, dir: 'ltr', spellCheck: false } }}
                  />
                )}
                sx={{ flex: 1, minWidth: 160 }}
              />
              <TextField
                select
                size="small"
                label={t('routing.action.matches')}
                value={'field' in row ? 'field' : 'values'}
                onChange={(event) =>
                  set(
                    index,
                    event.target.value === 'field'
                      ? { attribute: row.attribute, field: fields[0]?.identifier ?? '' }
                      : { attribute: row.attribute, values: [] },
                  )
                }
                sx={{ flex: 1, minWidth: 160 }}
              >
                <MenuItem value="field">{t('routing.action.answerTo')}</MenuItem>
                <MenuItem value="values">{t('routing.action.fixedValues')}</MenuItem>
              </TextField>
              {'field' in row ? (
                <TextField
                  select
                  size="small"
                  label={t('routing.action.field')}
                  value={fields.some((f) => f.identifier === row.field) ? row.field : ''}
                  error={!!valueError}
                  helperText={valueError}
                  onChange={(event) => set(index, { attribute: row.attribute, field: event.target.value })}
                  sx={{ flex: 2, minWidth: 160 }}
                >
                  {fields.map((f) => (
                    <MenuItem key={f.identifier} value={f.identifier}>
                      {f.label}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <Autocomplete<string, true, false, true>
                  multiple
                  freeSolo
                  autoSelect
                  size="small"
                  options={known?.values ?? []}
                  value={row.values}
                  onChange={(_, next) =>
                    set(index, { attribute: row.attribute, values: [...new Set(next.map((v) => v.trim()).filter(Boolean))] })
                  }
                  renderValue={(items, getItemProps) =>
                    items.map((item, i) => {
                      const { key, ...itemProps } = getItemProps({ index: i })
                      return <Chip key={key} {...itemProps} size="small" label={item} />
                    })
                  }
                  renderInput={(params) => (
                    <TextField {...params} label={t('routing.action.values')} error={!!valueError} helperText={valueError} />
                  )}
                  sx={{ flex: 2, minWidth: 160 }}
                />
              )}
              <Tooltip title={t('routing.action.removeMatch')}>
                <IconButton
                  aria-label={`${t('routing.action.removeMatch')}: ${label} ${number}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <DeleteOutlineRounded />
                </IconButton>
              </Tooltip>
            </Stack>
          )
        })}
      </Stack>
      <Button
        size="small"
        startIcon={<AddRounded />}
        disabled={value.length >= MAX_ROWS}
        onClick={() => onChange([...value, { attribute: attributes[0]?.key ?? '', field: fields[0]?.identifier ?? '' }])}
        sx={{ mt: 1 }}
      >
        {t('routing.action.addMatch')}
      </Button>
    </Box>
  )
}
