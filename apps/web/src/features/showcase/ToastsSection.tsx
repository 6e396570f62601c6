import { TOASTS } from '@closeroom/shared'
import { Button, Stack } from '@mui/material'
import { useSnackbar, type VariantType } from 'notistack'
import { useTranslation } from '../../locales/i18n'
import { Section } from './Section'

const kinds = ['success', 'info', 'warning', 'error'] as const satisfies VariantType[]
const burst = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'] as const

/** The app's toasts as they really behave: App.tsx's SnackbarProvider sets the limits this section describes. */
export function ToastsSection() {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  return (
    <Section
      id="toasts"
      title={t('gallery.sections.toasts')}
      text={t('gallery.toasts.text', { max: TOASTS.maxSnack, seconds: TOASTS.autoHideDurationMs / 1000 })}
    >
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        {kinds.map((kind) => (
          <Button
            key={kind}
            variant="outlined"
            color={kind}
            onClick={() => enqueueSnackbar(t(`gallery.toasts.messages.${kind}`), { variant: kind })}
          >
            {t(`gallery.toasts.kinds.${kind}`)}
          </Button>
        ))}
        <Button
          variant="contained"
          onClick={() => {
            for (const key of burst) enqueueSnackbar(t(`gallery.toasts.burstMessages.${key}`), { variant: 'default' })
          }}
        >
          {t('gallery.toasts.burst', { count: burst.length })}
        </Button>
      </Stack>
    </Section>
  )
}
