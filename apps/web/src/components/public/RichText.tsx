import { Box } from '@mui/material'

/** How a post's body reads, in the editor and on its pages: the sanitised tags the server keeps, styled once. */
export const richTextSx = {
  fontSize: { xs: 16, md: 17 },
  lineHeight: 1.75,
  overflowWrap: 'anywhere',
  '& > :first-of-type': { mt: 0 },
  '& p': { my: 1.5 },
  '& h2': { typography: 'h4', mt: 4, mb: 1.5 },
  '& h3': { typography: 'h5', mt: 3, mb: 1 },
  '& h4': { typography: 'h6', mt: 2.5, mb: 1 },
  '& ul, & ol': { pl: 3.5, my: 1.5 },
  '& li > p': { my: 0.5 },
  '& a': { color: 'primary.main', textDecoration: 'underline', textUnderlineOffset: 3 },
  '& blockquote': {
    borderInlineStart: 4,
    borderColor: 'primary.main',
    m: 0,
    my: 2.5,
    px: 2.5,
    py: 0.5,
    color: 'text.secondary',
    fontStyle: 'italic',
  },
  '& code': { fontFamily: 'monospace', fontSize: '0.9em', bgcolor: 'action.hover', borderRadius: 0.5, px: 0.5 },
  '& pre': { bgcolor: 'action.hover', borderRadius: 1, p: 2, overflowX: 'auto', '& code': { bgcolor: 'transparent', p: 0 } },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
  '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 3 },
} as const

/**
 * A post's body: HTML the server sanitised to its allow-list (apps/server/src/modules/posts/sanitize.ts) before
 * storing it, so it is set as it is. Its words keep their own direction.
 */
export function RichText({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server to an allow-list before it was stored.
  return <Box dir="auto" sx={richTextSx} dangerouslySetInnerHTML={{ __html: html }} />
}
