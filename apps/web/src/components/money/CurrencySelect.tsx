import { MenuItem, TextField } from '@mui/material'
import type { Ref } from 'react'
import { CURRENCIES } from './money'

/** The currency of an amount: the usual ones, plus whatever code the deal or product already holds. */
export function CurrencySelect({
  label,
  value,
  onChange,
  inputRef,
}: {
  label: string
  value: string
  onChange: (currency: string) => void
  inputRef?: Ref<HTMLInputElement>
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      inputRef={inputRef}
      sx={{ flex: 1, minWidth: 110 }}
    >
      {[...new Set([...CURRENCIES, value])].map((code) => (
        <MenuItem key={code} value={code}>
          {code}
        </MenuItem>
      ))}
    </TextField>
  )
}
