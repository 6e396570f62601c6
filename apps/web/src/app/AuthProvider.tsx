import type { Login, Register, Signup, User, UserSettings } from '@closeroom/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'
import { ApiError, api } from '../lib/api'
import { useServerStatus } from './ServerStatusProvider'

export const meKey = ['auth', 'me'] as const

type Session = {
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

const AuthContext = createContext<Session | null>(null)

/**
 * The session as the spec describes it. The current user is fetched only once the server is known to be
 * up; a 401 means "signed out", with no retry. Logging out drops every cached query.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { status } = useServerStatus()
  const queryClient = useQueryClient()
  const [signedOut, setSignedOut] = useState(false)
  const me = useQuery({
    queryKey: meKey,
    enabled: status === 'active',
    retry: false,
    queryFn: async () => {
      try {
        return (await api<{ user: User }>('/auth/me')).user
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null
        throw error
      }
    },
  })

  const signIn = useCallback(
    (user: User) => {
      setSignedOut(false)
      queryClient.setQueryData(meKey, user)
      return user
    },
    [queryClient],
  )

  const login = useCallback(
    async (body: Login) => {
      try {
        return signIn((await api<{ user: User }>('/auth/login', { method: 'POST', body })).user)
      } catch (error) {
        queryClient.setQueryData(meKey, null)
        throw error
      }
    },
    [queryClient, signIn],
  )
  const register = useCallback(
    async (body: Register) => signIn((await api<{ user: User }>('/register', { method: 'POST', body })).user),
    [signIn],
  )
  const signup = useCallback(
    async (body: Signup) => signIn((await api<{ user: User }>('/account/signup', { method: 'POST', body })).user),
    [signIn],
  )
  const updateSettings = useCallback(
    async (body: UserSettings) => signIn(await api<User>('/user/settings', { method: 'POST', body })),
    [signIn],
  )
  const logout = useCallback(async () => {
    await api('/auth/logout', { method: 'DELETE' }).catch(() => undefined)
    // Every cached answer goes. The session query is emptied in place rather than removed: clear() would
    // detach the provider's own observer, and the next sign-in in this tab would go unnoticed.
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== JSON.stringify(meKey) })
    setSignedOut(true)
    queryClient.setQueryData(meKey, null)
  }, [queryClient])

  const user = me.data ?? null
  const value = useMemo<Session>(
    () => ({
      isInitialized: me.data !== undefined || me.isError,
      isAuthenticated: user !== null,
      user,
      method: 'jwt',
      signedOut,
      login,
      register,
      signup,
      updateSettings,
      logout,
    }),
    [me.data, me.isError, user, signedOut, login, register, signup, updateSettings, logout],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export function useAuthContext(): Session {
  const context = useContext(AuthContext)
  if (!context) throw new Error('useAuthContext context must be use inside AuthProvider')
  return context
}
