import type { Client } from '@closeroom/shared'
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined'
import { Autocomplete, Chip, createFilterOptions, Stack, TextField, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslation } from '../../locales/i18n'
import { ClientDialog } from '../clients/ClientFormFields'
import { useClients } from '../clients/queries'

type Option = Client | { create: string }
const isCreate = (option: Option): option is { create: string } => 'create' in option
const passThrough = createFilterOptions<Option>()

/** The deal's contacts: search the organization's clients as one types, or create one on the spot. */
export function ContactsField({ value, onChange, company }: { value: Client[]; onChange: (clients: Client[]) => void; company: string }) {
  const { t } = useTranslation()
  const [input, setInput] = useState('')
  const [creating, setCreating] = useState<string | null>(null)
  const clients = useClients(input.trim(), 20)
  const options: Option[] = clients.data ?? []

  return (
    <>
      <Autocomplete<Option, true, false, false>
        multiple
        options={options}
        value={value}
        inputValue={input}
        onInputChange={(_, text, reason) => {
          if (reason !== 'reset') setInput(text)
        }}
        loading={clients.isFetching}
        // The server searched already; the local filter only adds the "create" choice.
        filterOptions={(all, state) => {
          const shown = passThrough(all, { ...state, inputValue: '' })
          const typed = state.inputValue.trim()
          return typed ? [...shown, { create: typed }] : shown
        }}
        getOptionLabel={(option) => (isCreate(option) ? t('pipeline.deal.createContact', { name: option.create }) : option.name)}
        isOptionEqualToValue={(a, b) => !isCreate(a) && !isCreate(b) && a.id === b.id}
        onChange={(_, next) => {
          const created = next.find(isCreate)
          if (created) {
            setCreating(created.create)
            return
          }
          onChange(next.filter((option): option is Client => !isCreate(option)))
          setInput('')
        }}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            {isCreate(option) ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'primary.main' }}>
                <PersonAddAlt1Outlined fontSize="small" />
                <span>{t('pipeline.deal.createContact', { name: option.create })}</span>
              </Stack>
            ) : (
              <div>
                <Typography>{option.name}</Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {[option.title, option.company, option.email].filter(Boolean).join(' · ')}
                </Typography>
              </div>
            )}
          </li>
        )}
        renderValue={(selected, getItemProps) =>
          selected.map((option, index) => {
            const { key, ...props } = getItemProps({ index })
            return <Chip key={key} {...props} label={isCreate(option) ? option.create : option.name} />
          })
        }
        noOptionsText={t('pipeline.deal.noContacts')}
        renderInput={(params) => <TextField {...params} label={t('pipeline.deal.contacts')} />}
      />
      <ClientDialog
        open={creating !== null}
        initial={{ name: creating ?? '', company }}
        onClose={() => setCreating(null)}
        onCreated={(client) => {
          onChange([...value, client])
          setCreating(null)
          setInput('')
        }}
      />
    </>
  )
}
