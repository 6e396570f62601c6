import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type KoaContextWithOIDC } from 'oidc-provider'

export type OidcAccount = { email: string; email_verified: boolean; name: string }

export type TestOidcProvider = {
  issuer: string
  clientId: string
  clientSecret: string
  /** Adds or replaces an account; its id is what is typed as the login on the provider's sign-in page. */
  account: (id: string, claims: OidcAccount) => void
  /** Every token endpoint answer so far (access, ID tokens), to check none of them leaks. */
  tokenAnswers: string[]
  /**
   * Follows an authorization address through the provider's own sign-in page as `accountId` would, and
   * answers the address the provider sends the browser back to (the app's callback, with code and state).
   */
  authorize: (authorizationUrl: string, accountId: string) => Promise<URL>
  close: () => Promise<void>
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package, with its development sign-in pages) on
 * 127.0.0.1, with one confidential client allowed to send people back to `redirectUris`. Consent is
 * taken as given, so a sign-in is a login form and back.
 */
export async function startOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const accounts = new Map<string, OidcAccount>()
  const tokenAnswers: string[] = []
  let handler: ((req: Parameters<Parameters<typeof createServer>[1] & object>[0], res: ServerResponse) => void) | undefined
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/token')) {
      const end = res.end.bind(res)
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk) tokenAnswers.push(String(chunk))
        return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest)
      }) as typeof res.end
    }
    handler?.(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clientId = 'closeroom'
  const clientSecret = `client-secret-${crypto.randomUUID()}`

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the email in the ID token, as Google does.
    conformIdTokenClaims: false,
    cookies: { keys: [crypto.randomUUID()] },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const claims = accounts.get(id)
      if (!claims) return undefined
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) }
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc
      if (!client || !session?.accountId) return undefined
      const existing = session.grantIdFor(client.clientId)
      if (existing) return ctx.oidc.provider.Grant.find(existing)
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
  })
  const callback = provider.callback()
  handler = (req, res) => void callback(req, res)

  async function authorize(authorizationUrl: string, accountId: string): Promise<URL> {
    const cookies = new Map<string, string>()
    const send = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      })
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';')
        const at = pair?.indexOf('=') ?? -1
        if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1))
      }
      return res
    }
    let res = await send(authorizationUrl)
    for (let hop = 0; hop < 10; hop++) {
      const location = res.headers.get('location')
      if (!location) throw new Error(`the provider answered ${res.status}: ${(await res.text()).slice(0, 300)}`)
      const next = new URL(location, issuer)
      if (next.origin !== issuer) return next
      if (next.pathname.startsWith('/interaction/')) {
        await send(next.href)
        res = await send(next.href, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' }).toString(),
        })
      } else {
        res = await send(next.href)
      }
    }
    throw new Error('the provider never sent the browser back')
  }

  return {
    issuer,
    clientId,
    clientSecret,
    account: (id, claims) => accounts.set(id, claims),
    tokenAnswers,
    authorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
