import { Autocomplete, TextField } from '@mui/material'
import { useMemo } from 'react'
import { type Control, Controller, type FieldError, type FieldValues, type Path } from 'react-hook-form'
import { fieldErrorText } from '../../lib/errorText'
import { timeZoneOptions, utcOffset } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'

/** An IANA time zone picked from the browser's list, searchable by city or offset, bound to a form. */
export function TimeZoneField<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: Path<T>; label: string }) {
  const { t } = useTranslation()
  const options = useMemo(timeZoneOptions, [])
  const offsets = useMemo(() => new Map(options.map((o) => [o.value, o.offset])), [options])
  const optionLabel = (value: string) =>
    value === 'UTC' ? 'UTC' : `${value.replaceAll('_', ' ')} (${offsets.get(value) ?? utcOffset(value)})`
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options.map((o) => o.value)}
          value={(field.value as string | undefined) ?? ''}
          onChange={(_, value) => field.onChange(value)}
          onBlur={field.onBlur}
          getOptionLabel={optionLabel}
          disableClearable
          fullWidth
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={label}
              error={!!fieldState.error}
              helperText={fieldErrorText(t, fieldState.error as FieldError | undefined)}
            />
          )}
        />
      )}
    />
  )
}
