import { LANGUAGES, type Language } from '@closeroom/shared'
import { MenuItem, TextField } from '@mui/material'
import { languageLabels, useTranslation } from '../locales/i18n'
import { useSettings } from '../theme/SettingsProvider'

export function LanguagePicker() {
  const { t, i18n } = useTranslation()
  const { setLanguage } = useSettings()
  return (
    <TextField
      select
      size="small"
      label={t('fields.language')}
      value={i18n.language}
      onChange={(event) => setLanguage(event.target.value as Language)}
      slotProps={{ htmlInput: { 'data-testid': 'language-picker' } }}
      sx={{ minWidth: 140 }}
    >
      {LANGUAGES.map((language) => (
        <MenuItem key={language} value={language} lang={language}>
          {languageLabels[language]}
        </MenuItem>
      ))}
    </TextField>
  )
}
