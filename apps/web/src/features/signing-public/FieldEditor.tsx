import type { SigningField } from '@closeroom/shared'
import { Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material'
import { useId, useState } from 'react'
import { paper, SignaturePad } from '../../components/signature/SignaturePad'
import { useTranslation } from '../../locales/i18n'
import { initialsOf } from './fields'
import { useDayFormat } from './useDayFormat'

type Props = {
  field: SigningField
  value: string | undefined
  /** The signer's name, which the typed signature and initials start from. */
  signerName: string
  error?: string
  onChange(value: string): void
}

/** The input for the field being filled: its kind decides which. */
export function FieldEditor({ field, value, signerName, error, onChange }: Props) {
  const { t } = useTranslation()
  const day = useDayFormat()
  const errorId = useId()
  const label = t(`signing.field.${field.type}`)
  switch (field.type) {
    case 'signature':
    case 'initials':
      return (
        <SignatureEditor
          kind={field.type}
          value={value}
          suggestion={field.type === 'initials' ? initialsOf(signerName) : signerName}
          error={error}
          onChange={onChange}
        />
      )
    case 'checkbox':
      return (
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={value === 'true'}
                onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
                slotProps={{ input: { 'aria-describedby': error ? errorId : undefined, 'aria-invalid': Boolean(error) } }}
              />
            }
            label={t('signing.check')}
          />
          {error && (
            <Typography id={errorId} role="alert" variant="body2" sx={{ color: 'error.main' }}>
              {error}
            </Typography>
          )}
        </Box>
      )
    case 'date':
      return <Typography sx={{ py: 1 }}>{t('signing.dateToday', { date: day(value ?? '') })}</Typography>
    default:
      return (
        <TextField
          label={label}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
          required={field.required}
          error={Boolean(error)}
          helperText={error}
          fullWidth
          type={field.type === 'email' ? 'email' : 'text'}
          autoComplete={field.type === 'name' ? 'name' : field.type === 'email' ? 'email' : 'off'}
          slotProps={{ htmlInput: { dir: 'auto' }, formHelperText: { role: 'alert' } }}
        />
      )
  }
}

/** A signature already made shows as it will sit on the page; "Sign again" brings the pad back. */
function SignatureEditor({
  kind,
  value,
  suggestion,
  error,
  onChange,
}: {
  kind: 'signature' | 'initials'
  value: string | undefined
  suggestion: string
  error?: string
  onChange(value: string): void
}) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState(!value)
  if (!editing && value)
    return (
      <Stack spacing={1}>
        <Box sx={{ ...paper(kind), display: 'grid', placeItems: 'center' }}>
          <Box component="img" src={value} alt={t('signing.yourSignature')} sx={{ maxWidth: '90%', maxHeight: '85%' }} />
        </Box>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            onClick={() => {
              setEditing(true)
              onChange('')
            }}
          >
            {t('signing.signAgain')}
          </Button>
        </Stack>
      </Stack>
    )
  return <SignaturePad kind={kind} suggestion={suggestion} error={error} onChange={(next) => onChange(next ?? '')} />
}
