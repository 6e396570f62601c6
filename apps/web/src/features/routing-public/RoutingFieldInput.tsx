import type { RoutingField } from '@closeroom/shared'
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, TextField } from '@mui/material'
import { type Ref, Suspense, useId } from 'react'
import { LazyPhoneInput } from '../../components/phone/LazyPhoneInput'
import { useTranslation } from '../../locales/i18n'
import type { RoutingFieldValue } from './answers'

export type RoutingFieldInputProps = {
  field: RoutingField
  value: RoutingFieldValue
  onChange(value: RoutingFieldValue): void
  onBlur?(): void
  /** The problem to show under the field, translated already. */
  error?: string
  /** The control to focus when the field has a problem. */
  inputRef?: Ref<HTMLInputElement>
}

/**
 * One field of a routing form as a buyer answers it, by its type: text, long text, number, email, phone (with
 * the country flags), a single select, or a multi select as checkboxes. Controlled: the buyer's page and the
 * editor's test panel keep the values.
 */
export function RoutingFieldInput({ field, value, onChange, onBlur, error, inputRef }: RoutingFieldInputProps) {
  const name = `answers.${field.identifier}`
  // The seller's words keep their own direction: an English question in an Arabic page ends with its own "?".
  const label = <bdi>{field.label}</bdi>
  const common = { name, label, required: field.required, error: !!error, helperText: error, fullWidth: true, onBlur }
  const text = typeof value === 'string' ? value : ''
  switch (field.type) {
    case 'multi_select':
      return <Choices field={field} value={Array.isArray(value) ? value : []} onChange={onChange} error={error} inputRef={inputRef} />
    case 'phone':
      return (
        <Suspense fallback={<TextField label={label} disabled fullWidth />}>
          <LazyPhoneInput {...common} value={text} onChange={onChange} inputRef={inputRef} />
        </Suspense>
      )
    case 'select':
      return (
        <TextField
          {...common}
          select
          value={text}
          onChange={(event) => onChange(event.target.value)}
          inputRef={inputRef}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" />
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </TextField>
      )
    default:
      return (
        <TextField
          {...common}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          inputRef={inputRef}
          type={field.type === 'email' ? 'email' : 'text'}
          autoComplete={field.type === 'email' ? 'email' : undefined}
          multiline={field.type === 'long_text'}
          minRows={field.type === 'long_text' ? 3 : undefined}
          slotProps={{ htmlInput: field.type === 'number' ? { inputMode: 'decimal', dir: 'ltr' } : undefined }}
        />
      )
  }
}

/** A multi select: one checkbox per option in a group named by the field's label. */
function Choices({
  field,
  value,
  onChange,
  error,
  inputRef,
}: {
  field: RoutingField
  value: string[]
  onChange(value: string[]): void
  error?: string
  inputRef?: Ref<HTMLInputElement>
}) {
  const { t } = useTranslation()
  const hintId = useId()
  return (
    <FormControl component="fieldset" error={!!error} required={field.required} aria-describedby={hintId}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        <bdi>{field.label}</bdi>
      </FormLabel>
      <FormHelperText id={hintId} sx={{ mx: 0, mt: 0 }}>
        {error ?? t('routingPublic.chooseAny')}
      </FormHelperText>
      <FormGroup row sx={{ columnGap: 1 }}>
        {field.options.map((option, index) => (
          <FormControlLabel
            key={option}
            label={<bdi>{option}</bdi>}
            control={
              <Checkbox
                name={`answers.${field.identifier}`}
                value={option}
                checked={value.includes(option)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? field.options.filter((o) => o === option || value.includes(o))
                      : value.filter((o) => o !== option),
                  )
                }
                slotProps={{ input: { ref: index === 0 ? inputRef : undefined } }}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  )
}
