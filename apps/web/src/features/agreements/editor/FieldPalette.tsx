import { FIELD_TYPES, type FieldType } from '@closeroom/shared'
import { useDraggable } from '@dnd-kit/core'
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded'
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material'
import { useTranslation } from '../../../locales/i18n'
import type { RecipientDraft } from './draft'

export type PaletteDrag = { kind: 'new'; type: FieldType }

type Props = {
  signers: RecipientDraft[]
  recipientKey: string | null
  onRecipient(key: string): void
  /** A field of this type for the chosen recipient, where the keyboard can then move it. */
  onAdd(type: FieldType): void
}

/** The field types, for the recipient chosen above them: dragged onto a page, or pressed to add one. */
export function FieldPalette({ signers, recipientKey, onRecipient, onAdd }: Props) {
  const { t } = useTranslation()
  if (signers.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('agreements.editor.noSigner')}</Typography>
  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label={t('agreements.editor.fieldsFor')}
        value={recipientKey ?? ''}
        onChange={(event) => onRecipient(event.target.value)}
      >
        {signers.map((signer) => (
          <MenuItem key={signer.key} value={signer.key}>
            {signer.name || signer.email || t('agreements.editor.unnamed')}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {FIELD_TYPES.map((type) => (
          <PaletteItem key={type} type={type} onAdd={() => onAdd(type)} />
        ))}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('agreements.editor.paletteHint')}
      </Typography>
    </Stack>
  )
}

function PaletteItem({ type, onAdd }: { type: FieldType; onAdd(): void }) {
  const { t } = useTranslation()
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: `new:${type}`, data: { kind: 'new', type } satisfies PaletteDrag })
  return (
    <Button
      ref={setNodeRef}
      {...listeners}
      variant="outlined"
      size="small"
      startIcon={<DragIndicatorRounded />}
      onClick={onAdd}
      aria-label={t('agreements.editor.add', { type: t(`agreements.fieldTypes.${type}`) })}
      data-palette={type}
      sx={{ touchAction: 'manipulation', opacity: isDragging ? 0.5 : 1, cursor: 'grab' }}
    >
      {t(`agreements.fieldTypes.${type}`)}
    </Button>
  )
}
