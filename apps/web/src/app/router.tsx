import type { ComponentType } from 'react'
import { createBrowserRouter, Outlet } from 'react-router'
import { AuthProvider } from './AuthProvider'
import { GuestOnly, RequireAuth } from './guards'
import { ServerStatusProvider } from './ServerStatusProvider'

// Every page is its own chunk: the sign-in pages never download the signed-in app's code.
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default })

const guest = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const Page = (await load()).default
  return {
    Component: () => (
      <GuestOnly>
        <Page />
      </GuestOnly>
    ),
  }
}

const signedIn = (load: () => Promise<{ default: ComponentType }>) => async () => {
  const Page = (await load()).default
  return {
    Component: () => (
      <RequireAuth>
        <Page />
      </RequireAuth>
    ),
  }
}

function Root() {
  return (
    <ServerStatusProvider>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </ServerStatusProvider>
  )
}

const login = () => import('../features/auth/LoginPage')
const register = () => import('../features/auth/RegisterPage')

export const router = createBrowserRouter([
  {
    Component: Root,
    children: [
      { path: '/', lazy: signedIn(() => import('../features/home/HomePage')) },
      { path: '/login', lazy: guest(login) },
      { path: '/auth', lazy: guest(login) },
      { path: '/auth/login-unprotected', lazy: page(login) },
      { path: '/register', lazy: guest(register) },
      { path: '/auth/register-unprotected', lazy: page(register) },
      { path: '/signup', lazy: guest(() => import('../features/auth/SignupPage')) },
      { path: '/forgot-password', lazy: page(() => import('../features/auth/ForgotPasswordPage')) },
      { path: '/auth/new-password', lazy: page(() => import('../features/auth/NewPasswordPage')) },
      { path: '/auth/verify', lazy: page(() => import('../features/auth/VerifyPage')) },
      { path: '/403', lazy: page(() => import('../features/errors/ForbiddenPage')) },
      { path: '/500', lazy: page(() => import('../features/errors/ServerErrorPage')) },
      { path: '*', lazy: page(() => import('../features/errors/NotFoundPage')) },
    ],
  },
])
