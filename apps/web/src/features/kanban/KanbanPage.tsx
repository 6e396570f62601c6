import { type Board, DealSummary, type PipelineStage } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import { Alert, Box, Button, Skeleton, Stack, Typography, useTheme } from '@mui/material'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useSnackbar } from 'notistack'
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { z } from 'zod'
import { useSocket } from '../../app/SocketProvider'
import { PageHeader } from '../../components/PageHeader'
import { visuallyHidden } from '../../components/visuallyHidden'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { dealKeys, moveDeal, useBoard } from '../deals/queries'
import { dealsChangedEvent, usePipelineToasts } from '../deals/realtime'
import { beforeIdAt, locate, type Placement, placeDeal } from './board'
import { DealCard } from './DealCard'
import { StageColumn } from './StageColumn'

const DealsChanged = z.union([z.object({ deal: DealSummary }), z.object({ deletedId: z.string() })])

/** The board and the deals lists, downloaded again. */
const readAgain = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: dealKeys.board() })
  void queryClient.invalidateQueries({ queryKey: dealKeys.lists() })
}

/**
 * /kanban: one column per stage. A deal moves with the mouse (drag and drop) or the keyboard (Space picks it
 * up, arrows move it, Space drops, Escape puts it back); the board shows the move at once and goes back if
 * the server refuses. Teammates' changes arrive through `deals-changed`.
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
  /** A deal lifted with the keyboard and where it would land. */
  const [lifted, setLifted] = useState<Placement | null>(null)
  /** Where a dragged deal would land under the pointer. */
  const [dragOver, setDragOver] = useState<Placement | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const focusAfter = useRef<string | null>(null)

  useEffect(() => {
    if (!socket) return
    const onChanged = (payload: unknown) => {
      if (DealsChanged.safeParse(payload).success) readAgain(queryClient)
    }
    socket.on(dealsChangedEvent, onChanged)
    return () => {
      socket.off(dealsChangedEvent, onChanged)
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
  const shown = data && lifted ? placeDeal(data, lifted) : data
  const stageName = (stageId: string) => data?.columns.find((c) => c.stage.id === stageId)?.stage.name ?? ''
  const dealName = (dealId: string) => {
    const at = data && locate(data, dealId)
    return at ? (data.columns[at.column]?.deals[at.index]?.name ?? '') : ''
  }

  async function commit(placement: Placement) {
    const current = queryClient.getQueryData<Board>(dealKeys.board())
    if (!current) return
    const at = locate(current, placement.dealId)
    const column = at && current.columns[at.column]
    if (!at || !column) return
    // Dropped where it was: nothing to tell the server.
    if (column.stage.id === placement.stageId && at.index === placement.index) return
    const beforeId = beforeIdAt(current, placement)
    await queryClient.cancelQueries({ queryKey: dealKeys.board() })
    queryClient.setQueryData<Board>(dealKeys.board(), placeDeal(current, placement))
    try {
      const saved = await moveDeal(placement.dealId, { stageId: placement.stageId, beforeId })
      queryClient.setQueryData<Board>(dealKeys.board(), (latest) => {
        const where = latest && locate(latest, saved.id)
        return latest && where ? placeDeal(latest, { dealId: saved.id, stageId: saved.stageId, index: where.index }, saved) : latest
      })
      void queryClient.invalidateQueries({ queryKey: dealKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: dealKeys.detail(saved.id) })
      void queryClient.invalidateQueries({ queryKey: dealKeys.activities(saved.id) })
    } catch (error) {
      queryClient.setQueryData<Board>(dealKeys.board(), current)
      const message = error instanceof Error ? serverErrorText(t, error.message) : t('errors.generic')
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

  function onCardKeyDown(event: KeyboardEvent, deal: DealSummary) {
    if (!data) return
    if (!lifted) {
      if (event.key === ' ') {
        event.preventDefault()
        const at = locate(data, deal.id)
        if (!at) return
        setLifted({ dealId: deal.id, stageId: deal.stageId, index: at.index })
        setAnnouncement(t('pipeline.kanban.lifted', { name: deal.name, stage: stageName(deal.stageId), position: at.index + 1 }))
      } else if (event.key === 'Enter') {
        navigate(`/deals/${deal.id}`)
      }
      return
    }
    if (lifted.dealId !== deal.id) return
    const columns = data.columns
    const columnIndex = columns.findIndex((c) => c.stage.id === lifted.stageId)
    const others = (stageId: string) => columns.find((c) => c.stage.id === stageId)?.deals.filter((d) => d.id !== deal.id).length ?? 0
    let next: Placement | null = null
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft'
    switch (event.key) {
      case 'ArrowUp':
        next = { ...lifted, index: Math.max(0, lifted.index - 1) }
        break
      case 'ArrowDown':
        next = { ...lifted, index: Math.min(others(lifted.stageId), lifted.index + 1) }
        break
      case forward:
      case backward: {
        const target = columns[columnIndex + (event.key === forward ? 1 : -1)]
        if (target) next = { ...lifted, stageId: target.stage.id, index: Math.min(lifted.index, others(target.stage.id)) }
        break
      }
      case ' ':
      case 'Enter': {
        event.preventDefault()
        setLifted(null)
        focusAfter.current = deal.id
        setAnnouncement(t('pipeline.kanban.dropped', { name: deal.name, stage: stageName(lifted.stageId), position: lifted.index + 1 }))
        void commit(lifted)
        return
      }
      case 'Escape':
      case 'Tab': {
        if (event.key === 'Escape') event.preventDefault()
        setLifted(null)
        focusAfter.current = deal.id
        setAnnouncement(t('pipeline.kanban.cancelled', { name: deal.name }))
        return
      }
      default:
        return
    }
    event.preventDefault()
    if (next && (next.stageId !== lifted.stageId || next.index !== lifted.index)) {
      setLifted(next)
      focusAfter.current = deal.id
      announcePlace(next)
    }
  }

  function onDragOverColumn(event: DragEvent, stage: PipelineStage, list: HTMLElement | null) {
    const dealId = dragOver?.dealId
    if (!dealId) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'move'
    const cards = [...(list?.querySelectorAll<HTMLElement>('[data-deal-id]') ?? [])].filter((card) => card.dataset.dealId !== dealId)
    const index = cards.findIndex((card) => {
      const box = card.getBoundingClientRect()
      return event.clientY < box.top + box.height / 2
    })
    const placement = { dealId, stageId: stage.id, index: index === -1 ? cards.length : index }
    if (placement.stageId !== dragOver.stageId || placement.index !== dragOver.index) setDragOver(placement)
  }

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
      {board.isError && <Alert severity="error">{serverErrorText(t, board.error.message)}</Alert>}
      <Stack direction="row" spacing={2} sx={{ overflowX: 'auto', pb: 2, alignItems: 'flex-start', minHeight: 420 }}>
        {board.isPending &&
          [0, 1, 2, 3].map((column) => <Skeleton key={column} variant="rounded" width={290} height={400} sx={{ flexShrink: 0 }} />)}
        {shown?.columns.map((column) => (
          <StageColumn
            key={column.stage.id}
            column={column}
            dropIndex={dragOver?.stageId === column.stage.id ? dragOver.index : null}
            onDragOver={onDragOverColumn}
            onDragLeave={() => setDragOver((over) => (over && over.stageId === column.stage.id ? { ...over, stageId: '' } : over))}
            onDrop={(event) => {
              event.preventDefault()
              if (dragOver?.stageId) void commit(dragOver)
              setDragOver(null)
            }}
          >
            {column.deals.map((deal) => (
              <DealCard
                key={deal.id}
                deal={deal}
                lifted={lifted?.dealId === deal.id}
                dragging={dragOver?.dealId === deal.id}
                onKeyDown={(event) => onCardKeyDown(event, deal)}
                onOpen={() => navigate(`/deals/${deal.id}`)}
                onDragStart={(event) => {
                  event.dataTransfer.setData('text/plain', deal.id)
                  event.dataTransfer.effectAllowed = 'move'
                  const at = data && locate(data, deal.id)
                  setDragOver({ dealId: deal.id, stageId: deal.stageId, index: at?.index ?? 0 })
                }}
                onDragEnd={() => setDragOver(null)}
              />
            ))}
          </StageColumn>
        ))}
      </Stack>
    </>
  )
}
