import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded'
import DeleteRounded from '@mui/icons-material/DeleteRounded'
import EditRounded from '@mui/icons-material/EditRounded'
import SaveRounded from '@mui/icons-material/SaveRounded'
import SendRounded from '@mui/icons-material/SendRounded'
import ShareRounded from '@mui/icons-material/ShareRounded'
import { Button, FormControlLabel, IconButton, Stack, Switch, Tooltip } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { useTranslation } from '../../locales/i18n'
import { Section, Subheading } from './Section'

const variants = ['contained', 'outlined', 'text'] as const
const colours = ['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const
const sizes = ['small', 'medium', 'large'] as const

export function ButtonsSection() {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const [busy, setBusy] = useState(false)
  const pressed = (name: string) => () => enqueueSnackbar(t('gallery.buttons.pressed', { name }), { variant: 'info' })

  return (
    <Section id="buttons" title={t('gallery.sections.buttons')} text={t('gallery.buttons.text')}>
      <Stack spacing={3}>
        {variants.map((variant) => (
          <div key={variant}>
            <Subheading>{t(`gallery.buttons.variants.${variant}`)}</Subheading>
            <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
              {colours.map((colour) => {
                const name = t(`gallery.colors.palette.${colour}`)
                return (
                  <Button
                    key={colour}
                    variant={variant}
                    color={colour}
                    onClick={pressed(`${t(`gallery.buttons.variants.${variant}`)} · ${name}`)}
                  >
                    {name}
                  </Button>
                )
              })}
              <Button variant={variant} disabled>
                {t('gallery.buttons.disabled')}
              </Button>
            </Stack>
          </div>
        ))}
        <div>
          <Subheading>{t('gallery.buttons.sizesTitle')}</Subheading>
          <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
            {sizes.map((size) => (
              <Button key={size} variant="contained" size={size} onClick={pressed(t(`gallery.buttons.sizes.${size}`))}>
                {t(`gallery.buttons.sizes.${size}`)}
              </Button>
            ))}
          </Stack>
        </div>
        <div>
          <Subheading>{t('gallery.buttons.withIcons')}</Subheading>
          <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="contained" startIcon={<CalendarMonthRounded />} onClick={pressed(t('gallery.buttons.book'))}>
              {t('gallery.buttons.book')}
            </Button>
            <Button
              variant="outlined"
              endIcon={<SendRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />}
              onClick={pressed(t('gallery.buttons.send'))}
            >
              {t('gallery.buttons.send')}
            </Button>
            {(
              [
                ['edit', EditRounded, 'default'],
                ['share', ShareRounded, 'primary'],
                ['delete', DeleteRounded, 'error'],
              ] as const
            ).map(([key, Icon, colour]) => (
              <Tooltip key={key} title={t(`gallery.buttons.${key}`)}>
                <IconButton color={colour} aria-label={t(`gallery.buttons.${key}`)} onClick={pressed(t(`gallery.buttons.${key}`))}>
                  <Icon />
                </IconButton>
              </Tooltip>
            ))}
          </Stack>
        </div>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            variant="contained"
            loading={busy}
            loadingPosition="start"
            startIcon={<SaveRounded />}
            onClick={pressed(t('gallery.buttons.save'))}
          >
            {t('gallery.buttons.save')}
          </Button>
          <FormControlLabel
            control={<Switch checked={busy} onChange={(event) => setBusy(event.target.checked)} />}
            label={t('gallery.buttons.loading')}
          />
        </Stack>
      </Stack>
    </Section>
  )
}
