import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Button } from '@mui/material'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { serverErrorText } from '../../../lib/errorText'
import { useTranslation } from '../../../locales/i18n'
import { useDeleteAgreement } from '../queries'

/** A draft or a template deleted for good, after a confirmation; the list opens. */
export function DeleteDraftButton({ id, title, template }: { id: string; title: string; template: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const remove = useDeleteAgreement(id)
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button color="error" startIcon={<DeleteOutlineRounded />} onClick={() => setOpen(true)}>
        {t('agreements.editor.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        title={template ? t('agreements.editor.deleteTemplateTitle') : t('agreements.editor.deleteTitle')}
        text={t('agreements.editor.deleteText', { title })}
        confirmLabel={t('agreements.editor.delete')}
        cancelLabel={t('agreements.cancel')}
        color="error"
        pending={remove.isPending}
        error={remove.error ? serverErrorText(t, remove.error) : null}
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate(template ? '/agreements?view=templates' : '/agreements') })}
      />
    </>
  )
}
