import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded'
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded'
import CloseRounded from '@mui/icons-material/CloseRounded'
import { Autocomplete, Avatar, Box, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslation } from '../../locales/i18n'

export type PickerOption = { id: string; primary: string; secondary?: string; avatar?: ReactNode }

/**
 * Chooses some of the options and their order: a search field adds one, each chosen row moves up or down or
 * goes. The order is the one visitors see.
 */
export function OrderedPicker({
  label,
  empty,
  options,
  value,
  onChange,
}: {
  label: string
  empty: string
  options: PickerOption[]
  value: string[]
  onChange: (ids: string[]) => void
}) {
  const { t } = useTranslation()
  const byId = new Map(options.map((o) => [o.id, o]))
  const chosen = value.flatMap((id) => byId.get(id) ?? [])
  const move = (index: number, by: -1 | 1) => {
    const next = chosen.map((o) => o.id)
    const [item] = next.splice(index, 1)
    if (item === undefined) return
    next.splice(index + by, 0, item)
    onChange(next)
  }
  return (
    <Stack spacing={1.5}>
      <Autocomplete
        options={options.filter((o) => !value.includes(o.id))}
        getOptionLabel={(o) => o.primary}
        renderOption={({ key, ...props }, o) => (
          <Box component="li" key={key} {...props}>
            <Box>
              <Typography variant="body2">{o.primary}</Typography>
              {o.secondary && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {o.secondary}
                </Typography>
              )}
            </Box>
          </Box>
        )}
        value={null}
        // The field empties after each pick, ready for the next one.
        blurOnSelect
        clearOnBlur
        onChange={(_, option) => option && onChange([...value, option.id])}
        noOptionsText={t('landingApp.editor.noMoreOptions')}
        renderInput={(params) => <TextField {...params} label={label} />}
      />
      {chosen.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', px: 0.5 }}>
          {empty}
        </Typography>
      ) : (
        <Box component="ol" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {chosen.map((option, index) => (
            <Stack
              component="li"
              key={option.id}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center', px: 1.5, py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}
            >
              <Avatar sx={{ width: 28, height: 28, fontSize: 13, bgcolor: 'action.selected', color: 'text.primary' }}>
                {option.avatar ?? index + 1}
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                  {option.primary}
                </Typography>
                {option.secondary && (
                  <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
                    {option.secondary}
                  </Typography>
                )}
              </Box>
              <Tooltip title={t('landingApp.editor.moveUp', { name: option.primary })}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('landingApp.editor.moveUp', { name: option.primary })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpwardRounded fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('landingApp.editor.moveDown', { name: option.primary })}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('landingApp.editor.moveDown', { name: option.primary })}
                    disabled={index === chosen.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownwardRounded fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('landingApp.editor.remove', { name: option.primary })}>
                <IconButton
                  size="small"
                  aria-label={t('landingApp.editor.remove', { name: option.primary })}
                  onClick={() => onChange(chosen.flatMap((o) => (o.id === option.id ? [] : o.id)))}
                >
                  <CloseRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          ))}
        </Box>
      )}
    </Stack>
  )
}
