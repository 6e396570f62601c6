import * as oidc from 'openid-client'
import type { SignInProvider } from '../../config.ts'

/** What a provider tells us about the person, once the authorization code is exchanged. */
export type ExternalProfile = { subject: string; email: string | null; emailVerified: boolean; name: string | null }

/** The secrets of one sign-in attempt, kept in a signed cookie between the start and the callback. */
export type FlowChecks = { state: string; nonce: string; codeVerifier: string }

/** Why a callback was refused; each becomes a message on the sign-in page. */
export class FlowError extends Error {
  readonly code: 'oauth_state' | 'oauth_nonce' | 'oauth_failed' | 'oauth_unavailable'
  constructor(code: 'oauth_state' | 'oauth_nonce' | 'oauth_failed' | 'oauth_unavailable', message: string) {
    super(message)
    this.code = code
  }
}

/**
 * HTTP Basic client authentication with the id and secret URL-encoded as RFC 6749 asks, leaving `-`, `_`, `.`
 * and `~` as they are: openid-client's ClientSecretBasic encodes those too, which a server that does not
 * decode (X's documentation shows the plain `id:secret`) would not recognise; a decoding one reads both alike.
 */
function basicAuth(clientSecret: string): oidc.ClientAuth {
  return (_server, client, _body, headers) => {
    const credentials = `${encodeURIComponent(client.client_id)}:${encodeURIComponent(clientSecret)}`
    headers.set('authorization', `Basic ${Buffer.from(credentials).toString('base64')}`)
  }
}

const OIDC_SCOPE = 'openid email profile'
const GITHUB_SCOPE = 'read:user user:email'
const X_SCOPE = 'users.read tweet.read users.email'

/**
 * The OAuth side of signing in with another account, through openid-client: OpenID Connect discovery, PKCE,
 * state and nonce checks for Google and the operator's providers; plain OAuth 2 with PKCE and state for
 * GitHub and X, whose user endpoints then give the profile.
 */
export function createOAuthClient(provider: SignInProvider, redirectUri: string) {
  let configuration: Promise<oidc.Configuration> | undefined

  async function configure(): Promise<oidc.Configuration> {
    const insecure = provider.issuer.startsWith('http:')
    if (provider.kind === 'oidc') {
      return oidc.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
      })
    }
    const endpoints =
      provider.kind === 'github'
        ? {
            authorization_endpoint: `${provider.issuer}/login/oauth/authorize`,
            token_endpoint: `${provider.issuer}/login/oauth/access_token`,
          }
        : { authorization_endpoint: `${provider.issuer}/i/oauth2/authorize`, token_endpoint: `${provider.apiUrl}/2/oauth2/token` }
    const config = new oidc.Configuration(
      { issuer: provider.issuer, ...endpoints },
      provider.clientId,
      provider.clientSecret,
      // X takes a confidential client's secret in the Authorization header only.
      provider.kind === 'x' ? basicAuth(provider.clientSecret) : oidc.ClientSecretPost(provider.clientSecret),
    )
    if (insecure || provider.apiUrl?.startsWith('http:')) oidc.allowInsecureRequests(config)
    return config
  }

  /** Discovery is fetched once and kept; a failed one is tried again on the next sign-in. */
  function configuration_(): Promise<oidc.Configuration> {
    configuration ??= configure().catch((error: unknown) => {
      configuration = undefined
      throw new FlowError('oauth_unavailable', `${provider.name} could not be reached: ${(error as Error).message}`)
    })
    return configuration
  }

  async function start(): Promise<{ url: URL; checks: FlowChecks }> {
    const config = await configuration_()
    const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() }
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: provider.kind === 'oidc' ? OIDC_SCOPE : provider.kind === 'github' ? GITHUB_SCOPE : X_SCOPE,
      state: checks.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    }
    if (provider.kind === 'oidc') parameters.nonce = checks.nonce
    return { url: oidc.buildAuthorizationUrl(config, parameters), checks }
  }

  /** Exchanges the code of the provider's answer (`callbackUrl`, with its query) and reads who signed in. */
  async function finish(callbackUrl: URL, checks: FlowChecks): Promise<ExternalProfile> {
    const config = await configuration_()
    if (callbackUrl.searchParams.get('state') !== checks.state)
      throw new FlowError('oauth_state', `${provider.name}: the state does not match this browser's sign-in`)
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>
    try {
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        ...(provider.kind === 'oidc' ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
      })
    } catch (error) {
      // openid-client names the failed check in the error it wraps.
      const message = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message
      if (/"state"/.test(message)) throw new FlowError('oauth_state', `${provider.name}: ${message}`)
      if (/"nonce"/.test(message)) throw new FlowError('oauth_nonce', `${provider.name}: ${message}`)
      throw new FlowError('oauth_failed', `${provider.name} refused the sign-in: ${message}`)
    }
    try {
      if (provider.kind === 'oidc') return await oidcProfile(config, tokens)
      if (provider.kind === 'github') return await githubProfile(config, tokens.access_token)
      return await xProfile(config, tokens.access_token)
    } catch (error) {
      throw new FlowError('oauth_failed', `${provider.name} did not say who signed in: ${(error as Error).message}`)
    }
  }

  async function oidcProfile(config: oidc.Configuration, tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers) {
    const idToken = tokens.claims()
    if (!idToken) throw new Error('no ID token')
    // Some providers (Microsoft Entra, Keycloak by setting) keep the email for the user-info endpoint.
    const claims =
      typeof idToken.email === 'string'
        ? idToken
        : { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), sub: idToken.sub }
    return {
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : null,
    }
  }

  async function api<T>(config: oidc.Configuration, accessToken: string, path: string): Promise<T> {
    const headers = new Headers({ accept: 'application/json', 'user-agent': 'Closeroom' })
    const res = await oidc.fetchProtectedResource(config, accessToken, new URL(`${provider.apiUrl}${path}`), 'GET', undefined, headers)
    if (!res.ok) throw new Error(`${path} answered ${res.status}`)
    return (await res.json()) as T
  }

  /** GitHub's profile email may be unverified or hidden, so the verified primary one comes from /user/emails. */
  async function githubProfile(config: oidc.Configuration, accessToken: string): Promise<ExternalProfile> {
    const user = await api<{ id: number; login: string; name: string | null }>(config, accessToken, '/user')
    const emails = await api<{ email: string; primary: boolean; verified: boolean }[]>(config, accessToken, '/user/emails')
    const primary = emails.find((e) => e.primary)
    return {
      subject: String(user.id),
      email: primary?.email ?? null,
      emailVerified: primary?.verified === true,
      name: user.name || user.login,
    }
  }

  /** X gives the account's email only as `confirmed_email`, to apps granted the users.email scope. */
  async function xProfile(config: oidc.Configuration, accessToken: string): Promise<ExternalProfile> {
    const { data } = await api<{ data: { id: string; name?: string; username: string; confirmed_email?: string } }>(
      config,
      accessToken,
      '/2/users/me?user.fields=confirmed_email',
    )
    return {
      subject: data.id,
      email: data.confirmed_email ?? null,
      emailVerified: Boolean(data.confirmed_email),
      name: data.name || data.username,
    }
  }

  return { provider, start, finish }
}

export type OAuthClient = ReturnType<typeof createOAuthClient>
