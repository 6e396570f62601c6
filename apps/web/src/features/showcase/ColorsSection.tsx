import { THEME_PRESETS } from '@closeroom/shared'
import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import { getContrastRatio, type PaletteColor, useTheme } from '@mui/material/styles'
import { useTranslation } from '../../locales/i18n'
import { useSettings } from '../../theme/SettingsProvider'
import type { ThemeMode } from '../../theme/settings'
import { presets } from '../../theme/theme'
import { Section, Subheading } from './Section'

const paletteNames = ['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const
const shadeNames = ['lighter', 'light', 'main', 'dark', 'darker'] as const
const greys = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const

function Swatch({ color, name }: { color: string; name: string }) {
  // Black or white, whichever reads better: one of them always passes 4.5:1.
  const textColor = getContrastRatio(color, '#FFFFFF') >= getContrastRatio(color, '#000000') ? '#FFFFFF' : '#000000'
  return (
    <Box sx={{ flex: '1 1 0', minWidth: 72 }}>
      <Box sx={{ height: 56, bgcolor: color, borderRadius: 1, border: 1, borderColor: 'divider', display: 'grid', placeItems: 'center' }}>
        <Typography variant="caption" sx={{ color: textColor, fontWeight: 600 }}>
          {name}
        </Typography>
      </Box>
      <Typography
        variant="caption"
        component="p"
        dir="ltr"
        sx={{ color: 'text.secondary', mt: 0.5, fontFamily: 'monospace', textAlign: 'center' }}
      >
        {color.toUpperCase()}
      </Typography>
    </Box>
  )
}

export function ColorsSection() {
  const { t } = useTranslation()
  const theme = useTheme()
  const settings = useSettings()
  const { palette } = theme

  return (
    <Section id="colors" title={t('gallery.sections.colors')} text={t('gallery.colors.text')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mb: 4 }}>
        <div>
          <Subheading>{t('settings.mode')}</Subheading>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={settings.themeMode}
            onChange={(_, mode: ThemeMode | null) => mode && settings.update('themeMode', mode)}
            aria-label={t('settings.mode')}
          >
            {(['light', 'dark', 'system'] as const).map((mode) => (
              <ToggleButton key={mode} value={mode}>
                {t(`settings.modes.${mode}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </div>
        <div>
          <Subheading>{t('settings.presets')}</Subheading>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={settings.themeColorPresets}
            onChange={(_, preset: (typeof THEME_PRESETS)[number] | null) => preset && settings.update('themeColorPresets', preset)}
            aria-label={t('settings.presets')}
            sx={{ flexWrap: 'wrap' }}
          >
            {THEME_PRESETS.map((preset) => (
              <ToggleButton key={preset} value={preset} sx={{ gap: 1 }}>
                <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: presets[preset].main }} />
                {t(`settings.presetNames.${preset}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </div>
      </Stack>

      <Stack spacing={3}>
        {paletteNames.map((name) => {
          const colour = palette[name] as PaletteColor & Partial<Record<'lighter' | 'darker', string>>
          return (
            <div key={name}>
              <Subheading>{t(`gallery.colors.palette.${name}`)}</Subheading>
              <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
                {shadeNames
                  .filter((shade) => colour[shade])
                  .map((shade) => (
                    <Swatch key={shade} name={shade} color={colour[shade] as string} />
                  ))}
              </Stack>
            </div>
          )
        })}
        <div>
          <Subheading>{t('gallery.colors.palette.grey')}</Subheading>
          <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
            {greys.map((shade) => (
              <Swatch key={shade} name={String(shade)} color={palette.grey[shade]} />
            ))}
          </Stack>
        </div>
        <div>
          <Subheading>{t('gallery.colors.text2')}</Subheading>
          <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
            <Swatch name={t('gallery.colors.textPrimary')} color={palette.text.primary} />
            <Swatch name={t('gallery.colors.textSecondary')} color={palette.text.secondary} />
            <Swatch name={t('gallery.colors.paper')} color={palette.background.paper} />
            <Swatch name={t('gallery.colors.background')} color={palette.background.default} />
          </Stack>
        </div>
      </Stack>
    </Section>
  )
}
