import type { PipelineStage } from '@closeroom/shared'
import { DndContext, type DragEndEvent, type DragStartEvent, type Over, useDraggable, useDroppable } from '@dnd-kit/core'
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded'
import { Box, Card, Stack, type Theme, Typography } from '@mui/material'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { DragGhost } from '../../components/DragGhost'
import { DropMarker } from '../../components/DropMarker'
import { afterKeyboardSensorListens, quietDragAccessibility, useDragSensors } from '../../lib/dragSensors'
import { type DropData, dropPlace, dropTarget, markerPosition } from '../../lib/dropTarget'
import { useTranslation } from '../../locales/i18n'

/**
 * A stage being dragged by its handle. With the keyboard the stage itself moves in the list, step by step, to
 * `index`; with the mouse or a finger a ghost follows the pointer and a marker shows where it would land
 * (`index` counted without the stage; null: nowhere, off the list).
 */
type Drag = { id: string; by: 'keyboard' | 'pointer'; index: number | null }

const steps: Record<string, number> = { ArrowUp: -1, ArrowDown: 1 }

/** `ids` with `id` taken out and put back at `index`. */
export function moved(ids: string[], id: string, index: number) {
  const others = ids.filter((other) => other !== id)
  others.splice(index, 0, id)
  return others
}

/**
 * The stages in board order, each row dragged by its handle: with the mouse, a finger (touch and hold, then
 * drag) or the keyboard (Space on the handle picks the stage up, the up and down arrows move it, Space drops,
 * Escape puts it back). `onMove` gets the stage and its new index; `announce` says the steps of a keyboard
 * drag in the page's status region. `children` draws a row's fields for the stage at its shown index.
 */
export function StageList({
  stages,
  onMove,
  announce,
  children,
}: {
  stages: PipelineStage[]
  onMove: (id: string, index: number) => void
  announce: (text: string) => void
  children: (stage: PipelineStage, index: number) => ReactNode
}) {
  const { t } = useTranslation()
  const [drag, setDrag] = useState<Drag | null>(null)
  // A stage dropped with the keyboard stays drawn in its new place until the cached stages take the new order (the
  // mutation writes it a few ticks later): drawn in its old place meanwhile, it would jump back for a moment, and
  // its handle, moved in the page, could lose the focus.
  const [dropped, setDropped] = useState<{ id: string; index: number; order: string } | null>(null)
  const focusAfter = useRef<string | null>(null)
  const ids = stages.map((s) => s.id)
  const order = ids.join()
  if (dropped && dropped.order !== order) setDropped(null)
  const lifted = drag?.by === 'keyboard' && drag.index !== null ? { id: drag.id, index: drag.index } : null
  const placed = lifted ?? dropped
  const shownIds = placed ? moved(ids, placed.id, placed.index) : ids
  const shown = shownIds.flatMap((id) => stages.filter((s) => s.id === id))
  const nameOf = (id: string) => stages.find((s) => s.id === id)?.name ?? ''

  // A stage stepped by the keyboard is drawn in its new place, which may move its handle out of the focus.
  useEffect(() => {
    const id = focusAfter.current
    if (!id) return
    focusAfter.current = null
    document.querySelector<HTMLElement>(`[data-stage-handle="${CSS.escape(id)}"]`)?.focus()
  })

  function stepLifted(event: KeyboardEvent) {
    const step = steps[event.code]
    if (step === undefined || !lifted) return
    event.preventDefault()
    const index = lifted.index + step
    if (index < 0 || index >= ids.length) return
    setDrag({ id: lifted.id, by: 'keyboard', index })
    focusAfter.current = lifted.id
    announce(t('pipeline.stages.at', { name: nameOf(lifted.id), position: index + 1, count: ids.length }))
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
    const liftedText = t('pipeline.stages.lifted', { name: nameOf(id), position: index + 1, count: ids.length })
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
      announce(t('pipeline.stages.cancelled', { name: nameOf(lifted.id) }))
    }
    setDrag(null)
  }

  const rows = shown.map((stage, index) => (
    <StageRow key={stage.id} stage={stage} lifted={lifted?.id === stage.id} dragged={drag?.by === 'pointer' && drag.id === stage.id}>
      {children(stage, index)}
    </StageRow>
  ))
  if (drag?.by === 'pointer' && drag.index !== null)
    rows.splice(markerPosition(ids, drag.id, drag.index), 0, <DropMarker key="drop-marker" />)
  const ghost = drag?.by === 'pointer' ? stages.find((s) => s.id === drag.id) : undefined

  return (
    <>
      <Typography id="stage-instructions" variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('pipeline.stages.instructions')}
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
        <OrderedStages label={t('pipeline.stages.title')}>{rows}</OrderedStages>
        <DragGhost>{ghost && <StageGhost name={ghost.name} />}</DragGhost>
      </DndContext>
    </>
  )
}

/** The list, a drop target for the stage rows: past the last row, a drop lands at the end. */
function OrderedStages({ label, children }: { label: string; children: ReactNode }) {
  const data: DropData = { list: 'stages' }
  const { setNodeRef } = useDroppable({ id: 'stages', data })
  return (
    <Stack ref={setNodeRef} component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
      {children}
    </Stack>
  )
}

/** How a picked-up stage stands out, as a lifted deal does on the board. */
const liftedStyle = (theme: Theme) => ({ outline: `2px solid ${theme.palette.primary.main}`, boxShadow: theme.shadows[8] })

/**
 * A stage's row, dragged by its handle (the rest of the row holds fields, where a drag selects text). The
 * handle is a button: Space on it picks the stage up.
 */
function StageRow({ stage, lifted, dragged, children }: { stage: PipelineStage; lifted: boolean; dragged: boolean; children: ReactNode }) {
  const { t } = useTranslation()
  const data: DropData = { list: 'stages', item: stage.id }
  const draggable = useDraggable({ id: stage.id, data })
  const droppable = useDroppable({ id: stage.id, data })
  return (
    <Stack
      ref={(node: HTMLElement | null) => {
        draggable.setNodeRef(node)
        droppable.setNodeRef(node)
      }}
      component="li"
      direction="row"
      spacing={1}
      data-testid="stage-row"
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
        aria-label={t('pipeline.stages.handleNamed', { name: stage.name })}
        aria-describedby="stage-instructions"
        aria-pressed={lifted}
        data-testid="stage-handle"
        data-stage-handle={stage.id}
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

/** The row that follows the mouse or the finger while a stage is dragged: its handle and its name. */
function StageGhost({ name }: { name: string }) {
  return (
    <Card sx={(theme) => ({ display: 'flex', alignItems: 'center', gap: 1, p: 1, height: '100%', boxShadow: theme.shadows[8] })}>
      <DragIndicatorRounded sx={{ color: 'text.secondary', mx: 0.5 }} />
      <Typography noWrap sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
    </Card>
  )
}
