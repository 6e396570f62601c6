import { Box, Typography } from '@mui/material'
import { Link } from 'react-router'

export function Logo() {
  return (
    <Box
      component={Link}
      to="/"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none' }}
    >
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
      <Typography variant="h6" component="span" sx={{ fontWeight: 800 }}>
        Closeroom
      </Typography>
    </Box>
  )
}
