import { type PipelineStage, STAGE_KINDS } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded'
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Alert, Box, Button, Card, IconButton, MenuItem, Skeleton, Stack, TextField, Tooltip, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { FormError } from '../../components/FormError'
import { moved, SortableList } from '../../components/SortableList'
import { visuallyHidden } from '../../components/visuallyHidden'
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
  const [newName, setNewName] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const list = stages.data ?? []
  const error = mutations.create.error ?? mutations.update.error ?? mutations.reorder.error ?? mutations.remove.error

  /** Puts a stage at `to`; the new position is said even when it is the old one (a keyboard drop in place). */
  function move(id: string, to: number) {
    const from = list.findIndex((s) => s.id === id)
    if (from === -1 || to < 0 || to >= list.length) return
    const ids = list.map((s) => s.id)
    if (to !== from) mutations.reorder.mutate(moved(ids, id, to))
    setAnnouncement(t('pipeline.stages.movedTo', { name: list[from]?.name, position: to + 1, count: list.length }))
  }

  const fields = (stage: PipelineStage, index: number) => (
    <>
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
      {/* The buttons move a stage in one press, for those who cannot hold a drag (switch and voice control). */}
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
    </>
  )

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
      <Box role="status" aria-live="assertive" aria-atomic sx={visuallyHidden}>
        {announcement}
      </Box>
      <FormError error={error} />
      {stages.isError && <Alert severity="error">{serverErrorText(t, stages.error)}</Alert>}
      {stages.isPending && <Skeleton variant="rounded" height={240} />}
      <SortableList
        items={list}
        kind="stage"
        texts="pipeline.stages"
        label={t('pipeline.stages.title')}
        onMove={move}
        announce={setAnnouncement}
      >
        {fields}
      </SortableList>
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
