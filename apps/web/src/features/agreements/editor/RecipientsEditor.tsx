import {
  LANGUAGES,
  type Language,
  RECIPIENT_ROLES,
  type RecipientPlaceholder,
  type RecipientRole,
  type SigningOrder,
} from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded'
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import {
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useTheme,
} from '@mui/material'
import { useId } from 'react'
import { languageLabels, useTranslation } from '../../../locales/i18n'
import { recipientColour } from './colours'
import type { RecipientDraft } from './draft'

type Props = {
  recipients: RecipientDraft[]
  signingOrder: SigningOrder
  /** Templates say whom each recipient stands for, filled in when the template is used for a deal. */
  template: boolean
  onOrder(order: SigningOrder): void
  onAdd(): void
  onChange(key: string, change: Partial<Omit<RecipientDraft, 'key'>>): void
  onMove(key: string, by: -1 | 1): void
  onRemove(key: string): void
}

/** Who receives the agreement, in what role, and in what order when they sign one after the other. */
export function RecipientsEditor({ recipients, signingOrder, template, onOrder, onAdd, onChange, onMove, onRemove }: Props) {
  const { t } = useTranslation()
  const orderLabel = useId()
  const sequential = signingOrder === 'sequential'
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id={orderLabel}>{t('agreements.editor.order')}</FormLabel>
        <RadioGroup row aria-labelledby={orderLabel} value={signingOrder} onChange={(event) => onOrder(event.target.value as SigningOrder)}>
          <FormControlLabel value="parallel" control={<Radio />} label={t('agreements.editor.parallel')} />
          <FormControlLabel value="sequential" control={<Radio />} label={t('agreements.editor.sequential')} />
        </RadioGroup>
      </FormControl>
      {recipients.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t('agreements.editor.noRecipients')}</Typography>}
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {recipients.map((recipient, index) => (
          <RecipientRow
            key={recipient.key}
            recipient={recipient}
            index={index}
            count={recipients.length}
            sequential={sequential}
            template={template}
            onChange={(change) => onChange(recipient.key, change)}
            onMove={(by) => onMove(recipient.key, by)}
            onRemove={() => onRemove(recipient.key)}
          />
        ))}
      </Stack>
      <Box>
        <Button startIcon={<AddRounded />} onClick={onAdd}>
          {t('agreements.editor.addRecipient')}
        </Button>
      </Box>
    </Stack>
  )
}

type RowProps = {
  recipient: RecipientDraft
  index: number
  count: number
  sequential: boolean
  template: boolean
  onChange(change: Partial<Omit<RecipientDraft, 'key'>>): void
  onMove(by: -1 | 1): void
  onRemove(): void
}

function RecipientRow({ recipient, index, count, sequential, template, onChange, onMove, onRemove }: RowProps) {
  const { t } = useTranslation()
  const theme = useTheme()
  const who = recipient.name || recipient.email || t('agreements.editor.recipientNumber', { position: index + 1 })
  return (
    <Box
      component="li"
      data-recipient={index + 1}
      sx={{ borderLeft: 4, borderColor: recipientColour(theme, index), pl: 1.5, py: 0.5 }}
      aria-label={who}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 0.5 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {sequential ? t('agreements.editor.position', { position: index + 1 }) : t('agreements.editor.recipient')}
        </Typography>
        {sequential && (
          <>
            <IconButton
              size="small"
              disabled={index === 0}
              onClick={() => onMove(-1)}
              aria-label={t('agreements.editor.moveUp', { name: who })}
            >
              <ArrowUpwardRounded fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              disabled={index === count - 1}
              onClick={() => onMove(1)}
              aria-label={t('agreements.editor.moveDown', { name: who })}
            >
              <ArrowDownwardRounded fontSize="small" />
            </IconButton>
          </>
        )}
        <IconButton size="small" onClick={onRemove} aria-label={t('agreements.editor.removeRecipient', { name: who })}>
          <DeleteOutlineRounded fontSize="small" />
        </IconButton>
      </Stack>
      <Stack spacing={1.5}>
        <TextField
          size="small"
          label={t('agreements.editor.name')}
          value={recipient.name}
          onChange={(event) => onChange({ name: event.target.value })}
          slotProps={{ htmlInput: { dir: 'auto', maxLength: 120 } }}
        />
        <TextField
          size="small"
          type="email"
          label={t('agreements.editor.email')}
          value={recipient.email}
          onChange={(event) => onChange({ email: event.target.value })}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <TextField
          select
          size="small"
          label={t('agreements.editor.role')}
          value={recipient.role}
          onChange={(event) => onChange({ role: event.target.value as RecipientRole })}
        >
          {RECIPIENT_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`agreements.roles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('agreements.editor.language')}
          value={recipient.language}
          onChange={(event) => onChange({ language: event.target.value as Language })}
        >
          {LANGUAGES.map((language) => (
            <MenuItem key={language} value={language} lang={language}>
              {languageLabels[language]}
            </MenuItem>
          ))}
        </TextField>
        {template && (
          <TextField
            select
            size="small"
            label={t('agreements.editor.placeholder')}
            value={recipient.placeholder ?? ''}
            onChange={(event) => onChange({ placeholder: (event.target.value || null) as RecipientPlaceholder | null })}
          >
            <MenuItem value="">{t('agreements.editor.placeholders.none')}</MenuItem>
            <MenuItem value="client">{t('agreements.editor.placeholders.client')}</MenuItem>
            <MenuItem value="owner">{t('agreements.editor.placeholders.owner')}</MenuItem>
          </TextField>
        )}
      </Stack>
    </Box>
  )
}
