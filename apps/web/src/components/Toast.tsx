import { styled } from '@mui/material/styles'
import { MaterialDesignContent } from 'notistack'

/**
 * notistack's own colours put white on a light green, orange and blue (about 3:1, below WCAG's 4.5:1); the
 * theme's main shades carry their text in both modes, so toasts take those.
 */
export const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main, color: theme.palette.success.contrastText },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main, color: theme.palette.error.contrastText },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main, color: theme.palette.warning.contrastText },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main, color: theme.palette.info.contrastText },
}))

export const TOAST_COMPONENTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast }
