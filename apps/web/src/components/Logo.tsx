import { Box, Typography } from '@mui/material'
import { Link } from 'react-router'
import { visuallyHidden } from './visuallyHidden'

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Box
      component={Link}
      to="/"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none' }}
    >
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
      {compact ? (
        <Box component="span" sx={visuallyHidden}>
          Closeroom
        </Box>
      ) : (
        <Typography variant="h6" component="span" sx={{ fontWeight: 800 }}>
          Closeroom
        </Typography>
      )}
    </Box>
  )
}
