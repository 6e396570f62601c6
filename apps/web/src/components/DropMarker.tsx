import { Box } from '@mui/material'

/** The line in a list where a dragged item would land. */
export function DropMarker() {
  return (
    <Box component="li" aria-hidden data-testid="drop-marker" sx={{ height: 4, borderRadius: 2, bgcolor: 'primary.main', flexShrink: 0 }} />
  )
}
