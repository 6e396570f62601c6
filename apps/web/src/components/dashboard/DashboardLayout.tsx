import { LAYOUT } from '@closeroom/shared'
import MenuRounded from '@mui/icons-material/MenuRounded'
import SettingsOutlined from '@mui/icons-material/SettingsOutlined'
import { AppBar, Box, Container, Drawer, IconButton, Toolbar, useMediaQuery, useTheme } from '@mui/material'
import { useState } from 'react'
import { Outlet } from 'react-router'
import { NotificationsButton } from '../../features/notifications/NotificationsButton'
import { useTranslation } from '../../locales/i18n'
import { useSettings } from '../../theme/SettingsProvider'
import { LanguagePicker } from '../LanguagePicker'
import { SettingsDrawer } from '../settings/SettingsDrawer'
import { AccountMenu } from './AccountMenu'
import { Nav } from './Nav'

/** The signed-in frame: side menu (vertical or mini), header, and the page in a container that may stretch. */
export function DashboardLayout() {
  const { t } = useTranslation()
  const theme = useTheme()
  const desktop = useMediaQuery(theme.breakpoints.up('lg'))
  const { themeLayout, themeStretch, setOpen } = useSettings()
  const [mobileOpen, setMobileOpen] = useState(false)
  const mini = themeLayout === 'mini'
  const navWidth = mini ? LAYOUT.nav.miniWidth : LAYOUT.nav.dashboardWidth

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {desktop ? (
        <Box
          component="aside"
          data-testid="nav-desktop"
          sx={{ width: navWidth, flexShrink: 0, borderInlineEnd: 1, borderColor: 'divider', position: 'sticky', top: 0, height: '100vh' }}
        >
          <Nav mini={mini} />
        </Box>
      ) : (
        <Drawer open={mobileOpen} onClose={() => setMobileOpen(false)} slotProps={{ paper: { sx: { width: LAYOUT.nav.width } } }}>
          <Nav mini={false} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{ bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider', backdropFilter: 'blur(6px)' }}
        >
          <Toolbar sx={{ gap: 1, minHeight: { xs: LAYOUT.header.mobile, lg: LAYOUT.header.mobile } }}>
            {!desktop && (
              <IconButton edge="start" onClick={() => setMobileOpen(true)} aria-label={t('header.openMenu')}>
                <MenuRounded />
              </IconButton>
            )}
            <Box sx={{ flex: 1 }} />
            <LanguagePicker />
            <NotificationsButton />
            <IconButton onClick={() => setOpen(true)} aria-label={t('settings.open')} data-testid="settings-button">
              <SettingsOutlined />
            </IconButton>
            <AccountMenu />
          </Toolbar>
        </AppBar>
        <Container component="main" maxWidth={themeStretch ? false : 'lg'} sx={{ flex: 1, py: { xs: 3, md: 5 } }}>
          <Outlet />
        </Container>
      </Box>
      <SettingsDrawer />
    </Box>
  )
}
