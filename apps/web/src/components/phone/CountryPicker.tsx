import SearchRounded from '@mui/icons-material/SearchRounded'
import { Autocomplete, Box, createFilterOptions, InputAdornment, type PopperProps, TextField, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslation } from '../../locales/i18n'
import { CountryFlag } from './CountryFlag'
import type { Country } from './countries'

const filter = createFilterOptions<Country>({ stringify: (c) => `${c.name} ${c.alias} ${c.code} +${c.callingCode}` })

/** The list that stays open inside the popover: the Autocomplete's own popper would float above it. */
function InlinePopper({ anchorEl: _anchorEl, open: _open, disablePortal: _disablePortal, children, style, ...props }: PopperProps) {
  return (
    <div {...(props as object)} style={{ ...style, position: 'static', width: '100%' }}>
      {children as React.ReactNode}
    </div>
  )
}

export default function CountryPicker({
  countries,
  value,
  onPick,
  onCancel,
}: {
  countries: Country[]
  value: Country
  onPick(country: Country): void
  onCancel(): void
}) {
  const { t } = useTranslation()
  // The box searches; it does not repeat the chosen country's name, which the list highlights anyway.
  const [search, setSearch] = useState('')
  return (
    <Autocomplete
      open
      disablePortal
      autoHighlight
      disableClearable
      options={countries}
      value={value}
      inputValue={search}
      onInputChange={(_, text, reason) => reason === 'input' && setSearch(text)}
      filterOptions={filter}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      onChange={(_, country) => country && onPick(country)}
      onClose={(_, reason) => reason === 'escape' && onCancel()}
      noOptionsText={t('phoneInput.noCountry')}
      slots={{ popper: InlinePopper }}
      slotProps={{
        paper: { elevation: 0, sx: { boxShadow: 'none', mt: 1 } },
        listbox: { sx: { maxHeight: 320, p: 0 } },
      }}
      renderOption={({ key, ...optionProps }, c) => (
        <Box component="li" key={key} {...optionProps} sx={{ gap: 1.5, borderRadius: 1 }}>
          <CountryFlag code={c.code} />
          <Typography variant="body2" component="span" sx={{ flex: 1 }}>
            {c.name}
          </Typography>
          <Typography variant="body2" component="span" dir="ltr" sx={{ color: 'text.secondary' }}>
            +{c.callingCode}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          size="small"
          placeholder={t('phoneInput.search')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('phoneInput.search') },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  )
}
