import { can, LAYOUT } from '@closeroom/shared'
import { Box, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader, Tooltip } from '@mui/material'
import { Link, useLocation } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { useTranslation } from '../../locales/i18n'
import { Logo } from '../Logo'
import { navSections } from './navConfig'

function isActive(pathname: string, path: string) {
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`)
}

/** The side menu: full width with labels, or mini (icons with tooltips). */
export function Nav({ mini, onNavigate }: { mini: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const { user } = useAuthContext()

  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ height: '100%', overflowY: 'auto', pb: 2 }}>
      <Box
        sx={{
          height: LAYOUT.header.mobile,
          display: 'flex',
          alignItems: 'center',
          justifyContent: mini ? 'center' : 'flex-start',
          px: mini ? 0 : 2.5,
        }}
      >
        <Logo compact={mini} />
      </Box>
      {navSections.map((section) => (
        <List
          key={section.key}
          dense
          sx={{ px: mini ? 0.5 : 2 }}
          subheader={
            mini ? undefined : (
              <ListSubheader
                disableSticky
                sx={{
                  bgcolor: 'transparent',
                  fontSize: 11,
                  fontWeight: 700,
                  textTransform: 'uppercase',
                  color: 'text.secondary',
                  lineHeight: '32px',
                }}
              >
                {t(`nav.sections.${section.key}`)}
              </ListSubheader>
            )
          }
        >
          {section.items
            .filter((item) => !item.action || can(user, item.action))
            .map((item) => {
              const active = isActive(pathname, item.path)
              const label = t(item.label ?? `nav.items.${item.key}`)
              const button = (
                <ListItemButton
                  component={Link}
                  to={item.path}
                  onClick={onNavigate}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  aria-label={mini ? label : undefined}
                  sx={{
                    minHeight: LAYOUT.nav.itemHeight,
                    borderRadius: 1,
                    mb: 0.5,
                    flexDirection: mini ? 'column' : 'row',
                    justifyContent: 'center',
                    color: active ? 'primary.main' : 'text.secondary',
                    '&.Mui-selected': { bgcolor: 'action.selected', fontWeight: 700 },
                  }}
                >
                  <ListItemIcon
                    sx={{ minWidth: mini ? 0 : 36, color: 'inherit', '& svg': { fontSize: mini ? LAYOUT.icon.navMini : LAYOUT.icon.nav } }}
                  >
                    {item.icon}
                  </ListItemIcon>
                  {!mini && (
                    <ListItemText primary={label} slotProps={{ primary: { sx: { fontSize: 14, fontWeight: active ? 700 : 500 } } }} />
                  )}
                </ListItemButton>
              )
              // A list holds list items: each link sits in an <li>.
              return (
                <Box component="li" key={item.key} sx={{ listStyle: 'none' }}>
                  {mini ? (
                    <Tooltip title={label} placement="right">
                      {button}
                    </Tooltip>
                  ) : (
                    button
                  )}
                </Box>
              )
            })}
        </List>
      ))}
    </Box>
  )
}
