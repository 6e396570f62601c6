import { Box, Container, Typography } from '@mui/material'
import type { ReactNode } from 'react'

/** The top of a public page: what it is about, in one heading and one paragraph. */
export function PageHero({ overline, title, text, children }: { overline?: string; title: string; text?: string; children?: ReactNode }) {
  return (
    <Box
      sx={(theme) => ({
        py: { xs: 6, md: 10 },
        textAlign: 'center',
        background: `linear-gradient(180deg, ${theme.alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08)} 0%, transparent 100%)`,
      })}
    >
      <Container maxWidth="md">
        {overline && (
          <Typography variant="overline" component="p" sx={{ color: 'primary.main', mb: 1 }}>
            {overline}
          </Typography>
        )}
        <Typography variant="h2" component="h1" sx={{ fontSize: { xs: 32, md: 48 }, mb: 2 }}>
          {title}
        </Typography>
        {text && <Typography sx={{ color: 'text.secondary', fontSize: { xs: 16, md: 18 }, maxWidth: 640, mx: 'auto' }}>{text}</Typography>}
        {children}
      </Container>
    </Box>
  )
}
