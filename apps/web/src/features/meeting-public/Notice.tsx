import { Box, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { surface } from '../../components/public/surface'

/**
 * A centred message in the page's frame: waiting in the lobby, full, refused, left. Apart from the call
 * (CallView.tsx), which the lobby loads only once it is needed, so the server-rendered lobby does not carry it.
 */
export function Notice({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <Box sx={{ ...surface, maxWidth: 520, mx: 'auto', mt: { xs: 2, md: 8 }, p: { xs: 3, md: 5 }, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" sx={{ mb: hint ? 1 : 3 }}>
        {title}
      </Typography>
      {hint && <Typography sx={{ color: 'text.secondary', mb: 3 }}>{hint}</Typography>}
      {children}
    </Box>
  )
}
