import { useDroppable } from '@dnd-kit/core'
import { Box } from '@mui/material'
import type { ReactNode } from 'react'

export type PageDrop = { page: number }

/** A page's field layer, where a field from the palette or from another page can land. */
export function PageFields({ page, children }: { page: number; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `page:${page}`, data: { page } satisfies PageDrop })
  return (
    <Box
      ref={setNodeRef}
      data-page-fields={page}
      data-drop-target={isOver || undefined}
      sx={{ position: 'absolute', inset: 0, outline: isOver ? 2 : 0, outlineColor: 'primary.main', outlineStyle: 'dashed' }}
    >
      {children}
    </Box>
  )
}
