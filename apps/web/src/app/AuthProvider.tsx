import type { Login, Register, Signup, User, UserSettings } from '@closeroom/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useMemo, useState } from 'react'
import { ApiError, client, unwrap } from '../lib/api'
import { useServerStatus } from './ServerStatusProvider'
import { AuthContext, type Session } from './session'

export { useAuthContext } from './session'

export const meKey = ['auth', 'me'] as const

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
    queryFn: async ({ signal }) => {
      try {
        return (await unwrap(client.GET('/auth/me', { signal }))).user
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
        return signIn((await unwrap(client.POST('/auth/login', { body }))).user)
      } catch (error) {
        queryClient.setQueryData(meKey, null)
        throw error
      }
    },
    [queryClient, signIn],
  )
  const register = useCallback(async (body: Register) => signIn((await unwrap(client.POST('/register', { body }))).user), [signIn])
  const signup = useCallback(async (body: Signup) => signIn((await unwrap(client.POST('/account/signup', { body }))).user), [signIn])
  const updateSettings = useCallback(async (body: UserSettings) => signIn(await unwrap(client.POST('/user/settings', { body }))), [signIn])
  const logout = useCallback(async () => {
    await unwrap(client.DELETE('/auth/logout')).catch(() => undefined)
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
