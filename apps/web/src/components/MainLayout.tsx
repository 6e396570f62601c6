import { LAYOUT } from '@closeroom/shared'
import CloseRounded from '@mui/icons-material/CloseRounded'
import MenuRounded from '@mui/icons-material/MenuRounded'
import {
  AppBar,
  Box,
  Button,
  Container,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Link as MuiLink,
  Stack,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material'
import { type ReactNode, useState } from 'react'
import { Link, NavLink, Outlet } from 'react-router'
import { useAuthContext } from '../app/AuthProvider'
import { useTranslation } from '../locales/i18n'
import { LanguagePicker } from './LanguagePicker'
import { Logo } from './Logo'

const links = [
  { to: '/pricing', key: 'pricing' },
  { to: '/about-us', key: 'about' },
  { to: '/faqs', key: 'faqs' },
  { to: '/contact-us', key: 'contact' },
] as const

/** "Sign in" for visitors, "Open the app" for someone already signed in. */
function AccountButton({ onClick, fullWidth }: { onClick?: () => void; fullWidth?: boolean }) {
  const { t } = useTranslation()
  const { isAuthenticated } = useAuthContext()
  return (
    <Button
      component={Link}
      to={isAuthenticated ? '/' : '/login'}
      variant="contained"
      color="inherit"
      onClick={onClick}
      fullWidth={fullWidth}
      sx={{ bgcolor: 'text.primary', color: 'background.default', '&:hover': { bgcolor: 'text.secondary' }, flexShrink: 0 }}
    >
      {t(isAuthenticated ? 'general.layout.openApp' : 'general.layout.signIn')}
    </Button>
  )
}

/**
 * The frame of the public marketing pages (pricing, about, FAQ, contact…): a header with the product's
 * links, language and sign-in, the page, and a footer. Wraps `children`, or the child route when used as a
 * layout route. On small screens the links move into a drawer.
 */
export function MainLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  const theme = useTheme()
  const desktop = useMediaQuery(theme.breakpoints.up('md'))
  const [menuOpen, setMenuOpen] = useState(false)

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar
        position="sticky"
        color="inherit"
        elevation={0}
        sx={{ bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider', backdropFilter: 'blur(6px)' }}
      >
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: { xs: 1, md: 3 }, minHeight: { xs: LAYOUT.header.mobile, md: LAYOUT.header.mainDesktop } }}>
            <Logo />
            {desktop && (
              <Stack component="nav" aria-label={t('general.layout.mainMenu')} direction="row" spacing={0.5} sx={{ flex: 1 }}>
                {links.map((link) => (
                  <Button
                    key={link.to}
                    component={NavLink}
                    to={link.to}
                    color="inherit"
                    sx={{ minWidth: 0, px: 1.5, fontWeight: 600, color: 'text.secondary', '&.active': { color: 'primary.main' } }}
                  >
                    {t(`general.layout.nav.${link.key}`)}
                  </Button>
                ))}
              </Stack>
            )}
            <Box sx={{ flex: desktop ? 0 : 1 }} />
            {desktop && <LanguagePicker />}
            {desktop && <AccountButton />}
            {!desktop && (
              <IconButton edge="end" onClick={() => setMenuOpen(true)} aria-label={t('general.layout.openMenu')}>
                <MenuRounded />
              </IconButton>
            )}
          </Toolbar>
        </Container>
      </AppBar>

      {!desktop && (
        <Drawer
          anchor="right"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          slotProps={{ paper: { sx: { width: LAYOUT.nav.width } } }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 2 }}>
            <Logo />
            <IconButton onClick={() => setMenuOpen(false)} aria-label={t('general.layout.closeMenu')}>
              <CloseRounded />
            </IconButton>
          </Stack>
          <List component="nav" aria-label={t('general.layout.mainMenu')} sx={{ px: 1.5 }}>
            {links.map((link) => (
              <ListItemButton
                key={link.to}
                component={NavLink}
                to={link.to}
                onClick={() => setMenuOpen(false)}
                sx={{ borderRadius: 1, '&.active': { color: 'primary.main', bgcolor: 'action.selected' } }}
              >
                <ListItemText primary={t(`general.layout.nav.${link.key}`)} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
              </ListItemButton>
            ))}
          </List>
          <Stack spacing={2} sx={{ p: 2.5 }}>
            <LanguagePicker />
            <AccountButton fullWidth onClick={() => setMenuOpen(false)} />
          </Stack>
        </Drawer>
      )}

      <Box component="main" sx={{ flex: 1 }}>
        {children ?? <Outlet />}
      </Box>

      <Footer />
    </Box>
  )
}

function Footer() {
  const { t } = useTranslation()
  const columns = [
    { title: t('general.layout.product'), links: [links[0], links[2]] },
    { title: t('general.layout.company'), links: [links[1], links[3]] },
  ]
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: { xs: 5, md: 8 } }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 4, md: 8 }} sx={{ justifyContent: 'space-between' }}>
          <Box sx={{ maxWidth: 360 }}>
            <Logo />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
              {t('general.layout.tagline')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
              {t('general.layout.selfHost')}{' '}
              <Box
                component="code"
                dir="ltr"
                sx={{
                  fontFamily: 'monospace',
                  fontSize: 13,
                  px: 0.75,
                  py: 0.25,
                  borderRadius: 0.5,
                  color: 'text.primary',
                  bgcolor: 'action.hover',
                  whiteSpace: 'nowrap',
                }}
              >
                npm ci && npm start
              </Box>
            </Typography>
          </Box>
          <Stack direction="row" spacing={{ xs: 6, md: 10 }} component="nav" aria-label={t('general.layout.footerMenu')}>
            {columns.map((column) => (
              <Stack key={column.title} spacing={1.5}>
                <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                  {column.title}
                </Typography>
                {column.links.map((link) => (
                  <MuiLink key={link.to} component={Link} to={link.to} color="inherit" underline="hover" variant="body2">
                    {t(`general.layout.nav.${link.key}`)}
                  </MuiLink>
                ))}
              </Stack>
            ))}
          </Stack>
        </Stack>
        <Divider sx={{ my: 4 }} />
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('general.layout.rights', { year: new Date().getFullYear() })}
        </Typography>
      </Container>
    </Box>
  )
}
