import { useDraggable } from '@dnd-kit/core'
import { alpha, Box, useTheme } from '@mui/material'
import type { KeyboardEvent } from 'react'
import { useTranslation } from '../../../locales/i18n'
import type { FieldDraft } from './draft'
import type { Place } from './placement'

export type FieldDrag = { kind: 'move' | 'resize'; key: string }

type Props = {
  field: FieldDraft
  /** Where it shows: its own place, or the place a resize in progress gives it. */
  place: Place
  colour: string
  recipientName: string
  selected: boolean
  onSelect(): void
  onKey(event: KeyboardEvent): void
}

/** How a field looks on the page and as the ghost of a drag: its recipient's colour, its type's name. */
export function fieldLook(colour: string, selected: boolean, required: boolean) {
  return {
    border: 2,
    borderStyle: required ? 'solid' : 'dashed',
    borderColor: colour,
    borderRadius: 0.5,
    bgcolor: alpha(colour, selected ? 0.3 : 0.16),
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    color: 'grey.900',
    fontSize: 12,
    fontWeight: 600,
    lineHeight: 1.1,
    whiteSpace: 'nowrap',
  } as const
}

/**
 * A field on its page: dragged by pointer to move it (to another page too), by its corner handle to resize it;
 * focused, the arrow keys move it and Shift with the arrows resizes it (the editor's onKey).
 */
export function FieldBox({ field, place, colour, recipientName, selected, onSelect, onKey }: Props) {
  const { t } = useTranslation()
  const theme = useTheme()
  const move = useDraggable({ id: `move:${field.key}`, data: { kind: 'move', key: field.key } satisfies FieldDrag })
  const resize = useDraggable({ id: `resize:${field.key}`, data: { kind: 'resize', key: field.key } satisfies FieldDrag })
  const type = t(`agreements.fieldTypes.${field.type}`)
  return (
    <Box
      ref={move.setNodeRef}
      {...move.listeners}
      component="button"
      type="button"
      data-field={field.key}
      aria-label={t('agreements.editor.field', { type, name: recipientName })}
      aria-pressed={selected}
      onClick={onSelect}
      onFocus={onSelect}
      onKeyDown={onKey}
      // Inline, not sx: the RTL plugin mirrors `left` in sx, and a PDF page is never mirrored.
      style={{
        left: `${place.x * 100}%`,
        top: `${place.y * 100}%`,
        width: `${place.width * 100}%`,
        height: `${place.height * 100}%`,
      }}
      sx={{
        position: 'absolute',
        p: 0,
        m: 0,
        ...fieldLook(colour, selected, field.required),
        cursor: move.isDragging ? 'grabbing' : 'grab',
        touchAction: 'manipulation',
        outline: selected ? `2px solid ${colour}` : 'none',
        outlineOffset: 2,
        // The ghost (DragGhost) follows the pointer; the field stays in place, faded, until it is dropped.
        opacity: move.isDragging ? 0.4 : 1,
        zIndex: selected ? 2 : 1,
        font: 'inherit',
        fontSize: 12,
        fontWeight: 600,
        '&:focus-visible': { outline: `3px solid ${theme.palette.grey[900]}` },
      }}
    >
      <Box component="span" sx={{ px: 0.5, overflow: 'hidden', textOverflow: 'ellipsis' }} dir="auto">
        {type}
      </Box>
      {selected && (
        <Box
          ref={resize.setNodeRef}
          {...resize.listeners}
          component="span"
          aria-hidden
          data-resize={field.key}
          onClick={(event) => event.stopPropagation()}
          style={{ right: 0, bottom: 0 }}
          sx={{ position: 'absolute', width: 12, height: 12, bgcolor: colour, cursor: 'nwse-resize', touchAction: 'none' }}
        />
      )}
    </Box>
  )
}
