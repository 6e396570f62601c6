import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type GitHubUser = {
  id: number
  login: string
  name: string | null
  emails: { email: string; primary: boolean; verified: boolean }[]
}
export type XUser = { id: string; username: string; name: string; confirmed_email?: string }

/**
 * GitHub's and X's OAuth 2 endpoints as the sign-in uses them, on 127.0.0.1, for tests (neither is
 * reachable from here): their authorization step (approved at once for the account the test names), the token
 * endpoint with the PKCE check and each one's client authentication (GitHub's secret in the form, X's in
 * Basic), and the user endpoints behind the access token. GITHUB_URL, GITHUB_API_URL, X_URL and X_API_URL all
 * point at it.
 */
export async function startOAuth2Server() {
  const clientId = 'closeroom-oauth2'
  const clientSecret = `oauth2-secret-${randomUUID()}`
  const github = new Map<string, GitHubUser>()
  const x = new Map<string, XUser>()
  const codes = new Map<string, { provider: 'github' | 'x'; account: string; challenge: string; redirectUri: string }>()
  const tokens = new Map<string, { provider: 'github' | 'x'; account: string }>()
  const issuedTokens: string[] = []

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const readBody = async (req: IncomingMessage) => {
    let text = ''
    for await (const chunk of req) text += chunk
    return new URLSearchParams(text)
  }
  const bearer = (req: IncomingMessage) => tokens.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''))

  async function token(req: IncomingMessage, res: ServerResponse, provider: 'github' | 'x') {
    const form = await readBody(req)
    if (provider === 'github') {
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
        return json(res, 401, { error: 'invalid_client' })
    } else {
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString()
      const [id = '', secret = ''] = basic.split(':').map((part) => decodeURIComponent(part.replaceAll('+', ' ')))
      if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: 'invalid_client' })
    }
    const grant = codes.get(form.get('code') ?? '')
    codes.delete(form.get('code') ?? '')
    const verifier = form.get('code_verifier') ?? ''
    if (
      !grant ||
      grant.provider !== provider ||
      grant.redirectUri !== form.get('redirect_uri') ||
      createHash('sha256').update(verifier).digest('base64url') !== grant.challenge
    )
      return json(res, 400, { error: 'invalid_grant' })
    const accessToken = `${provider}-token-${randomUUID()}`
    tokens.set(accessToken, { provider, account: grant.account })
    issuedTokens.push(accessToken)
    json(res, 200, { access_token: accessToken, token_type: 'bearer', scope: 'read:user user:email' })
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') return token(req, res, 'github')
    if (req.method === 'POST' && url.pathname === '/2/oauth2/token') return token(req, res, 'x')
    const who = bearer(req)
    if (url.pathname === '/user' && who?.provider === 'github') {
      const { emails: _, ...user } = github.get(who.account) as GitHubUser
      return json(res, 200, user)
    }
    if (url.pathname === '/user/emails' && who?.provider === 'github') return json(res, 200, github.get(who.account)?.emails)
    if (url.pathname === '/2/users/me' && who?.provider === 'x') {
      const { confirmed_email, ...user } = x.get(who.account) as XUser
      return json(res, 200, {
        data: url.searchParams.get('user.fields')?.includes('confirmed_email') ? { ...user, confirmed_email } : user,
      })
    }
    json(res, 401, { message: 'Requires authentication' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  /** The person approves the app at the provider as `account`: the address the provider sends the browser back to. */
  function authorize(authorizationUrl: string, account: string): URL {
    const asked = new URL(authorizationUrl)
    const provider = asked.pathname === '/login/oauth/authorize' ? 'github' : asked.pathname === '/i/oauth2/authorize' ? 'x' : null
    if (!provider) throw new Error(`not an authorization address: ${authorizationUrl}`)
    if (asked.searchParams.get('client_id') !== clientId) throw new Error('unknown client')
    if (asked.searchParams.get('code_challenge_method') !== 'S256') throw new Error('PKCE missing')
    const code = randomUUID()
    const redirectUri = asked.searchParams.get('redirect_uri') ?? ''
    codes.set(code, { provider, account, challenge: asked.searchParams.get('code_challenge') ?? '', redirectUri })
    const back = new URL(redirectUri)
    back.searchParams.set('code', code)
    back.searchParams.set('state', asked.searchParams.get('state') ?? '')
    return back
  }

  return {
    url,
    clientId,
    clientSecret,
    githubUser: (key: string, user: GitHubUser) => github.set(key, user),
    xUser: (key: string, user: XUser) => x.set(key, user),
    issuedTokens,
    authorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
