import { Avatar, Box, Divider, IconButton, Menu, MenuItem, Typography } from '@mui/material'
import { useState } from 'react'
import { Link } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { useTranslation } from '../../locales/i18n'

export function AccountMenu() {
  const { t } = useTranslation()
  const { user, logout } = useAuthContext()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  if (!user) return null

  async function signOut() {
    setAnchor(null)
    // The signed-in area sends the signed-out user to /login by itself.
    await logout()
  }

  return (
    <>
      <Typography data-testid="header-user-name" noWrap sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 200, fontWeight: 600 }}>
        {user.name}
      </Typography>
      <IconButton onClick={(event) => setAnchor(event.currentTarget)} aria-label={t('header.account')} aria-haspopup="menu">
        <Avatar src={user.avatarUrl ?? undefined} alt="" sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15 }}>
          {user.name.slice(0, 1).toUpperCase()}
        </Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { width: 240 } } }}>
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {user.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            <bdi>{user.email}</bdi>
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={Link} to="/settings/general" onClick={() => setAnchor(null)}>
          {t('nav.items.settings')}
        </MenuItem>
        <MenuItem onClick={signOut} sx={{ color: 'error.main', fontWeight: 600 }}>
          {t('home.logout')}
        </MenuItem>
      </Menu>
    </>
  )
}
