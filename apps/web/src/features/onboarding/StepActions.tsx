import { Button, Stack } from '@mui/material'
import { useTranslation } from '../../locales/i18n'

/** The foot of a step: back, skip (leave things as they are) and the step's own action, which saves. */
export function StepActions({
  onBack,
  onSkip,
  submitLabel,
  busy,
}: {
  onBack?: () => void
  onSkip?: () => void
  submitLabel: string
  busy: boolean
}) {
  const { t } = useTranslation()
  return (
    <Stack direction="row" sx={{ gap: 1.5, mt: 4, flexWrap: 'wrap', alignItems: 'center' }}>
      {onBack && (
        <Button color="inherit" onClick={onBack}>
          {t('onboarding.back')}
        </Button>
      )}
      <Stack direction="row" sx={{ gap: 1.5, flex: 1, justifyContent: 'flex-end' }}>
        {onSkip && (
          <Button color="inherit" onClick={onSkip}>
            {t('onboarding.skip')}
          </Button>
        )}
        <Button type="submit" variant="contained" loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  )
}
