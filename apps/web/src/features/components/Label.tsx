import { Box } from '@mui/material'
import { alpha } from '@mui/material/styles'
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
          color: tone ? (dark ? tone.light : tone.dark) : 'text.secondary',
          bgcolor: tone ? alpha(tone.main, 0.16) : alpha(theme.palette.grey[500], 0.16),
        }
      }}
    >
      {children}
    </Box>
  )
}
