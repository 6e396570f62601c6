import type { Login, Register, Signup, User, UserSettings } from '@closeroom/shared'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useMemo, useState } from 'react'
import { ApiError, client, unwrap } from '../lib/api'
import { useServerStatus } from './ServerStatusProvider'
import { AuthContext, type Session } from './session'

export { useAuthContext } from './session'

/** The signed-in user, null when signed out: written in place on sign-in and sign-out, so its key carries its type. */
export const meQuery = queryOptions({
  queryKey: ['auth', 'me'] as const,
  queryFn: async ({ signal }) => {
    try {
      return (await unwrap(client.GET('/auth/me', { signal }))).user
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null
      throw error
    }
  },
})

/**
 * The session as the spec describes it. The current user is fetched only once the server is known to be
 * up; a 401 means "signed out", with no retry. Logging out drops every cached query.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { status } = useServerStatus()
  const queryClient = useQueryClient()
  const [signedOut, setSignedOut] = useState(false)
  const me = useQuery({ ...meQuery, enabled: status === 'active', retry: false })

  const signIn = useCallback(
    (user: User) => {
      setSignedOut(false)
      queryClient.setQueryData(meQuery.queryKey, user)
      return user
    },
    [queryClient],
  )

  const login = useCallback(
    async (body: Login) => {
      try {
        return signIn((await unwrap(client.POST('/auth/login', { body }))).user)
      } catch (error) {
        queryClient.setQueryData(meQuery.queryKey, null)
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
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== JSON.stringify(meQuery.queryKey) })
    setSignedOut(true)
    queryClient.setQueryData(meQuery.queryKey, null)
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
