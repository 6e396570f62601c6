import type { Agreement, FieldType } from '@closeroom/shared'
import { DndContext, type DragEndEvent, type DragMoveEvent, pointerWithin } from '@dnd-kit/core'
import SendRounded from '@mui/icons-material/SendRounded'
import { Alert, Box, Button, Chip, Grid, Stack, TextField, Typography, useTheme } from '@mui/material'
import { useSnackbar } from 'notistack'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { DragGhost } from '../../../components/DragGhost'
import { type PdfPageBox, PdfPages } from '../../../components/pdf/PdfPages'
import { visuallyHidden } from '../../../components/visuallyHidden'
import { quietDragAccessibility, useDragSensors } from '../../../lib/dragSensors'
import { serverErrorText } from '../../../lib/errorText'
import { currentLanguage, useTranslation } from '../../../locales/i18n'
import { Panel } from '../Panel'
import { useSaveAsTemplate, useSendAgreement, useUpdateAgreement } from '../queries'
import { AgreementStatusChip, TemplateChip } from '../StatusChips'
import { recipientColour } from './colours'
import { DeleteDraftButton } from './DeleteDraftButton'
import { type Draft, draftOf, type FieldDraft, fillsFields, updateOf, withoutRecipient, withRecipient, withRecipientMoved } from './draft'
import { FieldBox, type FieldDrag, fieldLook } from './FieldBox'
import { FieldPalette, type PaletteDrag } from './FieldPalette'
import { FieldProperties } from './FieldProperties'
import { type PageDrop, PageFields } from './PageFields'
import { defaultSize, fractionsOf, onPage, type Place, placeAfterKey, placeFromRect, resizeBy } from './placement'
import { RecipientsEditor } from './RecipientsEditor'
import { SettingsEditor } from './SettingsEditor'

type Drag = PaletteDrag | FieldDrag
const newKey = () => crypto.randomUUID()

/** A draft agreement: fields placed on its pages, its recipients and settings, saved on demand, then sent. */
export function AgreementEditor({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation()
  const theme = useTheme()
  const { enqueueSnackbar } = useSnackbar()
  const [draft, setDraft] = useState(() => draftOf(agreement))
  const [dirty, setDirty] = useState(false)
  const latest = useRef(draft)
  latest.current = draft
  const [selected, setSelected] = useState<string | null>(null)
  const [forKey, setForKey] = useState<string | null>(null)
  const [resizing, setResizing] = useState<{ key: string; place: Place } | null>(null)
  const [dragging, setDragging] = useState<Drag | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [confirming, setConfirming] = useState(false)
  const pageBoxes = useRef(new Map<number, PdfPageBox>())
  const focusNext = useRef<string | null>(null)
  const save = useUpdateAgreement(agreement.id)
  const send = useSendAgreement(agreement.id)
  const saveTemplate = useSaveAsTemplate(agreement.id)
  const sensors = useDragSensors()

  const signers = draft.recipients.filter((recipient) => fillsFields(recipient.role))
  const current = signers.find((signer) => signer.key === forKey)?.key ?? signers[0]?.key ?? null
  const indexOf = (key: string) => draft.recipients.findIndex((recipient) => recipient.key === key)
  const nameOf = (key: string) => {
    const recipient = draft.recipients[indexOf(key)]
    return recipient?.name || recipient?.email || t('agreements.editor.unnamed')
  }
  const selectedField = draft.fields.find((field) => field.key === selected)
  const pageCount = agreement.pages.length

  function change(next: (draft: Draft) => Draft) {
    setDraft(next)
    setDirty(true)
  }
  const changeField = (key: string, patch: Partial<FieldDraft>) =>
    change((d) => ({ ...d, fields: d.fields.map((field) => (field.key === key ? { ...field, ...patch } : field)) }))
  const removeField = (key: string) => {
    change((d) => ({ ...d, fields: d.fields.filter((field) => field.key !== key) }))
    setSelected(null)
  }

  function announce(field: FieldDraft, place: Place = field) {
    const percent = (fraction: number) => Math.round(fraction * 100)
    setAnnouncement(
      t('agreements.editor.placed', {
        type: t(`agreements.fieldTypes.${field.type}`),
        page: field.page,
        x: percent(place.x),
        y: percent(place.y),
        width: percent(place.width),
        height: percent(place.height),
      }),
    )
  }

  function addField(type: FieldType, page: number, place: Place) {
    if (!current) return
    const field: FieldDraft = { key: newKey(), recipientKey: current, type, page, required: type !== 'checkbox', ...place }
    change((d) => ({ ...d, fields: [...d.fields, field] }))
    setSelected(field.key)
    focusNext.current = field.key
    announce(field)
  }

  /** A field added by pressing its palette button: on the selected field's page, under the fields already there. */
  function addByPress(type: FieldType) {
    const page = selectedField?.page ?? 1
    const onThatPage = draft.fields.filter((field) => field.page === page).length
    addField(type, page, onPage({ x: 0.1, y: 0.1 + 0.05 * (onThatPage % 16), ...defaultSize(type) }))
  }

  // Closing or reloading the tab with unsaved fields asks first: placing them again is tedious.
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  useEffect(() => {
    const key = focusNext.current
    if (!key) return
    focusNext.current = null
    document.querySelector<HTMLElement>(`[data-field="${key}"]`)?.focus()
  })

  function onFieldKey(field: FieldDraft, event: KeyboardEvent) {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      return removeField(field.key)
    }
    if (event.key === 'PageUp' || event.key === 'PageDown') {
      const page = field.page + (event.key === 'PageUp' ? -1 : 1)
      event.preventDefault()
      if (page < 1 || page > pageCount) return
      changeField(field.key, { page })
      focusNext.current = field.key
      return announce({ ...field, page })
    }
    const place = placeAfterKey(field, event.key, event.shiftKey)
    if (!place) return
    event.preventDefault()
    changeField(field.key, place)
    announce(field, place)
  }

  function onDragMove({ active, delta }: DragMoveEvent) {
    const drag = active.data.current as Drag | undefined
    if (drag?.kind !== 'resize') return
    const field = latest.current.fields.find((candidate) => candidate.key === drag.key)
    const box = field && pageBoxes.current.get(field.page)
    if (!field || !box) return
    const { dx, dy } = fractionsOf(delta, box)
    setResizing({ key: field.key, place: resizeBy(field, dx, dy) })
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const drag = active.data.current as Drag | undefined
    setDragging(null)
    setResizing(null)
    if (drag?.kind === 'resize') {
      if (resizing && resizing.key === drag.key) {
        changeField(drag.key, resizing.place)
        const field = draft.fields.find((candidate) => candidate.key === drag.key)
        if (field) announce(field, resizing.place)
      }
      return
    }
    const page = (over?.data.current as PageDrop | undefined)?.page
    const rect = active.rect.current.translated
    if (!drag || !over || !page || !rect) return
    if (drag.kind === 'new') return addField(drag.type, page, placeFromRect(rect, over.rect, defaultSize(drag.type)))
    const field = draft.fields.find((candidate) => candidate.key === drag.key)
    if (!field) return
    const place = placeFromRect(rect, over.rect, field)
    changeField(field.key, { page, ...place })
    setSelected(field.key)
    announce({ ...field, page }, place)
  }

  function saveDraft() {
    const saving = draft
    return save.mutateAsync(updateOf(saving)).then(() => {
      if (latest.current === saving) setDirty(false)
    })
  }

  async function sendNow() {
    if (dirty) await saveDraft()
    // The page turns into the agreement's progress, its status "Sent": that says it.
    await send.mutateAsync()
  }

  const failure = save.error ?? saveTemplate.error
  const ghostField = dragging?.kind === 'move' ? draft.fields.find((field) => field.key === dragging.key) : undefined
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      accessibility={quietDragAccessibility}
      onDragStart={({ active }) => {
        const drag = active.data.current as Drag | undefined
        setDragging(drag ?? null)
        if (drag?.kind === 'move' || drag?.kind === 'resize') setSelected(drag.key)
      }}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setDragging(null)
        setResizing(null)
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" dir="auto" sx={{ flex: 1, minWidth: 240, overflowWrap: 'anywhere' }}>
          {draft.title || agreement.title}
        </Typography>
        {agreement.template ? <TemplateChip /> : <AgreementStatusChip status={agreement.status} />}
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', minWidth: 100 }}>
          {dirty ? t('agreements.editor.unsaved') : save.isSuccess ? t('agreements.editor.saved') : ''}
        </Typography>
        <DeleteDraftButton id={agreement.id} title={agreement.title} template={agreement.template} />
        <Button variant="outlined" onClick={() => void saveDraft().catch(() => undefined)} disabled={!dirty} loading={save.isPending}>
          {t('agreements.editor.save')}
        </Button>
        {!agreement.template && (
          <Button variant="contained" startIcon={<SendRounded />} onClick={() => setConfirming(true)}>
            {t('agreements.editor.send')}
          </Button>
        )}
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {serverErrorText(t, failure)}
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          <PdfPages
            url={agreement.documentUrl}
            overlay={(box) => {
              pageBoxes.current.set(box.number, box)
              return (
                <PageFields page={box.number}>
                  {draft.fields
                    .filter((field) => field.page === box.number)
                    .map((field) => (
                      <FieldBox
                        key={field.key}
                        field={field}
                        place={resizing?.key === field.key ? resizing.place : field}
                        colour={recipientColour(theme, indexOf(field.recipientKey))}
                        recipientName={nameOf(field.recipientKey)}
                        selected={selected === field.key}
                        onSelect={() => setSelected(field.key)}
                        onKey={(event) => onFieldKey(field, event)}
                      />
                    ))}
                </PageFields>
              )
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <Stack
            spacing={3}
            sx={{
              // The panels stay in reach beside a long document, scrolling on their own when they are taller than the window.
              position: { md: 'sticky' },
              top: { md: 88 },
              maxHeight: { md: 'calc(100vh - 104px)' },
              overflowY: { md: 'auto' },
              '& > *': { flexShrink: 0 },
            }}
          >
            <Panel id="agreement-fields" title={t('agreements.editor.fields')}>
              <FieldPalette signers={signers} recipientKey={current} onRecipient={setForKey} onAdd={addByPress} />
              {selectedField && (
                <Box sx={{ mt: 3 }}>
                  <FieldProperties
                    field={selectedField}
                    signers={signers}
                    onChange={(patch) => changeField(selectedField.key, patch)}
                    onRemove={() => removeField(selectedField.key)}
                  />
                </Box>
              )}
            </Panel>
            <Panel id="agreement-recipients" title={t('agreements.editor.recipients')}>
              <RecipientsEditor
                recipients={draft.recipients}
                signingOrder={draft.signingOrder}
                template={agreement.template}
                onOrder={(signingOrder) => change((d) => ({ ...d, signingOrder }))}
                onAdd={() =>
                  change((d) => ({
                    ...d,
                    recipients: [
                      ...d.recipients,
                      { key: newKey(), name: '', email: '', role: 'signer', placeholder: null, language: currentLanguage() },
                    ],
                  }))
                }
                onChange={(key, patch) => change((d) => withRecipient(d, key, patch))}
                onMove={(key, by) => change((d) => withRecipientMoved(d, key, by))}
                onRemove={(key) => change((d) => withoutRecipient(d, key))}
              />
            </Panel>
            <Panel id="agreement-settings" title={t('agreements.editor.settings')}>
              <TextField
                fullWidth
                size="small"
                label={t('agreements.editor.title')}
                value={draft.title}
                onChange={(event) => change((d) => ({ ...d, title: event.target.value }))}
                slotProps={{ htmlInput: { maxLength: 200, dir: 'auto' } }}
                sx={{ mb: 2 }}
              />
              <SettingsEditor
                expiresAt={draft.expiresAt}
                reminderEveryDays={draft.reminderEveryDays}
                onExpires={(expiresAt) => change((d) => ({ ...d, expiresAt }))}
                onReminders={(reminderEveryDays) => change((d) => ({ ...d, reminderEveryDays }))}
              />
              {!agreement.template && (
                <Button
                  sx={{ mt: 2 }}
                  onClick={() =>
                    void saveTemplate
                      .mutateAsync({ title: draft.title })
                      .then(() => enqueueSnackbar(t('agreements.editor.templateSaved'), { variant: 'success' }))
                      .catch(() => undefined)
                  }
                  disabled={dirty}
                  loading={saveTemplate.isPending}
                >
                  {t('agreements.editor.saveTemplate')}
                </Button>
              )}
            </Panel>
          </Stack>
        </Grid>
      </Grid>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      <DragGhost>
        {dragging?.kind === 'new' ? (
          <Chip color="primary" label={t(`agreements.fieldTypes.${dragging.type}`)} />
        ) : (
          ghostField && (
            <Box
              sx={{
                ...fieldLook(recipientColour(theme, indexOf(ghostField.recipientKey)), true, ghostField.required),
                width: 1,
                height: 1,
              }}
            >
              {t(`agreements.fieldTypes.${ghostField.type}`)}
            </Box>
          )
        )}
      </DragGhost>
      <ConfirmDialog
        open={confirming}
        title={t('agreements.editor.sendTitle')}
        text={draft.signingOrder === 'sequential' ? t('agreements.editor.sendSequential') : t('agreements.editor.sendParallel')}
        confirmLabel={t('agreements.editor.send')}
        cancelLabel={t('agreements.cancel')}
        color="warning"
        pending={save.isPending || send.isPending}
        error={send.error ? serverErrorText(t, send.error) : save.error ? serverErrorText(t, save.error) : null}
        onClose={() => {
          setConfirming(false)
          send.reset()
        }}
        onConfirm={() => void sendNow().catch(() => undefined)}
      />
    </DndContext>
  )
}
