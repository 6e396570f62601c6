import { type CreateRoutingForm, ROUTING_FIELD_TYPES, ROUTING_LIMITS, type RoutingFieldType } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Autocomplete, Box, Button, Chip, FormControlLabel, IconButton, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material'
import { useState } from 'react'
import { Controller, type FieldValues, type UseFormReturn, useFieldArray } from 'react-hook-form'
import { SortableList } from '../../components/SortableList'
import { visuallyHidden } from '../../components/visuallyHidden'
import { isServerFieldError } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { bookingErrorText } from '../booking/fields'
import { keyFromLabel } from '../booking/QuestionsEditor'

type Form = UseFormReturn<CreateRoutingForm, unknown, FieldValues>

export const isChoice = (type: RoutingFieldType | undefined) => type === 'select' || type === 'multi_select'

/** A field's identifier from its label: 'Company size' → 'company_size', `field_3` when the label has no Latin letter. */
export const identifierOf = (label: string, index: number) => keyFromLabel(label) || `field_${index + 1}`

/**
 * The form's questions in order: add, remove, reorder (drag or keyboard), each with its label, identifier,
 * type, whether it is required and, for selects, its choices. A new field's identifier follows its label until
 * someone types one; a saved field's (`saved`) stays, since outcomes' conditions name it.
 */
export function FieldsEditor({ form, saved }: { form: Form; saved: string[] }) {
  const { t } = useTranslation()
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'fields' })
  // The rows whose identifier was typed, or was there when the editor opened.
  const [typed] = useState(() => new Set(fields.map((field) => field.id)))
  const [announcement, setAnnouncement] = useState('')
  const values = form.watch('fields') ?? []
  const listState = form.getFieldState('fields', form.formState).error
  // The server refuses the questions as a whole when an outcome still tests one changed or removed.
  const listError =
    listState?.type && isServerFieldError({ type: listState.type })
      ? t('routing.fields.inUse')
      : bookingErrorText(t, listState?.root ?? form.formState.errors.fields)
  const nameOf = (index: number) => values[index]?.label || t('routing.fields.untitled', { number: index + 1 })

  function moveField(id: string, to: number) {
    const from = fields.findIndex((f) => f.id === id)
    if (from === -1) return
    if (from !== to) move(from, to)
    setAnnouncement(t('routing.fields.movedTo', { name: nameOf(from), position: to + 1, count: fields.length }))
  }

  return (
    <Stack spacing={2}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('routing.fields.prefill')}
      </Typography>
      {listError && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
          {listError}
        </Typography>
      )}
      <SortableList
        items={fields.map((field, index) => ({ id: field.id, name: nameOf(index) }))}
        kind="field"
        texts="routing.fields"
        label={t('routing.fields.title')}
        onMove={moveField}
        announce={setAnnouncement}
      >
        {(item, index) => (
          <FieldRow
            form={form}
            index={index}
            name={item.name}
            onLabel={(label) => {
              const identifier = form.getValues(`fields.${index}.identifier`)
              if (!typed.has(item.id) && !saved.includes(identifier))
                form.setValue(`fields.${index}.identifier`, identifierOf(label, index))
            }}
            onIdentifier={() => typed.add(item.id)}
            onRemove={() => remove(index)}
          />
        )}
      </SortableList>
      <Box sx={visuallyHidden} role="status">
        {announcement}
      </Box>
      <Box>
        <Button
          startIcon={<AddRounded />}
          disabled={fields.length >= ROUTING_LIMITS.maxFields}
          onClick={() => {
            append({ identifier: `field_${fields.length + 1}`, label: '', type: 'short_text', required: false, options: [] })
          }}
        >
          {t('routing.fields.add')}
        </Button>
      </Box>
    </Stack>
  )
}

/** One question: its label, identifier and type on a line, then its choices and whether it is required. */
function FieldRow({
  form,
  index,
  name,
  onLabel,
  onIdentifier,
  onRemove,
}: {
  form: Form
  index: number
  name: string
  onLabel(label: string): void
  onIdentifier(): void
  onRemove(): void
}) {
  const { t } = useTranslation()
  const type = form.watch(`fields.${index}.type`)
  const label = form.register(`fields.${index}.label`)
  const errorOf = (part: 'label' | 'identifier' | 'options' | 'type') =>
    bookingErrorText(t, form.getFieldState(`fields.${index}.${part}`, form.formState).error)
  return (
    <Box role="group" aria-label={name} sx={{ flex: 1, minWidth: 0, py: 1 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          {...label}
          onChange={(event) => {
            void label.onChange(event)
            onLabel(event.target.value)
          }}
          label={t('routing.fields.label')}
          required
          size="small"
          error={!!errorOf('label')}
          helperText={errorOf('label')}
          sx={{ flex: 2 }}
        />
        <TextField
          {...form.register(`fields.${index}.identifier`, { onChange: onIdentifier })}
          label={t('routing.fields.identifier')}
          size="small"
          error={!!errorOf('identifier')}
          helperText={errorOf('identifier')}
          slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          {...form.register(`fields.${index}.type`)}
          label={t('routing.fields.type')}
          size="small"
          error={!!errorOf('type')}
          helperText={errorOf('type')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ flex: 1, minWidth: 150 }}
        >
          {ROUTING_FIELD_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`routing.fieldTypes.${value}`)}
            </option>
          ))}
        </TextField>
      </Stack>
      {isChoice(type) && (
        <Controller
          control={form.control}
          name={`fields.${index}.options`}
          render={({ field: options }) => (
            <Autocomplete<string, true, false, true>
              multiple
              freeSolo
              autoSelect
              options={[]}
              value={options.value ?? []}
              onChange={(_, next) => options.onChange([...new Set(next.map((v) => v.trim()).filter(Boolean))])}
              renderValue={(items, getItemProps) =>
                items.map((item, i) => {
                  const { key, ...itemProps } = getItemProps({ index: i })
                  return <Chip key={key} {...itemProps} size="small" label={item} />
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={options.ref}
                  size="small"
                  label={t('routing.fields.options')}
                  error={!!errorOf('options')}
                  helperText={errorOf('options') ?? t('routing.fields.optionsHelp')}
                />
              )}
              sx={{ mt: 2 }}
            />
          )}
        />
      )}
      <Stack direction="row" sx={{ alignItems: 'center', mt: 1 }}>
        <Controller
          control={form.control}
          name={`fields.${index}.required`}
          render={({ field: required }) => (
            <FormControlLabel
              control={<Switch checked={!!required.value} onChange={(e) => required.onChange(e.target.checked)} />}
              label={t('routing.fields.required')}
            />
          )}
        />
        <Box sx={{ flex: 1 }} />
        <Tooltip title={t('routing.fields.remove')}>
          <IconButton aria-label={`${t('routing.fields.remove')}: ${name}`} onClick={onRemove}>
            <DeleteOutlineRounded />
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  )
}
