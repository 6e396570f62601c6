import { THEME_PRESETS } from '@closeroom/shared'
import CloseRounded from '@mui/icons-material/CloseRounded'
import RestartAltRounded from '@mui/icons-material/RestartAltRounded'
import { Box, Button, ButtonBase, Divider, Drawer, IconButton, Stack, Switch, Tooltip, Typography } from '@mui/material'
import { useTranslation } from '../../locales/i18n'
import { useSettings } from '../../theme/SettingsProvider'
import { presets } from '../../theme/theme'

function Option({ label, selected, onClick, testId }: { label: string; selected: boolean; onClick(): void; testId: string }) {
  return (
    <ButtonBase
      onClick={onClick}
      aria-pressed={selected}
      data-testid={testId}
      sx={{
        flex: 1,
        py: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        borderWidth: selected ? 2 : 1,
        color: selected ? 'text.primary' : 'text.secondary',
        fontWeight: selected ? 700 : 500,
        fontSize: 13,
      }}
    >
      {label}
    </ButtonBase>
  )
}

/** The theme settings panel: everything it changes is kept in cookies for 3 days. */
export function SettingsDrawer() {
  const { t } = useTranslation()
  const s = useSettings()

  return (
    <Drawer
      anchor="right"
      open={s.open}
      onClose={() => s.setOpen(false)}
      slotProps={{ paper: { sx: { width: 300 }, role: 'dialog', 'aria-label': t('settings.title') } as object }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2.5, py: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('settings.title')}
        </Typography>
        <Tooltip title={t('settings.reset')}>
          <IconButton onClick={s.reset} aria-label={t('settings.reset')} data-testid="settings-reset">
            <RestartAltRounded />
          </IconButton>
        </Tooltip>
        <IconButton onClick={() => s.setOpen(false)} aria-label={t('settings.close')}>
          <CloseRounded />
        </IconButton>
      </Stack>
      <Divider />
      <Stack spacing={3} sx={{ p: 2.5 }}>
        <Box>
          <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
            {t('settings.mode')}
          </Typography>
          <Button fullWidth variant="outlined" onClick={s.toggleMode} data-testid="settings-mode" sx={{ mt: 1 }}>
            {t(`settings.modes.${s.themeMode}`)}
          </Button>
        </Box>
        {(
          [
            ['contrast', 'themeContrast', ['default', 'bold']],
            ['direction', 'themeDirection', ['ltr', 'rtl']],
            ['layout', 'themeLayout', ['vertical', 'mini']],
          ] as const
        ).map(([label, key, values]) => (
          <Box key={key}>
            <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
              {t(`settings.${label}`)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              {values.map((value) => (
                <Option
                  key={value}
                  label={t(`settings.values.${value}`)}
                  selected={s[key] === value}
                  onClick={() => s.update(key, value as never)}
                  testId={`settings-${key}-${value}`}
                />
              ))}
            </Stack>
          </Box>
        ))}
        <Box>
          <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
            {t('settings.presets')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, mt: 1 }}>
            {THEME_PRESETS.map((preset) => (
              <ButtonBase
                key={preset}
                onClick={() => s.update('themeColorPresets', preset)}
                aria-pressed={s.themeColorPresets === preset}
                aria-label={t(`settings.presetNames.${preset}`)}
                data-testid={`settings-preset-${preset}`}
                sx={{
                  height: 56,
                  borderRadius: 1,
                  border: 2,
                  borderColor: s.themeColorPresets === preset ? presets[preset].main : 'divider',
                }}
              >
                <Box sx={{ width: 24, height: 24, borderRadius: '50%', bgcolor: presets[preset].main }} />
              </ButtonBase>
            ))}
          </Box>
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography component="label" htmlFor="settings-stretch" sx={{ fontWeight: 600 }}>
            {t('settings.stretch')}
          </Typography>
          <Switch id="settings-stretch" checked={s.themeStretch} onChange={(event) => s.update('themeStretch', event.target.checked)} />
        </Stack>
      </Stack>
    </Drawer>
  )
}
