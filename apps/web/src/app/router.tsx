import type { Action } from '@closeroom/shared'
import { generatePath, Navigate, Outlet, type RouteObject, useParams, useRoutes } from 'react-router'
import type { FeatureKey } from '../features/empty/EmptyFeaturePage'
import { generalRoutes } from '../features/general/routes'
import { componentsRoutes } from '../features/showcase/routes'
import { GuestOnly, RequireAuth, RequirePermission } from './guards'
import { lazyPage } from './lazyPage'
import { preloadRoutes, publicRoutes, Root } from './publicRoutes'
import { SessionScope } from './SessionScope'

type Load = Parameters<typeof lazyPage<object>>[0]

/** A page in a chunk of its own (see lazyPage). */
function page(load: Load) {
  const Page = lazyPage(load)
  return <Page />
}

/** A sign-in page: someone signed in already goes straight on. */
function guest(load: Load) {
  const Page = lazyPage(load)
  return (
    <GuestOnly>
      <Page />
    </GuestOnly>
  )
}

/** Pages only those who may do the action open. */
const onlyFor = (action: Action, children: RouteObject[]): RouteObject => ({
  element: (
    <RequirePermission action={action}>
      <Outlet />
    </RequirePermission>
  ),
  children,
})

const EmptyFeaturePage = lazyPage(() => import('../features/empty/EmptyFeaturePage'))
/** A feature not built yet: its own empty state, inside the layout. */
const soon = (path: string, feature: FeatureKey): RouteObject => ({ path, element: <EmptyFeaturePage feature={feature} /> })
const PersonalSettingsLayout = lazyPage(async () => ({
  default: (await import('../features/settings/SettingsLayout')).PersonalSettingsLayout,
}))
const AdminSettingsLayout = lazyPage(async () => ({ default: (await import('../features/settings/SettingsLayout')).AdminSettingsLayout }))

/**
 * The spec's template demo routes (section 2) lead to the product's page for the same job, so an old link
 * or a habit from the template lands somewhere useful: /user/list is the users list, /invoice/list the invoices.
 */
function Moved({ to }: { to: string }) {
  return <Navigate to={generatePath(to, useParams())} replace />
}
const moved = (path: string, to: string): RouteObject => ({ path, element: <Moved to={to} /> })

const templateRoutes: RouteObject[] = [
  moved('/user', '/users'),
  moved('/user/list', '/users'),
  moved('/user/cards', '/users'),
  moved('/user/new', '/users/new'),
  moved('/user/:id/edit', '/users/:id/edit'),
  moved('/user/profile', '/settings/general'),
  moved('/user/account', '/settings/general'),
  moved('/e-commerce', '/products'),
  moved('/e-commerce/shop', '/products'),
  moved('/e-commerce/list', '/products'),
  moved('/e-commerce/checkout', '/products'),
  moved('/e-commerce/product/new', '/products/new'),
  moved('/e-commerce/product/:id', '/products/:id'),
  moved('/e-commerce/product/:id/edit', '/products/:id'),
  moved('/invoice/list', '/invoice'),
]

const login = () => import('../features/auth/LoginPage')
const register = () => import('../features/auth/RegisterPage')

const DashboardLayout = lazyPage(async () => ({ default: (await import('../components/dashboard/DashboardLayout')).DashboardLayout }))

const dashboard: RouteObject = {
  element: (
    <RequireAuth>
      <DashboardLayout />
    </RequireAuth>
  ),
  children: [
    // The week at a glance, at the spec's /app too.
    ...['/', '/app'].map((path) => ({ path, element: page(() => import('../features/home/HomePage')) })),
    { path: '/analytics', element: page(() => import('../features/insights/AnalyticsPage')) },
    { path: '/booking', element: page(() => import('../features/insights/BookingInsightsPage')) },
    { path: '/ecommerce', element: page(() => import('../features/insights/ProductInsightsPage')) },
    { path: '/banking', element: page(() => import('../features/insights/RevenuePage')) },
    { path: '/deals', element: page(() => import('../features/deals/DealsPage')) },
    ...['/deals/new', '/deals/:id'].map((path) => ({ path, element: page(() => import('../features/deals/DealPage')) })),
    { path: '/deals/:id/room', element: page(() => import('../features/salesroom/SalesroomEditorPage')) },
    { path: '/clients', element: page(() => import('../features/clients/ClientsPage')) },
    { path: '/clients/:id', element: page(() => import('../features/clients/ClientPage')) },
    { path: '/products', element: page(() => import('../features/products/ProductsPage')) },
    ...['/products/new', '/products/:id'].map((path) => ({ path, element: page(() => import('../features/products/ProductFormPage')) })),
    { path: '/landing-pages', element: page(() => import('../features/landing/LandingPagesPage')) },
    ...['/landing-pages/new', '/landing-pages/:id'].map((path) => ({
      path,
      element: page(() => import('../features/landing/LandingPageEditor')),
    })),
    { path: '/products/:id/automations', element: page(() => import('../features/automations/AutomationsPage')) },
    { path: '/users', element: page(() => import('../features/users/UsersPage')) },
    { path: '/teams', element: page(() => import('../features/teams/TeamsPage')) },
    onlyFor('users.invite', [{ path: '/users/new', element: page(() => import('../features/users/InviteUserPage')) }]),
    onlyFor('users.update', [{ path: '/users/:id/edit', element: page(() => import('../features/users/EditUserPage')) }]),
    onlyFor('teams.manage', [
      { path: '/teams/new', element: page(() => import('../features/teams/TeamFormPage')) },
      { path: '/teams/:id/edit', element: page(() => import('../features/teams/TeamFormPage')) },
    ]),
    { path: '/calendar', element: page(() => import('../features/calendar/CalendarPage')) },
    { path: '/calendar/event-types', element: page(() => import('../features/booking/EventTypesPage')) },
    { path: '/calendar/event-types/new', element: page(() => import('../features/booking/EventTypeFormPage')) },
    { path: '/calendar/event-types/:id', element: page(() => import('../features/booking/EventTypeFormPage')) },
    { path: '/kanban', element: page(() => import('../features/deals/board/KanbanPage')) },
    { path: '/files-manager', element: page(() => import('../features/files/LibraryPage')) },
    { path: '/file', element: page(() => import('../features/files/DocumentViewsPage')) },
    soon('/blank', 'blank'),
    ...['/mail', '/mail/all'].map((path) => ({ path, element: page(() => import('../features/mail/MailPage')) })),
    // One route for /chat, /chat/new, /chat/:id and /chat/<deal|client|room>/:id: the page stays mounted, and its state with it, as one moves between them.
    { path: '/chat/*', element: page(() => import('../features/chat/ChatPage')) },
    ...['/blog', '/blog/posts'].map((path) => ({ path, element: page(() => import('../features/blog/PostsPage')) })),
    ...['/blog/new', '/blog/post/:id/edit'].map((path) => ({ path, element: page(() => import('../features/blog/PostEditorPage')) })),
    { path: '/blog/post/:id', element: page(() => import('../features/blog/PostPage')) },
    { path: '/permission-denied', element: page(() => import('../features/errors/ForbiddenContent')) },
    { path: '/routings', element: page(() => import('../features/routing/RoutingsPage')) },
    ...['/routings/new', '/routings/:id'].map((path) => ({ path, element: page(() => import('../features/routing/RoutingPage')) })),
    ...['/routings/:id/outcomes/new', '/routings/:id/outcomes/:outcomeId/edit'].map((path) => ({
      path,
      element: page(() => import('../features/routing/OutcomeEditorPage')),
    })),
    { path: '/recordings', element: page(() => import('../features/recordings/RecordingsPage')) },
    { path: '/recordings/:id', element: page(() => import('../features/recordings/RecordingPage')) },
    { path: '/agreements', element: page(() => import('../features/agreements/AgreementsPage')) },
    { path: '/agreements/:id/edit', element: page(() => import('../features/agreements/AgreementPage')) },
    { path: '/invoice', element: page(() => import('../features/invoices/InvoicesPage')) },
    { path: '/invoice/new', element: page(() => import('../features/invoices/InvoiceFormPage')) },
    { path: '/invoice/:id', element: page(() => import('../features/invoices/InvoicePage')) },
    { path: '/invoice/:id/edit', element: page(() => import('../features/invoices/InvoiceFormPage')) },
    {
      path: '/settings',
      element: <PersonalSettingsLayout />,
      children: [
        { index: true, element: <Navigate to="/settings/general" replace /> },
        { path: 'general', element: page(() => import('../features/settings/ProfileSettings')) },
        { path: 'calendar', element: page(() => import('../features/booking/CalendarSettingsPage')) },
        { path: 'connected-apps', element: page(() => import('../features/calendar/ConnectedAppsPage')) },
        { path: 'change-password', element: page(() => import('../features/settings/SecuritySettings')) },
        { path: 'api-keys', element: page(() => import('../features/api-keys/ApiKeysPage')) },
        { path: 'notifications', element: page(() => import('../features/notifications/NotificationSettingsPage')) },
      ],
    },
    onlyFor('adminSettings.open', [
      {
        path: '/admin-settings',
        element: <AdminSettingsLayout />,
        children: [
          { index: true, element: <Navigate to="/admin-settings/account" replace /> },
          { path: 'account', element: page(() => import('../features/settings/OrganizationSettings')) },
          { path: 'deal', element: page(() => import('../features/settings/deal/DealSettingsPage')) },
          { path: 'booking', element: page(() => import('../features/booking/BookingSettingsPage')) },
          onlyFor('webhooks.manage', [{ path: 'crm-integrations', element: page(() => import('../features/webhooks/WebhooksPage')) }]),
        ],
      },
    ]),
  ],
}

const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      publicRoutes,
      {
        element: (
          <SessionScope>
            <Outlet />
          </SessionScope>
        ),
        children: [
          dashboard,
          { path: '/login', element: guest(login) },
          { path: '/auth', element: guest(login) },
          { path: '/auth/login-unprotected', element: page(login) },
          { path: '/register', element: guest(register) },
          { path: '/auth/register-unprotected', element: page(register) },
          { path: '/signup', element: page(() => import('../features/auth/SignupPage')) },
          { path: '/welcome/signup', element: page(() => import('../features/onboarding/WelcomePage')) },
          { path: '/forgot-password', element: page(() => import('../features/auth/ForgotPasswordPage')) },
          { path: '/auth/new-password', element: page(() => import('../features/auth/NewPasswordPage')) },
          { path: '/auth/verify', element: page(() => import('../features/auth/VerifyPage')) },
          ...templateRoutes,
          ...generalRoutes,
          ...componentsRoutes,
          { path: '/403', element: page(() => import('../features/errors/ForbiddenPage')) },
          { path: '/500', element: page(() => import('../features/errors/ServerErrorPage')) },
          { path: '*', element: page(() => import('../features/errors/NotFoundPage')) },
        ],
      },
    ],
  },
]

/** Every page of the app, by address. */
export function AppRoutes() {
  return useRoutes(routes)
}

/**
 * Loads the lazy pages `pathname` shows, code and texts, so they render without suspending: a page the server
 * rendered is then rendered whole there and hydrated in one pass here, before any update can reach it.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  return preloadRoutes(routes, pathname)
}
