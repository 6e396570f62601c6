import type { SigningField } from '@closeroom/shared'
import CheckRounded from '@mui/icons-material/CheckRounded'
import { alpha, Box, ButtonBase } from '@mui/material'
import { INK } from '../../components/signature/ink'
import { visuallyHidden } from '../../components/visuallyHidden'
import { useTranslation } from '../../locales/i18n'
import { isFilled } from './fields'
import { useDayFormat } from './useDayFormat'

type Props = {
  field: SigningField
  value: string | undefined
  active: boolean
  invalid: boolean
  onPick(): void
}

/**
 * One of the signer's fields on the page, at its fractions of the page: what it holds, or what it asks for.
 * The page is white paper in either theme, so its colours are fixed rather than the theme's.
 */
export function FieldBox({ field, value, active, invalid, onPick }: Props) {
  const { t } = useTranslation()
  const day = useDayFormat()
  const label = t(`signing.field.${field.type}`)
  const filled = isFilled(field, value)
  const accent = invalid ? '#b71d18' : '#0b5cad'
  return (
    <ButtonBase
      onClick={onPick}
      data-field-id={field.id}
      aria-current={active ? 'step' : undefined}
      aria-invalid={invalid || undefined}
      // Where the field sits is the page's geometry, the same in Arabic: an inline style, which the right-to-left
      // styles plugin does not mirror (it would turn `left` into `right`).
      style={{ left: `${field.x * 100}%`, top: `${field.y * 100}%`, width: `${field.width * 100}%`, height: `${field.height * 100}%` }}
      sx={{
        position: 'absolute',
        // The text inside scales with the box (container units), so a field reads the same on a phone and a desktop.
        containerType: 'size',
        display: 'flex',
        alignItems: 'center',
        justifyContent: field.type === 'checkbox' ? 'center' : 'flex-start',
        px: field.type === 'checkbox' ? 0 : '4px',
        overflow: 'hidden',
        borderRadius: '3px',
        border: `${active ? 2 : 1}px ${filled ? 'solid' : 'dashed'} ${accent}`,
        bgcolor: alpha(accent, active ? 0.18 : 0.08),
        color: filled ? INK : '#0a3f78',
        fontWeight: filled ? 400 : 600,
        outlineOffset: 2,
        // Scrolled to as the signer moves on: kept clear of the screen's top edge.
        scrollMarginTop: 96,
        '&:hover': { bgcolor: alpha(accent, 0.2) },
        '&.Mui-focusVisible': { outline: `3px solid ${accent}` },
      }}
    >
      {/* Named by what it is and where, not by what it shows (a signature's picture, a date): the drawing is hidden from screen readers. */}
      <Box component="span" sx={visuallyHidden}>
        {t(field.required ? 'signing.onPageRequired' : 'signing.onPage', { label, page: field.page })}
      </Box>
      <FieldContent field={field} value={value} filled={filled} label={label} day={day} />
      {field.required && !filled && (
        <Box component="span" aria-hidden sx={{ position: 'absolute', top: 0, insetInlineEnd: 2, lineHeight: 1, color: accent }}>
          *
        </Box>
      )}
    </ButtonBase>
  )
}

/**
 * A line of text as large as the box's height allows, and small enough for a date to fit a narrow box: in the
 * box's own container units, which only its children can use.
 */
const line = {
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  fontSize: 'clamp(6px, min(55cqh, 11cqw), 16px)',
} as const

function FieldContent({
  field,
  value,
  filled,
  label,
  day,
}: {
  field: SigningField
  value: string | undefined
  filled: boolean
  label: string
  day(iso: string): string
}) {
  if (field.type === 'checkbox') return filled ? <CheckRounded aria-hidden sx={{ fontSize: '80cqmin' }} /> : null
  if (!filled || value === undefined) {
    return (
      <Box component="span" aria-hidden sx={line}>
        {label}
      </Box>
    )
  }
  if (field.type === 'signature' || field.type === 'initials')
    return <Box component="img" src={value} alt="" sx={{ maxWidth: 1, maxHeight: 1, objectFit: 'contain', mx: 'auto' }} />
  return (
    <Box component="span" dir="auto" aria-hidden sx={line}>
      {field.type === 'date' ? day(value) : value}
    </Box>
  )
}
