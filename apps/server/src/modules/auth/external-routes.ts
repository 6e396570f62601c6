import { SignInCallbackQuery, SignInProviderList, SignInProviderParams, type SignInWithError } from '@closeroom/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { setSessionCookie } from '../../http/auth.ts'
import { NotFound } from '../../http/errors.ts'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import { type createFlowCookies, type ExternalSignIn, SignInRefused } from './external-sign-in.ts'
import { FlowError, type OAuthClient } from './oauth-providers.ts'
import type { Sessions } from './sessions.ts'

const FLOW_COOKIE = 'closeroom_oauth'
const FLOW_COOKIE_PATH = '/api/auth/oauth'
const tags = ['auth']

type Deps = {
  clients: OAuthClient[]
  flows: ReturnType<typeof createFlowCookies>
  signIn: ExternalSignIn
  sessions: Sessions
  limits: RateLimitGuards
  appUrl: string
}

/**
 * Sign in with another account: the page lists the configured providers, a button goes to the start address,
 * which sends the browser to the provider; the provider sends it back to the callback, which signs in and goes
 * on to the app, or back to the sign-in page with `?error=<code>`.
 */
export function externalSignInRoutes(app: FastifyInstance, { clients, flows, signIn, sessions, limits, appUrl }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const client = (id: string) => {
    const found = clients.find((c) => c.provider.id === id)
    if (!found) throw NotFound('This sign-in provider is not configured')
    return found
  }
  const toLogin = (reply: FastifyReply, error: SignInWithError) => reply.redirect(`${appUrl}/login?error=${error}`, 302)

  r.get(
    '/auth/providers',
    { schema: { tags, description: 'The other accounts people may sign in with here.', response: { 200: SignInProviderList } } },
    async () => ({
      providers: clients.map(({ provider: p }) => ({
        id: p.id,
        name: p.name,
        kind: p.id === 'google' ? ('google' as const) : p.kind,
      })),
    }),
  )

  r.get(
    '/auth/oauth/:provider',
    {
      preHandler: limits.credentials,
      schema: { tags, description: 'Starts signing in with a provider: redirects to it.', params: SignInProviderParams },
    },
    async (req, reply) => {
      const c = client(req.params.provider)
      try {
        const { url, checks } = await c.start()
        reply.setCookie(FLOW_COOKIE, flows.seal(c.provider.id, checks), {
          httpOnly: true,
          // Lax: the provider's redirect back is a top-level navigation from another site.
          sameSite: 'lax',
          secure: req.protocol === 'https',
          path: FLOW_COOKIE_PATH,
          maxAge: flows.maxAgeSeconds,
        })
        return reply.redirect(url.href, 302)
      } catch (error) {
        return refused(req, reply, error)
      }
    },
  )

  r.get(
    '/auth/oauth/:provider/callback',
    {
      preHandler: limits.credentials,
      // The query holds the authorization code: the request log keeps the path only.
      logSerializers: { req: (req: FastifyRequest) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }) },
      schema: {
        tags,
        description: 'Where the provider sends the browser back: signs in, then redirects to the app or to /login?error=.',
        params: SignInProviderParams,
        querystring: SignInCallbackQuery,
      },
    },
    async (req, reply) => {
      const c = client(req.params.provider)
      const checks = flows.open(req.cookies[FLOW_COOKIE], c.provider.id)
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH })
      if (req.query.error) return toLogin(reply, 'oauth_denied')
      if (!checks) return toLogin(reply, 'oauth_state')
      try {
        // The provider's answer at the very address it was given (the token request repeats it).
        const answer = new URL(callbackUrl(appUrl, c.provider.id))
        answer.search = new URL(req.url, 'http://x').search
        const profile = await c.finish(answer, checks)
        const user = await signIn.signIn(c.provider.id, profile)
        setSessionCookie(req, reply, await sessions.start(user.id, req.headers['user-agent']))
        return reply.redirect(`${appUrl}/`, 302)
      } catch (error) {
        return refused(req, reply, error)
      }
    },
  )

  function refused(req: FastifyRequest, reply: FastifyReply, error: unknown) {
    if (error instanceof SignInRefused) return toLogin(reply, error.code)
    if (error instanceof FlowError) {
      // The message names the check that failed; it never holds a token or a secret.
      req.log.warn({ provider: (req.params as { provider: string }).provider, code: error.code }, error.message)
      return toLogin(reply, error.code)
    }
    throw error
  }
}

/** Where a provider sends the browser back; register this address with the provider. */
export const callbackUrl = (appUrl: string, providerId: string) => `${appUrl}${FLOW_COOKIE_PATH}/${providerId}/callback`
