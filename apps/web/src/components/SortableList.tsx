import { DndContext, type DragEndEvent, type DragStartEvent, type Over, useDraggable, useDroppable } from '@dnd-kit/core'
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded'
import { Box, Card, Stack, type Theme, Typography } from '@mui/material'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { afterKeyboardSensorListens, quietDragAccessibility, useDragSensors } from '../lib/dragSensors'
import { type DropData, dropPlace, dropTarget, markerPosition } from '../lib/dropTarget'
import { useTranslation } from '../locales/i18n'
import { DragGhost } from './DragGhost'
import { DropMarker } from './DropMarker'

/**
 * An item being dragged by its handle. With the keyboard the item itself moves in the list, step by step, to
 * `index`; with the mouse or a finger a ghost follows the pointer and a marker shows where it would land
 * (`index` counted without the item; null: nowhere, off the list).
 */
type Drag = { id: string; by: 'keyboard' | 'pointer'; index: number | null }

const steps: Record<string, number> = { ArrowUp: -1, ArrowDown: 1 }

/** `ids` with `id` taken out and put back at `index`. */
export function moved(ids: string[], id: string, index: number) {
  const others = ids.filter((other) => other !== id)
  others.splice(index, 0, id)
  return others
}

/** What a sortable list shows of an item: its name says which one a handle moves. */
export type SortableItem = { id: string; name: string }

/**
 * Items in order (a pipeline's stages, a routing form's fields or outcomes), each row dragged by its handle: with
 * the mouse, a finger (touch and hold, then drag) or the keyboard (Space on the handle picks the item up, the up
 * and down arrows move it, Space drops, Escape puts it back). `onMove` gets the item and its new index;
 * `announce` says the steps of a keyboard drag in the page's status region. `children` draws a row's content for
 * the item at its shown index. `kind` names the rows for tests (`{kind}-row`, `{kind}-handle`); `texts` is the
 * key prefix of the list's words: `instructions`, `handleNamed`, `lifted`, `at` and `cancelled`.
 */
export function SortableList<T extends SortableItem>({
  items,
  kind,
  texts,
  label,
  onMove,
  announce,
  children,
}: {
  items: T[]
  kind: string
  texts: string
  /** The list's name for screen readers. */
  label: string
  onMove: (id: string, index: number) => void
  announce: (text: string) => void
  children: (item: T, index: number) => ReactNode
}) {
  const { t } = useTranslation()
  const [drag, setDrag] = useState<Drag | null>(null)
  // An item dropped with the keyboard stays drawn in its new place until the items given take the new order (a
  // mutation writes it a few ticks later): drawn in its old place meanwhile, it would jump back for a moment, and
  // its handle, moved in the page, could lose the focus.
  const [dropped, setDropped] = useState<{ id: string; index: number; order: string } | null>(null)
  const focusAfter = useRef<string | null>(null)
  const ids = items.map((s) => s.id)
  const order = ids.join()
  if (dropped && dropped.order !== order) setDropped(null)
  const lifted = drag?.by === 'keyboard' && drag.index !== null ? { id: drag.id, index: drag.index } : null
  const placed = lifted ?? dropped
  const shownIds = placed ? moved(ids, placed.id, placed.index) : ids
  const shown = shownIds.flatMap((id) => items.filter((s) => s.id === id))
  const nameOf = (id: string) => items.find((s) => s.id === id)?.name ?? ''

  // An item stepped by the keyboard is drawn in its new place, which may move its handle out of the focus.
  useEffect(() => {
    const id = focusAfter.current
    if (!id) return
    focusAfter.current = null
    document.querySelector<HTMLElement>(`[data-sortable-handle="${CSS.escape(id)}"]`)?.focus()
  })

  function stepLifted(event: KeyboardEvent) {
    const step = steps[event.code]
    if (step === undefined || !lifted) return
    event.preventDefault()
    const index = lifted.index + step
    if (index < 0 || index >= ids.length) return
    setDrag({ id: lifted.id, by: 'keyboard', index })
    focusAfter.current = lifted.id
    announce(t(`${texts}.at`, { name: nameOf(lifted.id), position: index + 1, count: ids.length }))
  }
  const sensors = useDragSensors(stepLifted)

  const dropIndex = (id: string, over: Over | null) => dropPlace(over, id, () => ids)?.index ?? null

  function onDragStart({ active, activatorEvent }: DragStartEvent) {
    const id = String(active.id)
    if (!(activatorEvent instanceof KeyboardEvent)) {
      setDrag({ id, by: 'pointer', index: null })
      return
    }
    const index = ids.indexOf(id)
    setDrag({ id, by: 'keyboard', index })
    const liftedText = t(`${texts}.lifted`, { name: nameOf(id), position: index + 1, count: ids.length })
    afterKeyboardSensorListens(() => announce(liftedText))
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const id = String(active.id)
    setDrag(null)
    if (lifted) {
      focusAfter.current = id
      if (lifted.index !== ids.indexOf(id)) setDropped({ ...lifted, order })
      onMove(id, lifted.index)
      return
    }
    const index = dropIndex(id, over)
    if (index !== null) onMove(id, index)
  }

  function onDragCancel() {
    if (lifted) {
      focusAfter.current = lifted.id
      announce(t(`${texts}.cancelled`, { name: nameOf(lifted.id) }))
    }
    setDrag(null)
  }

  const rows = shown.map((item, index) => (
    <SortableRow
      key={item.id}
      item={item}
      kind={kind}
      texts={texts}
      lifted={lifted?.id === item.id}
      dragged={drag?.by === 'pointer' && drag.id === item.id}
    >
      {children(item, index)}
    </SortableRow>
  ))
  if (drag?.by === 'pointer' && drag.index !== null)
    rows.splice(markerPosition(ids, drag.id, drag.index), 0, <DropMarker key="drop-marker" />)
  const ghost = drag?.by === 'pointer' ? items.find((s) => s.id === drag.id) : undefined

  return (
    <>
      <Typography id={`${kind}-instructions`} variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t(`${texts}.instructions`)}
      </Typography>
      <DndContext
        sensors={sensors}
        collisionDetection={dropTarget}
        accessibility={quietDragAccessibility}
        onDragStart={onDragStart}
        onDragOver={({ active, over }) => {
          if (drag?.by === 'pointer') setDrag({ ...drag, index: dropIndex(String(active.id), over) })
        }}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
      >
        <OrderedItems kind={kind} label={label}>
          {rows}
        </OrderedItems>
        <DragGhost>{ghost && <ItemGhost name={ghost.name} />}</DragGhost>
      </DndContext>
    </>
  )
}

/** The list, a drop target for its rows: past the last row, a drop lands at the end. */
function OrderedItems({ kind, label, children }: { kind: string; label: string; children: ReactNode }) {
  const data: DropData = { list: kind }
  const { setNodeRef } = useDroppable({ id: kind, data })
  return (
    <Stack ref={setNodeRef} component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
      {children}
    </Stack>
  )
}

/** How a picked-up item stands out, as a lifted deal does on the board. */
const liftedStyle = (theme: Theme) => ({ outline: `2px solid ${theme.palette.primary.main}`, boxShadow: theme.shadows[8] })

/**
 * An item's row, dragged by its handle (the rest of the row holds fields, where a drag selects text). The
 * handle is a button: Space on it picks the item up.
 */
function SortableRow({
  item,
  kind,
  texts,
  lifted,
  dragged,
  children,
}: {
  item: SortableItem
  kind: string
  texts: string
  lifted: boolean
  dragged: boolean
  children: ReactNode
}) {
  const { t } = useTranslation()
  const data: DropData = { list: kind, item: item.id }
  const draggable = useDraggable({ id: item.id, data })
  const droppable = useDroppable({ id: item.id, data })
  return (
    <Stack
      ref={(node: HTMLElement | null) => {
        draggable.setNodeRef(node)
        droppable.setNodeRef(node)
      }}
      component="li"
      direction="row"
      spacing={1}
      data-testid={`${kind}-row`}
      sx={(theme) => ({
        alignItems: 'center',
        p: 1,
        borderRadius: 1.5,
        border: 1,
        borderColor: 'divider',
        opacity: dragged ? 0.5 : 1,
        ...(lifted && liftedStyle(theme)),
      })}
    >
      <Box
        ref={draggable.setActivatorNodeRef}
        {...draggable.listeners}
        role="button"
        tabIndex={0}
        aria-label={t(`${texts}.handleNamed`, { name: item.name })}
        aria-describedby={`${kind}-instructions`}
        aria-pressed={lifted}
        data-testid={`${kind}-handle`}
        data-sortable-handle={item.id}
        // The handle alone drags, so it can keep the page from panning under the finger.
        sx={(theme) => ({
          display: 'flex',
          alignSelf: 'stretch',
          alignItems: 'center',
          px: 0.5,
          borderRadius: 1,
          cursor: 'grab',
          touchAction: 'none',
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
        })}
      >
        <DragIndicatorRounded sx={{ color: 'text.secondary' }} />
      </Box>
      {children}
    </Stack>
  )
}

/** The row that follows the mouse or the finger while an item is dragged: its handle and its name. */
function ItemGhost({ name }: { name: string }) {
  return (
    <Card sx={(theme) => ({ display: 'flex', alignItems: 'center', gap: 1, p: 1, height: '100%', boxShadow: theme.shadows[8] })}>
      <DragIndicatorRounded sx={{ color: 'text.secondary', mx: 0.5 }} />
      <Typography noWrap sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
    </Card>
  )
}
