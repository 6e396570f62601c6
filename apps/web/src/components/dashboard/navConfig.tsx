import type { Action } from '@closeroom/shared'
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined'
import BadgeOutlined from '@mui/icons-material/BadgeOutlined'
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined'
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined'
import FolderOutlined from '@mui/icons-material/FolderOutlined'
import GroupsOutlined from '@mui/icons-material/GroupsOutlined'
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined'
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined'
import PeopleOutlined from '@mui/icons-material/PeopleOutlined'
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined'
import RouteOutlined from '@mui/icons-material/RouteOutlined'
import SettingsOutlined from '@mui/icons-material/SettingsOutlined'
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined'
import VideocamOutlined from '@mui/icons-material/VideocamOutlined'
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined'
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined'
import type { ReactElement } from 'react'

export type NavItem = { key: string; path: string; icon: ReactElement; action?: Action }
export type NavSection = { key: string; items: NavItem[] }

/** The signed-in app's menu. Labels are i18n keys under nav.*; an item with an action is shown to those who may do it. */
export const navSections: NavSection[] = [
  {
    key: 'sales',
    items: [
      { key: 'overview', path: '/', icon: <SpaceDashboardOutlined /> },
      { key: 'deals', path: '/deals', icon: <HandshakeOutlined /> },
      { key: 'clients', path: '/clients', icon: <BadgeOutlined /> },
      { key: 'kanban', path: '/kanban', icon: <ViewKanbanOutlined /> },
      { key: 'products', path: '/products', icon: <Inventory2Outlined /> },
      { key: 'landingPages', path: '/landing-pages', icon: <ViewQuiltOutlined /> },
      { key: 'calendar', path: '/calendar', icon: <CalendarMonthOutlined /> },
      { key: 'recordings', path: '/recordings', icon: <VideocamOutlined /> },
      { key: 'agreements', path: '/agreements', icon: <DescriptionOutlined /> },
      { key: 'invoices', path: '/invoice', icon: <ReceiptLongOutlined /> },
      { key: 'routings', path: '/routings', icon: <RouteOutlined /> },
      { key: 'files', path: '/files-manager', icon: <FolderOutlined /> },
    ],
  },
  {
    key: 'management',
    items: [
      { key: 'users', path: '/users', icon: <PeopleOutlined /> },
      { key: 'teams', path: '/teams', icon: <GroupsOutlined /> },
      { key: 'settings', path: '/settings', icon: <SettingsOutlined /> },
      { key: 'adminSettings', path: '/admin-settings', icon: <AdminPanelSettingsOutlined />, action: 'adminSettings.open' },
    ],
  },
]
