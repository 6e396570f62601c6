import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material'
import { type ReactNode, useId } from 'react'
import { FormError } from './FormError'

type Props = {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  cancelLabel: string
  /**
   * error for what cannot be undone, warning for what breaks something shared (an old link), primary for a
   * commitment the person makes on purpose (signing an agreement).
   */
  color: 'error' | 'warning' | 'primary'
  pending: boolean
  /** The refusal when the action failed: the dialog stays open with it, translated. */
  error?: unknown
  onConfirm: () => void
  onClose: () => void
  /** A choice the action needs, such as where a deleted stage's deals go. */
  children?: ReactNode
}

/** "Are you sure?" before an action that cannot be taken back (deleting, revoking, signing), named by its title. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  color,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: Props) {
  const titleId = useId()
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <FormError error={error} />
        <DialogContentText sx={{ mb: children ? 2 : 0 }}>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button color={color} variant="contained" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
