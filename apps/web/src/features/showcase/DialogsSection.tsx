import EventBusyRounded from '@mui/icons-material/EventBusyRounded'
import NoteAddRounded from '@mui/icons-material/NoteAddRounded'
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material'
import { useSnackbar } from 'notistack'
import { type FormEvent, useState } from 'react'
import { useTranslation } from '../../locales/i18n'
import { Section } from './Section'

export function DialogsSection() {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const [open, setOpen] = useState<'confirm' | 'note' | null>(null)
  const [note, setNote] = useState('')
  const close = () => setOpen(null)

  function saveNote(event: FormEvent) {
    event.preventDefault()
    close()
    setNote('')
    enqueueSnackbar(t('gallery.dialogs.noteSaved'), { variant: 'success' })
  }

  return (
    <Section id="dialogs" title={t('gallery.sections.dialogs')} text={t('gallery.dialogs.text')}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="outlined" color="error" startIcon={<EventBusyRounded />} onClick={() => setOpen('confirm')}>
          {t('gallery.dialogs.confirm')}
        </Button>
        <Button variant="outlined" startIcon={<NoteAddRounded />} onClick={() => setOpen('note')}>
          {t('gallery.dialogs.note')}
        </Button>
      </Stack>

      <Dialog
        open={open === 'confirm'}
        onClose={close}
        maxWidth="xs"
        fullWidth
        aria-labelledby="confirm-title"
        aria-describedby="confirm-text"
      >
        <DialogTitle id="confirm-title">{t('gallery.dialogs.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="confirm-text">{t('gallery.dialogs.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} color="inherit" autoFocus>
            {t('gallery.dialogs.keep')}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              close()
              enqueueSnackbar(t('gallery.dialogs.cancelled'), { variant: 'success' })
            }}
          >
            {t('gallery.dialogs.cancelMeeting')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={open === 'note'}
        onClose={close}
        maxWidth="sm"
        fullWidth
        aria-labelledby="note-title"
        slotProps={{ paper: { component: 'form', onSubmit: saveNote } as object }}
      >
        <DialogTitle id="note-title">{t('gallery.dialogs.noteTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            required
            fullWidth
            multiline
            minRows={4}
            label={t('gallery.dialogs.noteLabel')}
            placeholder={t('gallery.inputs.notesPlaceholder')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} color="inherit">
            {t('gallery.dialogs.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={note.trim() === ''}>
            {t('gallery.dialogs.noteSave')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  )
}
