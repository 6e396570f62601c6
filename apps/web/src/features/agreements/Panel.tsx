import { Card, CardContent, CardHeader } from '@mui/material'
import type { ReactNode } from 'react'

/** A titled card of the agreement's page; `id` names its heading for the section's label. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardHeader title={title} slotProps={{ title: { id, component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  )
}
