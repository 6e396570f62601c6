import { Autocomplete, Dialog, DialogContent, DialogTitle, TextField } from '@mui/material'
import { useMemo } from 'react'
import { timeZoneOptions } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { zoneLabel } from './time'

/** A searchable list of every time zone the browser knows, in a dialog: loaded only when someone opens it. */
export default function TimeZoneDialog({ value, onChange, onClose }: { value: string; onChange(zone: string): void; onClose(): void }) {
  const { t } = useTranslation()
  const options = useMemo(() => timeZoneOptions(), [])
  const current = options.find((option) => option.value === value) ?? { value, offset: '' }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: 10 } } }}>
      <DialogTitle>{t('bookingPublic.booker.timeZone')}</DialogTitle>
      <DialogContent sx={{ pb: 3 }}>
        <Autocomplete
          options={options}
          value={current}
          openOnFocus
          autoHighlight
          disableClearable
          noOptionsText={t('bookingPublic.booker.noTimeZone')}
          getOptionLabel={(option) => `${zoneLabel(option.value)} (${option.offset})`}
          isOptionEqualToValue={(option, selected) => option.value === selected.value}
          onChange={(_event, option) => {
            onChange(option.value)
            onClose()
          }}
          renderInput={(params) => <TextField {...params} autoFocus label={t('bookingPublic.booker.searchTimeZone')} sx={{ mt: 1 }} />}
        />
      </DialogContent>
    </Dialog>
  )
}
