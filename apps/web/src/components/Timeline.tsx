import { Avatar, Box, Stack } from '@mui/material'
import type { ReactElement, ReactNode } from 'react'

export interface TimelineEntry {
  key: string
  icon: ReactElement
  /** A palette colour: its main shade fills the icon's disc. */
  colour: string
  content: ReactNode
}

/**
 * A history, newest first: a coloured disc per entry, joined by a line down to the next. The row's gap (not Stack's
 * `spacing`, which puts a margin on every child but the first) keeps the last disc, which has no line before it, in
 * the same column as the others.
 */
export function Timeline({ entries, label, maxHeight }: { entries: TimelineEntry[]; label: string; maxHeight: number }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, maxHeight, overflowY: 'auto' }} aria-label={label} tabIndex={0}>
      {entries.map((entry, index) => (
        <Stack key={entry.key} component="li" direction="row" sx={{ position: 'relative', pb: 2, gap: 1.5 }}>
          {index < entries.length - 1 && (
            <Box aria-hidden sx={{ position: 'absolute', insetInlineStart: 15, top: 34, bottom: 2, width: 2, bgcolor: 'divider' }} />
          )}
          <Avatar sx={{ width: 32, height: 32, bgcolor: `${entry.colour}.main`, color: `${entry.colour}.contrastText` }} aria-hidden>
            {entry.icon}
          </Avatar>
          <Box sx={{ minWidth: 0, pt: 0.5 }}>{entry.content}</Box>
        </Stack>
      ))}
    </Box>
  )
}
