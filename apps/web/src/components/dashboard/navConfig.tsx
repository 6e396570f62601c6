import type { Action } from '@closeroom/shared'
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined'
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined'
import ArticleOutlined from '@mui/icons-material/ArticleOutlined'
import BadgeOutlined from '@mui/icons-material/BadgeOutlined'
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined'
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined'
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined'
import FolderOutlined from '@mui/icons-material/FolderOutlined'
import ForumOutlined from '@mui/icons-material/ForumOutlined'
import GroupsOutlined from '@mui/icons-material/GroupsOutlined'
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined'
import InsightsOutlined from '@mui/icons-material/InsightsOutlined'
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined'
import MailOutlined from '@mui/icons-material/MailOutlined'
import PeopleOutlined from '@mui/icons-material/PeopleOutlined'
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined'
import RouteOutlined from '@mui/icons-material/RouteOutlined'
import SettingsOutlined from '@mui/icons-material/SettingsOutlined'
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined'
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined'
import VideocamOutlined from '@mui/icons-material/VideocamOutlined'
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined'
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined'
import type { ComponentType, ReactElement, ReactNode } from 'react'
import { ChatUnreadBadge } from '../../features/chat/UnreadBadge'

export type NavItem = {
  key: string
  path: string
  icon: ReactElement
  action?: Action
  /** The label's i18n key when it is not nav.items.<key> (an area's own texts). */
  label?: string
  /** Wraps the icon, e.g. with a count of unread messages. */
  Badge?: ComponentType<{ children: ReactNode }>
}
export type NavSection = { key: string; items: NavItem[] }

/** The signed-in app's menu. Labels are i18n keys under nav.*; an item with an action is shown to those who may do it. */
export const navSections: NavSection[] = [
  {
    key: 'sales',
    items: [
      { key: 'overview', path: '/', icon: <SpaceDashboardOutlined /> },
      { key: 'deals', path: '/deals', icon: <HandshakeOutlined /> },
      { key: 'clients', path: '/clients', icon: <BadgeOutlined /> },
      { key: 'chat', path: '/chat', icon: <ForumOutlined />, label: 'chat.nav', Badge: ChatUnreadBadge },
      { key: 'mail', path: '/mail', icon: <MailOutlined />, label: 'mail.nav' },
      { key: 'kanban', path: '/kanban', icon: <ViewKanbanOutlined /> },
      { key: 'products', path: '/products', icon: <Inventory2Outlined /> },
      { key: 'landingPages', path: '/landing-pages', icon: <ViewQuiltOutlined /> },
      { key: 'posts', path: '/blog/posts', icon: <ArticleOutlined />, label: 'blog.nav' },
      { key: 'calendar', path: '/calendar', icon: <CalendarMonthOutlined /> },
      { key: 'recordings', path: '/recordings', icon: <VideocamOutlined /> },
      { key: 'agreements', path: '/agreements', icon: <DescriptionOutlined /> },
      { key: 'invoices', path: '/invoice', icon: <ReceiptLongOutlined /> },
      { key: 'routings', path: '/routings', icon: <RouteOutlined /> },
      { key: 'files', path: '/files-manager', icon: <FolderOutlined /> },
    ],
  },
  {
    // The dashboards: each figure a click away from the records behind it.
    key: 'insights',
    items: [
      { key: 'analytics', path: '/analytics', icon: <InsightsOutlined /> },
      { key: 'bookingInsights', path: '/booking', icon: <EventAvailableOutlined /> },
      { key: 'productInsights', path: '/ecommerce', icon: <ShoppingBagOutlined /> },
      { key: 'revenue', path: '/banking', icon: <AccountBalanceOutlined /> },
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
