import { DragOverlay } from '@dnd-kit/core'
import { Box, useTheme } from '@mui/material'
import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'

/**
 * What follows the mouse or the finger during a drag, above the app bar and dialogs. It sits on the page's
 * body: a transformed ancestor would shift a fixed element. No drop animation: the dropped item is already
 * drawn in its new place.
 */
export function DragGhost({ children }: { children: ReactNode }) {
  const theme = useTheme()
  return createPortal(
    <DragOverlay dropAnimation={null} zIndex={theme.zIndex.tooltip}>
      {children && (
        <Box data-testid="drag-ghost" aria-hidden sx={{ cursor: 'grabbing' }}>
          {children}
        </Box>
      )}
    </DragOverlay>,
    document.body,
  )
}
