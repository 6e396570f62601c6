import { MenuItem, TextField } from '@mui/material'
import { CURRENCIES } from '../../../components/money/money'

/** A currency picker as small as the fields beside it. */
export function CurrencyField({
  label,
  value,
  onChange,
  error,
}: {
  label: string
  value: string
  onChange: (currency: string) => void
  error?: string
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={!!error}
      helperText={error ?? ' '}
      sx={{ minWidth: 110 }}
    >
      {[...new Set([...CURRENCIES, value])].map((code) => (
        <MenuItem key={code} value={code}>
          {code}
        </MenuItem>
      ))}
    </TextField>
  )
}
