import { type LinkProps, Link as MuiLink } from '@mui/material'
import { Link } from 'react-router'

export function RouterLink({ to, ...props }: LinkProps & { to: string }) {
  return <MuiLink component={Link} to={to} underline="hover" sx={{ fontWeight: 600 }} {...props} />
}
