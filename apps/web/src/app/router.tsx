import type { ComponentType } from 'react'
import { createBrowserRouter, generatePath, Navigate, Outlet, type RouteObject, useMatches, useParams } from 'react-router'
import { ProgressBar } from '../components/ProgressBar'
import { bookingPublicRoutes } from '../features/booking-public/routes'
import { componentsRoutes } from '../features/components/routes'
import type { EmptyHandle, FeatureKey } from '../features/empty/EmptyFeaturePage'
import { generalRoutes } from '../features/general/routes'
import { landingPublicRoutes } from '../features/landing-public/routes'
import { meetingPublicRoutes } from '../features/meeting-public/routes'
import { productRoomPublicRoutes } from '../features/product-room-public/routes'
import { salesroomPublicRoutes } from '../features/salesroom-public/routes'
import { GuestOnly, RequireAdmin, RequireAuth, SplashScreen } from './guards'
import { ServerStatusProvider } from './ServerStatusProvider'
import { ServiceWorkerBridge } from './ServiceWorkerBridge'
import { SessionScope } from './SessionScope'

type Load = () => Promise<{ default: ComponentType }>

// Every page is its own chunk: public and sign-in pages never download the signed-in app's code.
const page = (load: Load) => async () => ({ Component: (await load()).default })

const guest = (load: Load) => async () => {
  const Page = (await load()).default
  return {
    Component: () => (
      <GuestOnly>
        <Page />
      </GuestOnly>
    ),
  }
}

const emptyFeature = () => import('../features/empty/EmptyFeaturePage')
/** A feature not built yet: its own empty state, inside the layout. */
const soon = (path: string, feature: FeatureKey): RouteObject => ({
  path,
  handle: { feature } satisfies EmptyHandle,
  lazy: page(emptyFeature),
})
/** A settings section whose feature is not built yet: its empty state under the settings tabs. */
const soonSection = (path: string, feature: FeatureKey): RouteObject => ({
  path,
  handle: { feature, section: true } satisfies EmptyHandle,
  lazy: page(emptyFeature),
})
const settingsLayout = (name: 'PersonalSettingsLayout' | 'AdminSettingsLayout') => async () => ({
  Component: (await import('../features/settings/SettingsLayout'))[name],
})

/**
 * The spec's template demo routes (section 2) lead to the product's page for the same job, so an old link
 * or a habit from the template lands somewhere useful: /user/list is the users list, /invoice the agreements.
 */
function Moved() {
  const params = useParams()
  const to = (useMatches().at(-1)?.handle as { to?: string } | undefined)?.to ?? '/'
  return <Navigate to={generatePath(to, params)} replace />
}
const moved = (path: string, to: string): RouteObject => ({ path, handle: { to }, Component: Moved })

const templateRoutes: RouteObject[] = [
  moved('/app', '/'),
  moved('/analytics', '/'),
  moved('/ecommerce', '/products'),
  moved('/banking', '/deals'),
  moved('/booking', '/calendar'),
  moved('/file', '/files-manager'),
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
  moved('/invoice', '/agreements'),
  moved('/invoice/list', '/agreements'),
  moved('/invoice/new', '/agreements'),
  moved('/invoice/:id', '/agreements'),
  moved('/invoice/:id/edit', '/agreements'),
]

function Root() {
  return (
    <ServerStatusProvider>
      <ProgressBar />
      <ServiceWorkerBridge />
      <SessionScope>
        <Outlet />
      </SessionScope>
    </ServerStatusProvider>
  )
}

const login = () => import('../features/auth/LoginPage')
const register = () => import('../features/auth/RegisterPage')

const dashboard: RouteObject = {
  lazy: async () => {
    const { DashboardLayout } = await import('../components/dashboard/DashboardLayout')
    return {
      Component: () => (
        <RequireAuth>
          <DashboardLayout />
        </RequireAuth>
      ),
    }
  },
  children: [
    { path: '/', lazy: page(() => import('../features/home/HomePage')) },
    { path: '/deals', lazy: page(() => import('../features/deals/DealsPage')) },
    ...['/deals/new', '/deals/:id'].map((path) => ({ path, lazy: page(() => import('../features/deals/DealPage')) })),
    { path: '/deals/:id/room', lazy: page(() => import('../features/salesroom/SalesroomEditorPage')) },
    { path: '/clients', lazy: page(() => import('../features/clients/ClientsPage')) },
    { path: '/clients/:id', lazy: page(() => import('../features/clients/ClientPage')) },
    { path: '/products', lazy: page(() => import('../features/products/ProductsPage')) },
    ...['/products/new', '/products/:id'].map((path) => ({ path, lazy: page(() => import('../features/products/ProductFormPage')) })),
    { path: '/landing-pages', lazy: page(() => import('../features/landing/LandingPagesPage')) },
    ...['/landing-pages/new', '/landing-pages/:id'].map((path) => ({
      path,
      lazy: page(() => import('../features/landing/LandingPageEditor')),
    })),
    { path: '/products/:id/automations', lazy: page(() => import('../features/automations/AutomationsPage')) },
    { path: '/users', lazy: page(() => import('../features/users/UsersPage')) },
    { path: '/teams', lazy: page(() => import('../features/teams/TeamsPage')) },
    {
      element: (
        <RequireAdmin>
          <Outlet />
        </RequireAdmin>
      ),
      children: [
        { path: '/users/new', lazy: page(() => import('../features/users/InviteUserPage')) },
        { path: '/users/:id/edit', lazy: page(() => import('../features/users/EditUserPage')) },
        { path: '/teams/new', lazy: page(() => import('../features/teams/TeamFormPage')) },
        { path: '/teams/:id/edit', lazy: page(() => import('../features/teams/TeamFormPage')) },
      ],
    },
    { path: '/calendar', lazy: page(() => import('../features/calendar/CalendarPage')) },
    { path: '/calendar/event-types', lazy: page(() => import('../features/booking/EventTypesPage')) },
    { path: '/calendar/event-types/new', lazy: page(() => import('../features/booking/EventTypeFormPage')) },
    { path: '/calendar/event-types/:id', lazy: page(() => import('../features/booking/EventTypeFormPage')) },
    { path: '/kanban', lazy: page(() => import('../features/kanban/KanbanPage')) },
    soon('/files-manager', 'files'),
    soon('/blank', 'blank'),
    ...['/mail', '/mail/all', '/chat', '/chat/new', '/chat/:id'].map((path) => soon(path, 'inbox')),
    ...['/blog', '/blog/posts', '/blog/new', '/blog/post/:id'].map((path) => soon(path, 'blog')),
    { path: '/permission-denied', lazy: page(() => import('../features/errors/ForbiddenContent')) },
    ...['/routings', '/routings/new', '/routings/:id', '/routings/:id/outcomes/new', '/routings/:id/outcomes/:outcomeId/edit'].map((path) =>
      soon(path, 'routings'),
    ),
    { path: '/recordings', lazy: page(() => import('../features/recordings/RecordingsPage')) },
    { path: '/recordings/:id', lazy: page(() => import('../features/recordings/RecordingPage')) },
    ...['/agreements', '/agreements/:id/edit'].map((path) => soon(path, 'agreements')),
    {
      path: '/settings',
      lazy: settingsLayout('PersonalSettingsLayout'),
      children: [
        { index: true, element: <Navigate to="/settings/general" replace /> },
        { path: 'general', lazy: page(() => import('../features/settings/ProfileSettings')) },
        { path: 'calendar', lazy: page(() => import('../features/booking/CalendarSettingsPage')) },
        { path: 'connected-apps', lazy: page(() => import('../features/calendar/ConnectedAppsPage')) },
        { path: 'change-password', lazy: page(() => import('../features/settings/SecuritySettings')) },
        { path: 'notifications', lazy: page(() => import('../features/notifications/NotificationSettingsPage')) },
      ],
    },
    {
      element: (
        <RequireAdmin>
          <Outlet />
        </RequireAdmin>
      ),
      children: [
        {
          path: '/admin-settings',
          lazy: settingsLayout('AdminSettingsLayout'),
          children: [
            { index: true, element: <Navigate to="/admin-settings/account" replace /> },
            { path: 'account', lazy: page(() => import('../features/settings/OrganizationSettings')) },
            { path: 'deal', lazy: page(() => import('../features/deals/PipelineSettingsPage')) },
            { path: 'booking', lazy: page(() => import('../features/booking/BookingSettingsPage')) },
            soonSection('crm-integrations', 'crm'),
          ],
        },
      ],
    },
  ],
}

export const router = createBrowserRouter([
  {
    Component: Root,
    // Shown while the first page's chunk downloads: every route is lazy, so there is nothing else to show yet.
    HydrateFallback: SplashScreen,
    children: [
      dashboard,
      { path: '/login', lazy: guest(login) },
      { path: '/auth', lazy: guest(login) },
      { path: '/auth/login-unprotected', lazy: page(login) },
      { path: '/register', lazy: guest(register) },
      { path: '/auth/register-unprotected', lazy: page(register) },
      { path: '/signup', lazy: page(() => import('../features/auth/SignupPage')) },
      { path: '/welcome/signup', lazy: page(() => import('../features/onboarding/WelcomePage')) },
      { path: '/forgot-password', lazy: page(() => import('../features/auth/ForgotPasswordPage')) },
      { path: '/auth/new-password', lazy: page(() => import('../features/auth/NewPasswordPage')) },
      { path: '/auth/verify', lazy: page(() => import('../features/auth/VerifyPage')) },
      ...bookingPublicRoutes,
      ...salesroomPublicRoutes,
      ...landingPublicRoutes,
      ...productRoomPublicRoutes,
      ...meetingPublicRoutes,
      ...templateRoutes,
      ...generalRoutes,
      ...componentsRoutes,
      { path: '/403', lazy: page(() => import('../features/errors/ForbiddenPage')) },
      { path: '/500', lazy: page(() => import('../features/errors/ServerErrorPage')) },
      { path: '*', lazy: page(() => import('../features/errors/NotFoundPage')) },
    ],
  },
])
