import { Box } from '@mui/material'
import { alpha, darken, lighten } from '@mui/material/styles'
import type { ReactNode } from 'react'

export type LabelColour = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error'

/** A soft, compact badge for a state (a deal's stage, an invoice's status): tinted background, strong text. */
export function Label({ colour = 'default', children }: { colour?: LabelColour; children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={(theme) => {
        const dark = theme.palette.mode === 'dark'
        const tone = colour === 'default' ? null : theme.palette[colour]
        return {
          display: 'inline-flex',
          alignItems: 'center',
          height: 24,
          px: 1,
          borderRadius: '6px',
          typography: 'caption',
          fontWeight: 700,
          whiteSpace: 'nowrap',
          // Half way to white or black from the colour: at least 4.5:1 on its tint for every palette colour.
          color: tone
            ? dark
              ? lighten(tone.main, 0.5)
              : darken(tone.main, 0.5)
            : dark
              ? theme.palette.grey[300]
              : theme.palette.grey[700],
          bgcolor: tone ? alpha(tone.main, 0.16) : alpha(theme.palette.grey[500], 0.16),
        }
      }}
    >
      {children}
    </Box>
  )
}
