import { Typography } from '@mui/material'
import type { ReactNode } from 'react'

/**
 * A message's words in a bubble: the reader's own in the primary colour, others' in grey (700 in dark mode, which
 * stands out from the dark paper where 800 hardly did). `dir="auto"` lets each message read in its own direction.
 */
export function Bubble({ mine, children }: { mine: boolean; children: ReactNode }) {
  return (
    <Typography
      dir="auto"
      sx={(theme) => ({
        px: 1.5,
        py: 1,
        borderRadius: 2,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        bgcolor: mine ? 'primary.main' : theme.palette.mode === 'dark' ? 'grey.700' : 'grey.200',
        color: mine ? 'primary.contrastText' : 'text.primary',
      })}
    >
      {children}
    </Typography>
  )
}
