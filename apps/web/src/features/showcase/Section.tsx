import { LAYOUT } from '@closeroom/shared'
import { Card, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'

export const sectionIds = [
  'colors',
  'typography',
  'buttons',
  'inputs',
  'chips',
  'avatars',
  'charts',
  'toasts',
  'dialogs',
  'tables',
] as const
export type SectionId = (typeof sectionIds)[number]

/** One part of the gallery, with an anchor (/components#charts) that clears the sticky header. */
export function Section({
  id,
  title,
  text,
  action,
  children,
}: {
  id: SectionId
  title: string
  text?: ReactNode
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <Card
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2.5, md: 4 }, scrollMarginTop: { xs: LAYOUT.header.mobile + 16, md: LAYOUT.header.mainDesktop + 16 } }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <div>
          <Typography variant="h5" component="h2" id={`${id}-title`}>
            {title}
          </Typography>
          {text && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 720 }}>
              {text}
            </Typography>
          )}
        </div>
        {action}
      </Stack>
      {children}
    </Card>
  )
}

/** A small heading inside a section. */
export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="overline" component="h3" sx={{ display: 'block', color: 'text.secondary', mb: 1.5 }}>
      {children}
    </Typography>
  )
}
