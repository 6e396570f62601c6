import { BOOKING_LIMITS, type CreateEventType, QUESTION_TYPES } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded'
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Autocomplete, Box, Button, Chip, FormControlLabel, IconButton, Stack, Switch, TextField, Typography } from '@mui/material'
import { useRef } from 'react'
import { Controller, type FieldValues, type UseFormReturn, useFieldArray } from 'react-hook-form'
import { useTranslation } from '../../locales/i18n'
import { bookingErrorText } from './fields'

type Form = UseFormReturn<CreateEventType, unknown, FieldValues>

const STANDARD = ['name', 'email', 'phone', 'notes']

/** A key from a label, '' when it has no Latin letter: 'Company size' → 'company_size'. */
export function keyFromLabel(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40)
}

/** A question's answer key from its label, never one of the booking form's own fields. */
export function keyOf(label: string, index: number): string {
  const key = keyFromLabel(label)
  if (!key) return `question_${index + 1}`
  return STANDARD.includes(key) ? `${key}_1` : key
}

/** The event type's own booking questions: add, remove, reorder; choices for a select question. */
export function QuestionsEditor({ form }: { form: Form }) {
  const { t } = useTranslation()
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'questions' })
  // Keys follow their label until someone types a key of their own.
  const ownKeys = useRef(new Set<string>())
  const questions = form.watch('questions') ?? []
  const listError = form.getFieldState('questions', form.formState).error

  return (
    <Stack spacing={2}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('calendarApp.form.questionsHelp')}
      </Typography>
      {listError?.message && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
          {bookingErrorText(t, listError)}
        </Typography>
      )}
      {fields.map((field, index) => {
        const type = questions[index]?.type ?? 'text'
        const number = index + 1
        const label = form.register(`questions.${index}.label`)
        const errorOf = (name: 'label' | 'id' | 'options') =>
          bookingErrorText(t, form.getFieldState(`questions.${index}.${name}`, form.formState).error)
        return (
          <Box
            key={field.id}
            role="group"
            aria-label={`${t('calendarApp.form.questionLabel')} ${number}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
          >
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <TextField
                {...label}
                onChange={(event) => {
                  void label.onChange(event)
                  if (!ownKeys.current.has(field.id)) form.setValue(`questions.${index}.id`, keyOf(event.target.value, index))
                }}
                label={`${t('calendarApp.form.questionLabel')} ${number}`}
                error={!!errorOf('label')}
                helperText={errorOf('label')}
                sx={{ flex: 2 }}
              />
              <TextField
                {...form.register(`questions.${index}.id`, { onChange: () => ownKeys.current.add(field.id) })}
                label={t('calendarApp.form.questionKey')}
                error={!!errorOf('id')}
                helperText={errorOf('id')}
                slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
                sx={{ flex: 1 }}
              />
              <TextField
                select
                {...form.register(`questions.${index}.type`)}
                label={t('calendarApp.form.questionType')}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ flex: 1, minWidth: 150 }}
              >
                {QUESTION_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {t(`calendarApp.form.questionTypes.${value}`)}
                  </option>
                ))}
              </TextField>
            </Stack>
            {type === 'select' && (
              <Controller
                control={form.control}
                name={`questions.${index}.options`}
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
                        label={t('calendarApp.form.questionOptions')}
                        error={!!errorOf('options')}
                        helperText={errorOf('options') ?? t('calendarApp.form.questionOptionsHelp')}
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
                name={`questions.${index}.required`}
                render={({ field: required }) => (
                  <FormControlLabel
                    control={<Switch checked={!!required.value} onChange={(e) => required.onChange(e.target.checked)} />}
                    label={t('calendarApp.form.questionRequired')}
                  />
                )}
              />
              <Box sx={{ flex: 1 }} />
              <IconButton
                aria-label={`${t('calendarApp.form.moveUp')} ${number}`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUpwardRounded />
              </IconButton>
              <IconButton
                aria-label={`${t('calendarApp.form.moveDown')} ${number}`}
                disabled={index === fields.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDownwardRounded />
              </IconButton>
              <IconButton aria-label={`${t('calendarApp.form.removeQuestion')} ${number}`} onClick={() => remove(index)}>
                <DeleteOutlineRounded />
              </IconButton>
            </Stack>
          </Box>
        )
      })}
      <Box>
        <Button
          startIcon={<AddRounded />}
          disabled={fields.length >= BOOKING_LIMITS.maxQuestions}
          onClick={() => append({ id: '', label: '', type: 'text', required: false, options: [] })}
        >
          {t('calendarApp.form.addQuestion')}
        </Button>
      </Box>
    </Stack>
  )
}
