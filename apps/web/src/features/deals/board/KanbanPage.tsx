import { type DealsChanged, ProductSocketEvents } from '@closeroom/shared'
import { DndContext, type DragEndEvent, type DragStartEvent, type Over } from '@dnd-kit/core'
import AddRounded from '@mui/icons-material/AddRounded'
import { Alert, Box, Button, Skeleton, Stack, Typography, useTheme } from '@mui/material'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useSnackbar } from 'notistack'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useSocket } from '../../../app/SocketProvider'
import { DragGhost } from '../../../components/DragGhost'
import { PageHeader } from '../../../components/PageHeader'
import { visuallyHidden } from '../../../components/visuallyHidden'
import { afterKeyboardSensorListens, quietDragAccessibility, useDragSensors } from '../../../lib/dragSensors'
import { dropPlace, dropTarget, markerPosition } from '../../../lib/dropTarget'
import { serverErrorText } from '../../../lib/errorText'
import { useTranslation } from '../../../locales/i18n'
import { boardQuery, dealKeys, moveDeal, useBoard } from '../queries'
import { usePipelineToasts } from '../realtime'
import { applyDealChange, beforeIdAt, locate, type Placement, placeDeal, type Step, stepPlacement } from './board'
import { DealCard, DealCardGhost } from './DealCard'
import { StageColumn } from './StageColumn'

/** The board and the deals lists, downloaded again. */
const readAgain = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: dealKeys.board() })
  void queryClient.invalidateQueries({ queryKey: dealKeys.lists() })
}

/**
 * A deal being dragged. With the keyboard the deal itself moves on the board, step by step; with the mouse or
 * a finger a ghost follows the pointer and a marker shows where it would land (null: nowhere, off the columns).
 */
type Drag = { dealId: string; by: 'keyboard' | 'pointer'; placement: Placement | null }

/**
 * /kanban: one column per stage. A deal moves with the mouse, a finger (touch and hold, then drag) or the
 * keyboard (Space picks it up, arrows move it, Space drops, Escape puts it back); the board shows the move at
 * once and goes back if the server refuses. Teammates' changes arrive through `deals-changed` and are put
 * on the board from their payload; this tab's own move comes back the same way and changes nothing.
 */
export default function KanbanPage() {
  const { t } = useTranslation()
  usePipelineToasts()
  const board = useBoard()
  const queryClient = useQueryClient()
  const { enqueueSnackbar } = useSnackbar()
  const navigate = useNavigate()
  const rtl = useTheme().direction === 'rtl'
  const { socket, connected } = useSocket()
  const [drag, setDrag] = useState<Drag | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const focusAfter = useRef<string | null>(null)

  // A change is put on the cached board from its payload, without a request; the lists read again when shown,
  // since a new or moved deal may enter or leave their filters and order.
  useEffect(() => {
    if (!socket) return
    const onChanged = (change: DealsChanged) => {
      const { queryKey } = boardQuery()
      const current = queryClient.getQueryData(queryKey)
      const next = current && applyDealChange(current, change)
      if (next) queryClient.setQueryData(queryKey, next)
      else void queryClient.invalidateQueries({ queryKey: dealKeys.board() })
      void queryClient.invalidateQueries({ queryKey: dealKeys.lists() })
    }
    socket.on(ProductSocketEvents.dealsChanged, onChanged)
    return () => {
      socket.off(ProductSocketEvents.dealsChanged, onChanged)
    }
  }, [socket, queryClient])

  // A board read while the socket was not connected (a fresh page, a dropped network) misses the changes made
  // before the connection: read it again once connected. Already connected, the first read covers them.
  const wasConnected = useRef(connected)
  useEffect(() => {
    if (connected && !wasConnected.current) readAgain(queryClient)
    wasConnected.current = connected
  }, [connected, queryClient])

  // A card changes parent when it changes column: give it the focus back once it is in its new place.
  useEffect(() => {
    const id = focusAfter.current
    if (!id) return
    focusAfter.current = null
    document.querySelector<HTMLElement>(`[data-deal-id="${CSS.escape(id)}"]`)?.focus()
  })

  const data = board.data
  const lifted = drag?.by === 'keyboard' ? drag.placement : null
  const dropAt = drag?.by === 'pointer' ? drag.placement : null
  const shown = data && lifted ? placeDeal(data, lifted) : data
  const stageName = (stageId: string) => data?.columns.find((c) => c.stage.id === stageId)?.stage.name ?? ''
  const dealOf = (dealId: string) => {
    const at = data && locate(data, dealId)
    return at ? data.columns[at.column]?.deals[at.index] : undefined
  }
  const dealName = (dealId: string) => dealOf(dealId)?.name ?? ''

  async function commit(placement: Placement) {
    const { queryKey } = boardQuery()
    const current = queryClient.getQueryData(queryKey)
    if (!current) return
    const at = locate(current, placement.dealId)
    const column = at && current.columns[at.column]
    if (!at || !column) return
    // Dropped where it was: nothing to tell the server.
    if (column.stage.id === placement.stageId && at.index === placement.index) return
    const beforeId = beforeIdAt(current, placement)
    await queryClient.cancelQueries({ queryKey })
    queryClient.setQueryData(queryKey, placeDeal(current, placement))
    try {
      const saved = await moveDeal(placement.dealId, { stageId: placement.stageId, beforeId })
      queryClient.setQueryData(queryKey, (latest) => {
        const where = latest && locate(latest, saved.id)
        return latest && where ? placeDeal(latest, { dealId: saved.id, stageId: saved.stageId, index: where.index }, saved) : latest
      })
      void queryClient.invalidateQueries({ queryKey: dealKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: dealKeys.detail(saved.id) })
      void queryClient.invalidateQueries({ queryKey: dealKeys.activities(saved.id) })
    } catch (error) {
      queryClient.setQueryData(queryKey, current)
      const message = serverErrorText(t, error)
      enqueueSnackbar(t('pipeline.kanban.moveFailed', { message }), { variant: 'error' })
      setAnnouncement(t('pipeline.kanban.moveFailed', { message }))
    }
  }

  function announcePlace(placement: Placement) {
    const column = shownAfter(placement)
    setAnnouncement(
      t('pipeline.kanban.moved', {
        name: dealName(placement.dealId),
        stage: stageName(placement.stageId),
        position: placement.index + 1,
        count: column,
      }),
    )
  }
  /** How many cards the target column holds with the moved deal in it. */
  function shownAfter(placement: Placement) {
    if (!data) return 0
    const column = placeDeal(data, placement).columns.find((c) => c.stage.id === placement.stageId)
    return column?.deals.length ?? 0
  }

  const steps: Record<string, Step> = {
    ArrowUp: 'up',
    ArrowDown: 'down',
    [rtl ? 'ArrowLeft' : 'ArrowRight']: 'forward',
    [rtl ? 'ArrowRight' : 'ArrowLeft']: 'backward',
  }
  /** Moves the lifted deal one step for an arrow key; false for any other key. */
  function stepLifted(event: KeyboardEvent) {
    const step = steps[event.code]
    if (!step) return false
    event.preventDefault()
    const next = data && lifted && stepPlacement(data, lifted, step)
    if (next) {
      setDrag({ dealId: next.dealId, by: 'keyboard', placement: next })
      focusAfter.current = next.dealId
      announcePlace(next)
    }
    return true
  }
  // The board steps a lifted deal by stages and positions, not by pixels.
  const sensors = useDragSensors(stepLifted)

  /** Where a deal dropped on `over` lands: a column and an index, counted without the deal as placeDeal wants. */
  function placementOver(dealId: string, over: Over | null): Placement | null {
    const place = dropPlace(over, dealId, (stageId) => data?.columns.find((c) => c.stage.id === stageId)?.deals.map((d) => d.id))
    return place && { dealId, stageId: place.list, index: place.index }
  }

  function onDragStart({ active, activatorEvent }: DragStartEvent) {
    const dealId = String(active.id)
    const at = data && locate(data, dealId)
    const deal = dealOf(dealId)
    if (!at || !deal) return
    const placement = { dealId, stageId: deal.stageId, index: at.index }
    if (activatorEvent instanceof KeyboardEvent) {
      setDrag({ dealId, by: 'keyboard', placement })
      const liftedText = t('pipeline.kanban.lifted', { name: deal.name, stage: stageName(deal.stageId), position: at.index + 1 })
      afterKeyboardSensorListens(() => setAnnouncement(liftedText))
    } else setDrag({ dealId, by: 'pointer', placement })
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const dealId = String(active.id)
    setDrag(null)
    if (lifted) {
      focusAfter.current = dealId
      setAnnouncement(
        t('pipeline.kanban.dropped', { name: dealName(dealId), stage: stageName(lifted.stageId), position: lifted.index + 1 }),
      )
      void commit(lifted)
      return
    }
    const placement = placementOver(dealId, over)
    if (placement) void commit(placement)
  }

  function onDragCancel() {
    if (lifted) {
      focusAfter.current = lifted.dealId
      setAnnouncement(t('pipeline.kanban.cancelled', { name: dealName(lifted.dealId) }))
    }
    setDrag(null)
  }

  const ghost = drag?.by === 'pointer' ? dealOf(drag.dealId) : undefined

  return (
    <>
      <PageHeader
        title={t('pipeline.kanban.title')}
        action={
          <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/deals/new">
            {t('pipeline.deals.create')}
          </Button>
        }
      />
      <Typography id="kanban-instructions" variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('pipeline.kanban.instructions')}
      </Typography>
      <Box role="status" aria-live="assertive" aria-atomic sx={visuallyHidden}>
        {announcement}
      </Box>
      {board.isError && <Alert severity="error">{serverErrorText(t, board.error)}</Alert>}
      <DndContext
        sensors={sensors}
        collisionDetection={dropTarget}
        accessibility={quietDragAccessibility}
        onDragStart={onDragStart}
        onDragOver={({ active, over }) => {
          if (drag?.by === 'pointer') setDrag({ ...drag, placement: placementOver(String(active.id), over) })
        }}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
      >
        <Stack direction="row" spacing={2} sx={{ overflowX: 'auto', pb: 2, alignItems: 'flex-start', minHeight: 420 }}>
          {board.isPending &&
            [0, 1, 2, 3].map((column) => <Skeleton key={column} variant="rounded" width={290} height={400} sx={{ flexShrink: 0 }} />)}
          {shown?.columns.map((column) => (
            <StageColumn
              key={column.stage.id}
              column={column}
              dropIndex={
                dropAt?.stageId === column.stage.id
                  ? markerPosition(
                      column.deals.map((d) => d.id),
                      dropAt.dealId,
                      dropAt.index,
                    )
                  : null
              }
            >
              {column.deals.map((deal) => (
                <DealCard
                  key={deal.id}
                  deal={deal}
                  lifted={lifted?.dealId === deal.id}
                  dragging={dropAt !== null && drag?.dealId === deal.id}
                  onOpen={() => navigate(`/deals/${deal.id}`)}
                />
              ))}
            </StageColumn>
          ))}
        </Stack>
        <DragGhost>{ghost && <DealCardGhost deal={ghost} />}</DragGhost>
      </DndContext>
    </>
  )
}
