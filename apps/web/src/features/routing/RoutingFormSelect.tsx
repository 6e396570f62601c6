import { MenuItem, TextField } from '@mui/material'
import { useRoutings } from './queries'

/**
 * A select of the organization's routing forms, for a page that shows one (a landing page, a product room);
 * the caller's words label it. An unpublished form is offered too: the page shows it once it is published.
 */
export function RoutingFormSelect({
  value,
  onChange,
  label,
  none,
  helperText,
  error,
  disabled,
}: {
  value: string | null
  onChange(id: string | null): void
  label: string
  none: string
  helperText?: string
  error?: boolean
  disabled?: boolean
}) {
  const routings = useRoutings()
  const forms = routings.data ?? []
  return (
    <TextField
      select
      fullWidth
      label={label}
      // Until the list arrives the chosen form has no option to show: the select stays empty rather than warn.
      value={value && forms.some((f) => f.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value || null)}
      helperText={helperText}
      error={error}
      disabled={disabled}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>{none}</em>
      </MenuItem>
      {forms.map((form) => (
        <MenuItem key={form.id} value={form.id}>
          {form.name}
        </MenuItem>
      ))}
    </TextField>
  )
}
