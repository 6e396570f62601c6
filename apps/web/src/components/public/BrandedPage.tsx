import { Box, Container, Link, Stack, Typography } from '@mui/material'
import { alpha } from '@mui/material/styles'
import type { ReactNode } from 'react'
import { PersonAvatar } from './PersonAvatar'
import { LanguageSelect } from './PublicFrame'

// Words of the organization (its name, a title, an intro) keep their own direction (dir="auto") and align with
// the page: an English intro in an Arabic page keeps its punctuation where it belongs.

/**
 * A page in the organization's colours: a header with its logo, name and the language picker above `hero`, the
 * page below, our name at the foot. The landing page and a routing form's page share it.
 */
export function BrandedPage({
  organization,
  hero,
  children,
  footer,
  width = 'lg',
}: {
  organization: { name: string; logoUrl: string | null }
  hero: ReactNode
  children?: ReactNode
  footer: string
  width?: 'sm' | 'md' | 'lg'
}) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'background.default' : theme.palette.grey[100]),
      }}
    >
      <Box
        component="header"
        sx={(theme) => {
          // The theme's palettes carry a darker shade its types do not declare.
          const { main, dark, darker = dark } = theme.palette.primary as typeof theme.palette.primary & { darker?: string }
          return {
            color: 'common.white',
            // A soft glow of the brand colour; faint enough that white text stays readable over it in either mode.
            background: `radial-gradient(circle at 85% 0%, ${alpha(main, 0.45)} 0%, transparent 55%), linear-gradient(135deg, ${darker} 0%, ${dark} 100%)`,
          }
        }}
      >
        <Container maxWidth={width} sx={{ px: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: { xs: 2, md: 3 } }}>
            <PersonAvatar name={organization.name} src={organization.logoUrl} size={40} />
            <Typography dir="auto" sx={{ fontWeight: 700, flex: 1, minWidth: 0, textAlign: 'left' }} noWrap>
              {organization.name}
            </Typography>
            <LanguageSelect />
          </Stack>
          {hero}
        </Container>
      </Box>
      {children}
      <Box component="footer" sx={{ textAlign: 'center', pb: 3 }}>
        <Link href="/" variant="caption" underline="hover" sx={{ color: 'text.secondary' }}>
          {footer}
        </Link>
      </Box>
    </Box>
  )
}
