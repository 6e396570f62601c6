import {
  ErrorBody,
  IdParams,
  LinkedIdentityList,
  Ok,
  SignInCallbackQuery,
  SignInProviderList,
  SignInProviderParams,
  SignInStartQuery,
  type SignInWithError,
  safeReturnPath,
} from '@closeroom/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor, setSessionCookie } from '../../http/auth.ts'
import { NotFound } from '../../http/errors.ts'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import { type createFlowCookies, type ExternalSignIn, type FlowIntent, SignInRefused } from './external-sign-in.ts'
import { FlowError, type OAuthClient } from './oauth-providers.ts'
import type { Sessions } from './sessions.ts'

const FLOW_COOKIE = 'closeroom_oauth'
const FLOW_COOKIE_PATH = '/api/auth/oauth'
const tags = ['auth']
/** Acts on the member's own ways in: an API key is refused (http/auth.ts). */
const sessionOnly = { sessionOnly: true }

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
 * on to the page asked for (`returnTo`), or back to the sign-in page with `?error=<code>`. From the settings, the
 * same round trip links the account at the provider to the member signed in (`link=1`) and returns there.
 */
export function externalSignInRoutes(app: FastifyInstance, { clients, flows, signIn, sessions, limits, appUrl }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const client = (id: string) => {
    const found = clients.find((c) => c.provider.id === id)
    if (!found) throw NotFound('This sign-in provider is not configured')
    return found
  }
  /** Back where the attempt came from with why it failed: the sign-in page (keeping its return path), or the settings. */
  const refuse = (reply: FastifyReply, error: SignInWithError, intent?: FlowIntent) => {
    if (intent?.linkTo) return reply.redirect(`${appUrl}${withQuery(intent.returnTo, 'error', error)}`, 302)
    const returnTo = intent && intent.returnTo !== '/' ? `&returnTo=${encodeURIComponent(intent.returnTo)}` : ''
    return reply.redirect(`${appUrl}/login?error=${error}${returnTo}`, 302)
  }

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
      config: { public: true, ...sessionOnly },
      schema: {
        tags,
        description:
          'Starts signing in with a provider: redirects to it. With `link=1`, from a signed-in session, links the account there instead.',
        params: SignInProviderParams,
        querystring: SignInStartQuery,
      },
    },
    async (req, reply) => {
      const c = client(req.params.provider)
      const returnTo = safeReturnPath(req.query.returnTo)
      // A link is for the member whose session started it, and only that session may finish it. A browser signed
      // out meanwhile signs in first: going on would sign in with the provider, or make a newcomer's account.
      const linkTo = req.query.link ? req.auth?.user.id : undefined
      if (req.query.link && !linkTo) return reply.redirect(`${appUrl}/login?returnTo=${encodeURIComponent(returnTo)}`, 302)
      const intent: FlowIntent = { returnTo, ...(linkTo ? { linkTo } : {}) }
      try {
        const { url, checks } = await c.start()
        reply.setCookie(FLOW_COOKIE, flows.seal(c.provider.id, checks, intent), {
          httpOnly: true,
          // Lax: the provider's redirect back is a top-level navigation from another site.
          sameSite: 'lax',
          secure: req.protocol === 'https',
          path: FLOW_COOKIE_PATH,
          maxAge: flows.maxAgeSeconds,
        })
        return reply.redirect(url.href, 302)
      } catch (error) {
        return refused(req, reply, error, intent)
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
      const flow = flows.open(req.cookies[FLOW_COOKIE], c.provider.id)
      reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH })
      if (!flow) return refuse(reply, 'oauth_state')
      const { checks, intent } = flow
      if (req.query.error) return refuse(reply, 'oauth_denied', intent)
      // Signed out, or signed in as someone else, since the link was started: it is not theirs to finish.
      if (intent.linkTo && req.auth?.user.id !== intent.linkTo) return refuse(reply, 'oauth_state')
      try {
        // The provider's answer at the very address it was given (the token request repeats it).
        const answer = new URL(callbackUrl(appUrl, c.provider.id))
        answer.search = new URL(req.url, 'http://x').search
        const profile = await c.finish(answer, checks)
        if (intent.linkTo) {
          await signIn.link(intent.linkTo, c.provider.id, profile)
          return reply.redirect(`${appUrl}${withQuery(intent.returnTo, 'linked', c.provider.id)}`, 302)
        }
        const user = await signIn.signIn(c.provider.id, profile)
        setSessionCookie(req, reply, await sessions.start(user.id, req.headers['user-agent']))
        return reply.redirect(`${appUrl}${intent.returnTo}`, 302)
      } catch (error) {
        return refused(req, reply, error, intent)
      }
    },
  )

  r.get(
    '/auth/identities',
    {
      config: sessionOnly,
      schema: { tags, summary: 'List your linked accounts', response: { 200: LinkedIdentityList, 401: ErrorBody } },
    },
    async (req) => signIn.listFor(actor(req).user.id),
  )

  r.delete(
    '/auth/identities/:id',
    {
      config: sessionOnly,
      schema: {
        tags,
        summary: 'Unlink an account',
        description: 'Unlinks one of your accounts at a provider, unless it is your only way to sign in.',
        params: IdParams,
        response: { 200: Ok, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (req) => {
      await signIn.unlink(actor(req).user.id, req.params.id)
      return { ok: true as const }
    },
  )

  function refused(req: FastifyRequest, reply: FastifyReply, error: unknown, intent: FlowIntent) {
    if (error instanceof SignInRefused) return refuse(reply, error.code, intent)
    if (error instanceof FlowError) {
      // The message names the check that failed; it never holds a token or a secret.
      req.log.warn({ provider: (req.params as { provider: string }).provider, code: error.code }, error.message)
      return refuse(reply, error.code, intent)
    }
    throw error
  }
}

/** `path` with one more query parameter, whether or not it has a query already. */
function withQuery(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://x')
  url.searchParams.set(name, value)
  return `${url.pathname}${url.search}`
}

/** Where a provider sends the browser back; register this address with the provider. */
export const callbackUrl = (appUrl: string, providerId: string) => `${appUrl}${FLOW_COOKIE_PATH}/${providerId}/callback`
