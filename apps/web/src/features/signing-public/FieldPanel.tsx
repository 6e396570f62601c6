import type { SigningField } from '@closeroom/shared'
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material'
import { type RefObject, useId } from 'react'
import { useTranslation } from '../../locales/i18n'
import { FieldEditor } from './FieldEditor'

type Props = {
  field: SigningField
  index: number
  count: number
  value: string | undefined
  signerName: string
  /** The field's own refusal: it is required and empty. */
  error?: string
  /** How many required fields are still empty, once the signer tried to finish. */
  missing: number
  panel: RefObject<HTMLFormElement | null>
  onChange(value: string): void
  onPrevious(): void
  /** Enter or the main button: the next field, or finishing on the last. */
  onNext(): void
}

/** The field being filled, large enough for a finger, with the way to the next one. */
export function FieldPanel({ field, index, count, value, signerName, error, missing, panel, onChange, onPrevious, onNext }: Props) {
  const { t } = useTranslation()
  const titleId = useId()
  const last = index === count - 1
  return (
    <Box
      component="form"
      ref={panel}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onNext()
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {t(`signing.field.${field.type}`)}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={field.required ? 'primary' : 'default'}
          label={t(field.required ? 'signing.required' : 'signing.optional')}
        />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('signing.position', { index: index + 1, count })}
      </Typography>
      <FieldEditor key={field.id} field={field} value={value} signerName={signerName} error={error} onChange={onChange} />
      {missing > 0 && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t('signing.missingCount', { count: missing })}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'space-between' }}>
        <Button color="inherit" onClick={onPrevious} disabled={index === 0}>
          {t('signing.previous')}
        </Button>
        <Button type="submit" variant="contained">
          {t(last ? 'signing.finish' : 'signing.next')}
        </Button>
      </Stack>
    </Box>
  )
}
