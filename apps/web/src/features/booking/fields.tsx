import { Autocomplete, Chip, TextField, type TextFieldProps } from '@mui/material'
import { useSnackbar } from 'notistack'
import { type Control, Controller, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'
import { fieldErrorText, knownErrorText } from '../../lib/errorText'
import { intlLocale } from '../../lib/intl'
import type { TFunction } from '../../locales/i18n'
import { useTranslation } from '../../locales/i18n'

export type Bounds = { min: number; max: number }

/** An array field's error may sit on the array itself, on its root, or on one of its items. */
function firstError(error: unknown): FieldError | undefined {
  if (!error || typeof error !== 'object') return undefined
  const e = error as FieldError & { root?: FieldError }
  if (typeof e.message === 'string' && e.message) return e
  if (e.root?.message) return e.root
  if (Array.isArray(error)) for (const item of error) if (firstError(item)) return firstError(item)
  return undefined
}

/** The text to show under a booking field: its schema message translated, a range for numbers, the server's refusal translated. */
export function bookingErrorText(t: TFunction, raw: unknown, bounds?: Bounds): string | undefined {
  const error = firstError(raw)
  if (!error?.message) return undefined
  const known = knownErrorText(t, error)
  if (known) return known
  if (bounds && (error.type === 'too_small' || error.type === 'too_big')) return t('calendarApp.validation.range', bounds)
  if (bounds && (error.type === 'invalid_type' || error.type === 'invalid_union')) return t('calendarApp.validation.number')
  return fieldErrorText(t, error)
}

/** A whole number bound to a form; empty means null when the field allows it. */
export function NumberField<T extends FieldValues>({
  form,
  name,
  bounds,
  nullable = false,
  ...props
}: { form: UseFormReturn<T, unknown, FieldValues>; name: Path<T>; bounds: Bounds; nullable?: boolean } & TextFieldProps) {
  const { t } = useTranslation()
  const { error } = form.getFieldState(name, form.formState)
  return (
    <TextField
      type="number"
      {...props}
      {...form.register(name, {
        setValueAs: (value: unknown) => (value === '' || value === null ? (nullable ? null : Number.NaN) : Number(value)),
      })}
      slotProps={{ htmlInput: { min: bounds.min, max: bounds.max, step: 1, inputMode: 'numeric' } }}
      error={!!error}
      helperText={bookingErrorText(t, error, bounds) ?? props.helperText}
    />
  )
}

/** "30 min", "1 h 30 min", "2 days", in the reader's language. */
export function formatMinutes(minutes: number, language: string): string {
  const locale = intlLocale(language)
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: name === 'day' ? 'long' : 'short' }).format(value)
  if (minutes % 1440 === 0 && minutes > 0) return unit(minutes / 1440, 'day')
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return unit(rest, 'minute')
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`
}

/** A list of minute values as chips: pick a suggestion or type a number and press Enter. */
export function MinutesChipsField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  suggestions,
  bounds,
}: {
  control: Control<T>
  name: Path<T>
  label: string
  helperText: string
  suggestions: number[]
  bounds: Bounds
}) {
  const { t, i18n } = useTranslation()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as number[] | undefined) ?? []
        return (
          <Autocomplete<number | string, true, false, true>
            multiple
            freeSolo
            autoSelect
            options={suggestions.filter((s) => !value.includes(s))}
            value={value}
            getOptionLabel={(option) => (typeof option === 'number' ? formatMinutes(option, i18n.language) : option)}
            onChange={(_, next) => {
              const numbers = next
                .map((v) => (typeof v === 'number' ? v : Math.round(Number(v.trim()))))
                .filter((v) => Number.isFinite(v) && v > 0)
              field.onChange([...new Set(numbers)])
            }}
            renderValue={(items, getItemProps) =>
              items.map((item, index) => {
                const { key, ...itemProps } = getItemProps({ index })
                return <Chip key={key} {...itemProps} size="small" label={formatMinutes(Number(item), i18n.language)} />
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                onBlur={field.onBlur}
                label={label}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, inputMode: 'numeric' } }}
                error={!!fieldState.error}
                helperText={bookingErrorText(t, fieldState.error, bounds) ?? helperText}
              />
            )}
          />
        )
      }}
    />
  )
}

/** Copies a text and says so; a browser that refuses the clipboard gets the generic error. */
export function useCopy() {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  return (text: string, message = t('calendarApp.eventTypes.copied')) =>
    navigator.clipboard.writeText(text).then(
      () => enqueueSnackbar(message, { variant: 'success' }),
      () => enqueueSnackbar(t('errors.generic'), { variant: 'error' }),
    )
}
