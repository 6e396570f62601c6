import { Box, Link, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { FileTypeIcon } from './FileTypeIcon'

type Props = {
  url: string
  contentType: string
  /** The link's words for screen readers, naming the file ("Open Pricing.pdf"). */
  openLabel: string
  /** The link's text: the file's name or the title the seller gave it. */
  title: ReactNode
  /** The line under it: size, type, the file's own name. */
  details: ReactNode
  /** The row's buttons (rename, delete). */
  children: ReactNode
}

/** A stored file in a list: its type's icon, a link that opens it in a new tab, a line of details, then buttons. */
export function FileRow({ url, contentType, openLabel, title, details, children }: Props) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <FileTypeIcon contentType={contentType} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={openLabel}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          dir="auto"
        >
          {title}
        </Link>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {details}
        </Typography>
      </Box>
      {children}
    </Stack>
  )
}
