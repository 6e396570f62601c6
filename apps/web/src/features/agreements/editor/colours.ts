import type { Theme } from '@mui/material'

const hues = ['primary', 'info', 'success', 'warning', 'error', 'secondary'] as const

/**
 * The colour of the n-th recipient's fields and chip, the same on the page, in the palette and in the list. Pages
 * are white in dark mode too, so field text is always dark.
 */
export function recipientColour(theme: Theme, index: number): string {
  return theme.palette[hues[Math.max(0, index) % hues.length] ?? 'primary'].main
}
