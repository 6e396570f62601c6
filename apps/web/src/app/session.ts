import type { Login, Register, Signup, User, UserSettings } from '@closeroom/shared'
import { createContext, useContext } from 'react'

// The session's shape and hook, apart from AuthProvider: the guards and pages that read the session do not
// pull TanStack Query into the first download of pages that have no session (the public booking pages).

export type Session = {
  isInitialized: boolean
  isAuthenticated: boolean
  user: User | null
  method: 'jwt'
  /** True once the user signed out in this tab (until the next sign-in): their last page is not worth returning to. */
  signedOut: boolean
  login(body: Login): Promise<User>
  register(body: Register): Promise<User>
  signup(body: Signup): Promise<User>
  updateSettings(body: UserSettings): Promise<User>
  logout(): Promise<void>
}

export const AuthContext = createContext<Session | null>(null)

export function useAuthContext(): Session {
  const context = useContext(AuthContext)
  if (!context) throw new Error('useAuthContext context must be use inside AuthProvider')
  return context
}
