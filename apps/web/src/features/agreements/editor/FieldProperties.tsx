import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Button, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material'
import { useTranslation } from '../../../locales/i18n'
import type { FieldDraft, RecipientDraft } from './draft'

type Props = {
  field: FieldDraft
  signers: RecipientDraft[]
  onChange(change: Partial<Pick<FieldDraft, 'recipientKey' | 'required'>>): void
  onRemove(): void
}

/** The selected field: whose it is, whether it must be filled, and a way to take it off the page. */
export function FieldProperties({ field, signers, onChange, onRemove }: Props) {
  const { t } = useTranslation()
  return (
    <Stack spacing={1.5} data-selected-field={field.key}>
      <Typography variant="subtitle2">
        {t('agreements.editor.selected', { type: t(`agreements.fieldTypes.${field.type}`), page: field.page })}
      </Typography>
      <TextField
        select
        size="small"
        label={t('agreements.editor.fieldRecipient')}
        value={field.recipientKey}
        onChange={(event) => onChange({ recipientKey: event.target.value })}
      >
        {signers.map((signer) => (
          <MenuItem key={signer.key} value={signer.key}>
            {signer.name || signer.email || t('agreements.editor.unnamed')}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={field.required} onChange={(event) => onChange({ required: event.target.checked })} />}
        label={t('agreements.editor.required')}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('agreements.editor.keys')}
      </Typography>
      <Stack direction="row">
        <Button color="error" startIcon={<DeleteOutlineRounded />} onClick={onRemove}>
          {t('agreements.editor.removeField')}
        </Button>
      </Stack>
    </Stack>
  )
}
