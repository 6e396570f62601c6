import { Autocomplete, TextField } from '@mui/material'
import { useDeferredValue, useState } from 'react'
import { useTranslation } from '../../locales/i18n'
import { useDeals } from '../deals/queries'

export type DealChoice = { id: string; name: string }

type Props = {
  label: string
  value: DealChoice | null
  onChange(deal: DealChoice | null): void
  required?: boolean
  /** The server's refusal of the choice, under the box. */
  error?: string
}

/** A deal chosen by typing part of its name or company: the server searches, the 25 most recently changed show. */
export function DealPicker({ label, value, onChange, required, error }: Props) {
  const { t } = useTranslation()
  const [input, setInput] = useState('')
  const q = useDeferredValue(input.trim())
  const deals = useDeals({ q: q && q !== value?.name ? q : undefined, sort: 'updated', order: 'desc' })
  const options: DealChoice[] = deals.data?.pages.flatMap((page) => page.deals.map(({ id, name }) => ({ id, name }))) ?? []
  return (
    <Autocomplete
      value={value}
      onChange={(_, deal) => onChange(deal)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(deal) => deal.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={deals.isFetching}
      loadingText={t('agreements.dealPicker.loading')}
      noOptionsText={t('agreements.dealPicker.none')}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={!!error} helperText={error} />}
    />
  )
}
