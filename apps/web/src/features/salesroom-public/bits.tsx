import { Box, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { surface } from '../../components/public/surface'

/** One part of the room, on a card of its own, named by its heading. */
export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ ...surface, p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" id={id} sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

/** "Bea · Due 15 Jan": each part keeps its own direction, so a Latin name beside an Arabic date stays in order. */
export function Parts({ parts }: { parts: (string | null | false | undefined)[] }) {
  return parts
    .filter((part): part is string => !!part)
    .map((part, index) => (
      <span key={part}>
        {index > 0 && ' · '}
        <bdi>{part}</bdi>
      </span>
    ))
}

/**
 * One message of a room's chat, the reader's own on the end side: who and when above the text, which keeps
 * its own direction and line breaks and is never read as HTML.
 */
export function ChatBubble({ author, when, body, mine, id }: { author: string; when: string; body: string; mine: boolean; id?: string }) {
  return (
    <Box id={id} sx={{ justifySelf: mine ? 'end' : 'start', maxWidth: '85%' }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', textAlign: mine ? 'end' : 'start' }}>
        <bdi>{author}</bdi> · <bdi>{when}</bdi>
      </Typography>
      <Typography
        dir="auto"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          px: 1.5,
          py: 1,
          borderRadius: 1.5,
          bgcolor: mine ? 'primary.main' : 'action.selected',
          color: mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        {body}
      </Typography>
    </Box>
  )
}
