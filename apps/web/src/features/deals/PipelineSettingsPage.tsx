import { type PipelineStage, STAGE_KINDS } from '@closeroom/shared'
import { DndContext, type DragEndEvent, type Over, useDraggable, useDroppable } from '@dnd-kit/core'
import AddRounded from '@mui/icons-material/AddRounded'
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded'
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded'
import { Alert, Box, Button, Card, IconButton, MenuItem, Skeleton, Stack, TextField, Tooltip, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { type ReactNode, useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { DragGhost } from '../../components/DragGhost'
import { DropMarker } from '../../components/DropMarker'
import { FormError } from '../../components/FormError'
import { visuallyHidden } from '../../components/visuallyHidden'
import { quietDragAccessibility, useDragSensors } from '../../lib/dragSensors'
import { type DropData, dropPlace, dropTarget, markerPosition } from '../../lib/dropTarget'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { useStages } from './queries'
import { useStageMutations } from './stageQueries'

/** /admin-settings/deal: the organization's pipeline stages, in board order. */
export default function PipelineSettingsPage() {
  const { t } = useTranslation()
  const stages = useStages()
  const mutations = useStageMutations()
  const { enqueueSnackbar } = useSnackbar()
  const [deleting, setDeleting] = useState<PipelineStage | null>(null)
  /** The stage dragged by its handle and where it would land (counted without it), if over the list. */
  const [dragged, setDragged] = useState<{ id: string; index: number | null } | null>(null)
  const sensors = useDragSensors()
  const [newName, setNewName] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const list = stages.data ?? []
  const error = mutations.create.error ?? mutations.update.error ?? mutations.reorder.error ?? mutations.remove.error

  function move(id: string, to: number) {
    const from = list.findIndex((s) => s.id === id)
    if (from === -1 || to < 0 || to >= list.length || to === from) return
    const ids = list.map((s) => s.id)
    ids.splice(from, 1)
    ids.splice(to, 0, id)
    mutations.reorder.mutate(ids)
    setAnnouncement(t('pipeline.stages.movedTo', { name: list[from]?.name, position: to + 1, count: list.length }))
  }

  const ids = list.map((s) => s.id)
  const dropIndex = (id: string, over: Over | null) => dropPlace(over, id, () => ids)?.index ?? null
  function onDragEnd({ active, over }: DragEndEvent) {
    const index = dropIndex(String(active.id), over)
    if (index !== null) move(String(active.id), index)
    setDragged(null)
  }
  const rows = list.map((stage, index) => (
    <StageRow key={stage.id} stage={stage} dragged={dragged?.id === stage.id}>
      <StageName stage={stage} onRename={(name) => mutations.update.mutate({ id: stage.id, name })} />
      <TextField
        select
        size="small"
        label={t('pipeline.stages.kind')}
        value={stage.kind}
        onChange={(event) => mutations.update.mutate({ id: stage.id, kind: event.target.value as PipelineStage['kind'] })}
        sx={{ width: 130 }}
      >
        {STAGE_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`pipeline.stages.kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={t('pipeline.stages.up')}>
        <span>
          <IconButton
            aria-label={t('pipeline.stages.upNamed', { name: stage.name })}
            disabled={index === 0}
            onClick={() => move(stage.id, index - 1)}
          >
            <ArrowUpwardRounded />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('pipeline.stages.down')}>
        <span>
          <IconButton
            aria-label={t('pipeline.stages.downNamed', { name: stage.name })}
            disabled={index === list.length - 1}
            onClick={() => move(stage.id, index + 1)}
          >
            <ArrowDownwardRounded />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('pipeline.stages.delete')}>
        <span>
          <IconButton
            aria-label={t('pipeline.stages.deleteNamed', { name: stage.name })}
            disabled={list.length <= 1}
            onClick={() => setDeleting(stage)}
          >
            <DeleteOutlineRounded />
          </IconButton>
        </span>
      </Tooltip>
    </StageRow>
  ))
  const ghost = dragged && list.find((s) => s.id === dragged.id)
  if (dragged?.index != null) rows.splice(markerPosition(ids, dragged.id, dragged.index), 0, <DropMarker key="drop-marker" />)

  function add() {
    const name = newName.trim()
    if (!name) return
    mutations.create.mutate(
      { name, kind: 'open' },
      {
        onSuccess: () => {
          setNewName('')
          enqueueSnackbar(t('pipeline.saved'), { variant: 'success' })
        },
      },
    )
  }

  return (
    <Card sx={{ p: 3, maxWidth: 760 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('pipeline.stages.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('pipeline.stages.intro')}
      </Typography>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      <FormError error={error} />
      {stages.isError && <Alert severity="error">{serverErrorText(t, stages.error)}</Alert>}
      {stages.isPending && <Skeleton variant="rounded" height={240} />}
      <DndContext
        sensors={sensors}
        collisionDetection={dropTarget}
        accessibility={quietDragAccessibility}
        onDragStart={({ active }) => setDragged({ id: String(active.id), index: null })}
        onDragOver={({ active, over }) => setDragged({ id: String(active.id), index: dropIndex(String(active.id), over) })}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
      >
        <StageList label={t('pipeline.stages.title')}>{rows}</StageList>
        <DragGhost>{ghost && <StageGhost name={ghost.name} />}</DragGhost>
      </DndContext>
      <Stack
        component="form"
        direction="row"
        spacing={1.5}
        sx={{ mt: 3 }}
        onSubmit={(event) => {
          event.preventDefault()
          add()
        }}
      >
        <TextField
          size="small"
          label={t('pipeline.stages.newName')}
          value={newName}
          onChange={(event) => setNewName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" startIcon={<AddRounded />} disabled={!newName.trim()} loading={mutations.create.isPending}>
          {t('pipeline.stages.add')}
        </Button>
      </Stack>
      <DeleteStageDialog stage={deleting} stages={list} onClose={() => setDeleting(null)} />
    </Card>
  )
}

/** The stages' list, a drop target for the stage rows: past the last row, a drop lands at the end. */
function StageList({ label, children }: { label: string; children: ReactNode }) {
  const data: DropData = { list: 'stages' }
  const { setNodeRef } = useDroppable({ id: 'stages', data })
  return (
    <Stack ref={setNodeRef} component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
      {children}
    </Stack>
  )
}

/**
 * A stage's row, dragged by its handle with the mouse or a finger (the rest of the row holds fields, where a
 * drag selects text). Keyboard users move stages with the up and down buttons.
 */
function StageRow({ stage, dragged, children }: { stage: PipelineStage; dragged: boolean; children: ReactNode }) {
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
      sx={{ alignItems: 'center', p: 1, borderRadius: 1.5, border: 1, borderColor: 'divider', opacity: dragged ? 0.5 : 1 }}
    >
      <Box
        ref={draggable.setActivatorNodeRef}
        {...draggable.listeners}
        aria-hidden
        data-testid="stage-handle"
        // The handle alone drags, so it can keep the page from panning under the finger.
        sx={{ display: 'flex', alignSelf: 'stretch', alignItems: 'center', px: 0.5, cursor: 'grab', touchAction: 'none' }}
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

/** The name saves when the field loses focus or on Enter, so typing does not send a request per letter. */
function StageName({ stage, onRename }: { stage: PipelineStage; onRename: (name: string) => void }) {
  const { t } = useTranslation()
  const [name, setName] = useState(stage.name)
  const [seen, setSeen] = useState(stage.name)
  if (stage.name !== seen) {
    setSeen(stage.name)
    setName(stage.name)
  }
  const commit = () => {
    const trimmed = name.trim()
    if (!trimmed) setName(stage.name)
    else if (trimmed !== stage.name) onRename(trimmed)
  }
  return (
    <TextField
      size="small"
      label={t('pipeline.stages.name')}
      value={name}
      onChange={(event) => setName(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault()
          commit()
        }
      }}
      slotProps={{ htmlInput: { maxLength: 60 } }}
      sx={{ flex: 1 }}
    />
  )
}

function DeleteStageDialog({ stage, stages, onClose }: { stage: PipelineStage | null; stages: PipelineStage[]; onClose: () => void }) {
  const { t } = useTranslation()
  const { remove } = useStageMutations()
  const others = stages.filter((s) => s.id !== stage?.id)
  const [moveTo, setMoveTo] = useState('')
  const target = moveTo || others[0]?.id || ''
  return (
    <ConfirmDialog
      open={!!stage}
      title={t('pipeline.stages.deleteTitle', { name: stage?.name ?? '' })}
      text={t('pipeline.stages.deleteText')}
      confirmLabel={t('pipeline.stages.delete')}
      cancelLabel={t('pipeline.cancel')}
      color="error"
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() => stage && remove.mutate({ id: stage.id, moveTo: target || undefined }, { onSuccess: onClose })}
    >
      <TextField select fullWidth label={t('pipeline.stages.moveTo')} value={target} onChange={(event) => setMoveTo(event.target.value)}>
        {others.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
    </ConfirmDialog>
  )
}
