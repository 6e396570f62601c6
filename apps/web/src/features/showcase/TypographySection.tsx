import { Box, Stack, Typography, type TypographyVariant } from '@mui/material'
import { useTheme } from '@mui/material/styles'
import { useTranslation } from '../../locales/i18n'
import { Section } from './Section'

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const
const texts = ['subtitle1', 'subtitle2', 'body1', 'body2', 'caption'] as const
/** Set in capitals or on buttons: a short line reads better. */
const short = ['overline', 'button'] as const

/** '2.125rem' → 34: what a designer measures. */
const pixels = (size: string | number | undefined) => (typeof size === 'number' ? size : Math.round(Number.parseFloat(size ?? '1') * 16))

export function TypographySection() {
  const { t } = useTranslation()
  const { typography } = useTheme()
  const row = (variant: TypographyVariant, sample: string) => {
    const style = typography[variant]
    return (
      <Stack
        key={variant}
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: { xs: 0.5, sm: 3 }, alignItems: { sm: 'baseline' }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box dir="ltr" sx={{ width: { sm: 160 }, flexShrink: 0, color: 'text.secondary', typography: 'caption', fontFamily: 'monospace' }}>
          {variant} · {pixels(style.fontSize)}px · {style.fontWeight}
        </Box>
        <Typography variant={variant} component="p" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {sample}
        </Typography>
      </Stack>
    )
  }
  return (
    <Section id="typography" title={t('gallery.sections.typography')} text={t('gallery.typography.text')}>
      {headings.map((variant) => row(variant, t('gallery.typography.heading')))}
      {texts.map((variant) => row(variant, t('gallery.typography.body')))}
      {short.map((variant) => row(variant, t('gallery.typography.heading')))}
    </Section>
  )
}
