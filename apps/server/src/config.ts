import { resolve } from 'node:path'
import { IceServer } from '@closeroom/shared'
import { z } from 'zod'
import { parseAllowance } from './lib/outbound.ts'

const OidcProviderEnv = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,30}$/)
    .refine((id) => !['google', 'github', 'x'].includes(id)),
  name: z.string().min(1).max(60),
  issuer: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
})

/** A provider people may sign in with; configured by the operator, so its addresses are trusted. */
export type SignInProvider = {
  /** Used in the sign-in addresses (/api/auth/oauth/:id) and stored with each linked identity. */
  id: string
  name: string
  /** 'oidc': discovery from the issuer; 'github' and 'x' are plain OAuth 2 with their own user endpoints. */
  kind: 'oidc' | 'github' | 'x'
  clientId: string
  clientSecret: string
  /** The OpenID Connect issuer, or for OAuth 2 providers the base of their authorization pages. */
  issuer: string
  /** OAuth 2 providers only: the base of their token and user endpoints. */
  apiUrl?: string
}

// The environment is read here, once. Nothing else in the server touches process.env.
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Closeroom <no-reply@closeroom.local>'),
  /** Who receives the public contact, purchase and notify-me messages. Unset: they are only logged (info). */
  CONTACT_EMAIL: z.email().optional(),
  /** The address people reach the app at; used in emailed links and as the allowed origin. */
  APP_URL: z.url().optional(),
  /** Extra origins allowed to make state-changing requests (comma-separated), e.g. a Vite dev server. */
  TRUSTED_ORIGINS: z.string().default(''),
  /** Set when a proxy in front terminates TLS, so the client IP and https are read from X-Forwarded-*. */
  TRUST_PROXY: z.stringbool().default(false),
  /**
   * Multiplies every per-IP and per-email rate limit (sign-in tries, public page reads and writes): raise it
   * when many buyers share one address (an office behind one NAT) or to load-test from one machine.
   */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  SEED_DEMO: z.stringbool().default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** A PKCS#12 file (.p12/.pfx) whose certificate seals completed agreements; unset, one is generated into DATA_DIR. */
  AGREEMENT_CERT_FILE: z.string().optional(),
  AGREEMENT_CERT_PASSPHRASE: z.string().default(''),
  /** How much file storage each organization may use, in MB (library, room documents, product media, agreements). */
  FILES_STORAGE_LIMIT_MB: z.coerce.number().positive().default(10240),
  /**
   * Private or local ranges the server may still connect to when a user gives it an address (a CalDAV server, a
   * logo), comma-separated CIDRs (`192.168.1.0/24,127.0.0.1/32`) or `*`. Unset: only public addresses.
   */
  ALLOW_PRIVATE_TARGETS: z
    .string()
    .default('')
    .refine(
      (text) => {
        try {
          parseAllowance(text)
          return true
        } catch {
          return false
        }
      },
      { message: 'Expected comma-separated IP addresses or CIDR ranges, or *' },
    ),
  /**
   * Seconds between a webhook delivery's failed attempt and its next one, comma-separated; as many retries as
   * numbers. The default follows the Standard Webhooks advice: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
   */
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .default('5,300,1800,7200,18000,36000,36000')
    .transform((text, ctx) => {
      const delays = text
        .split(',')
        .filter((s) => s.trim() !== '')
        .map(Number)
      if (delays.every((d) => Number.isFinite(d) && d >= 0)) return delays
      ctx.addIssue({ code: 'custom', message: 'Expected comma-separated numbers of seconds' })
      return z.NEVER
    }),
  /** How long an endpoint may fail every attempt before it is paused and its creator told, in seconds (a day). */
  WEBHOOK_FAILURE_WINDOW_SECONDS: z.coerce.number().min(0).default(86_400),
  /** How long a webhook's endpoint has to answer, in seconds. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  /** Sign in with Google (OpenID Connect): the OAuth client from Google Cloud's console. GOOGLE_ISSUER is for tests. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  /** Sign in with GitHub (OAuth 2): an OAuth app's client. The two addresses are for GitHub Enterprise and tests. */
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_URL: z.url().default('https://github.com'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  /** Sign in with X (OAuth 2 with PKCE): a confidential client of the X developer portal. Addresses for tests. */
  X_CLIENT_ID: z.string().optional(),
  X_CLIENT_SECRET: z.string().optional(),
  X_URL: z.url().default('https://x.com'),
  X_API_URL: z.url().default('https://api.x.com'),
  /** Further OpenID Connect providers (Okta, Keycloak, Microsoft Entra): a JSON array of { id, name, issuer, clientId, clientSecret }. */
  OIDC_PROVIDERS: z
    .string()
    .default('[]')
    .transform((text, ctx) => {
      let json: unknown
      try {
        json = JSON.parse(text || '[]')
      } catch {}
      const providers = z.array(OidcProviderEnv).safeParse(json)
      if (providers.success) return providers.data
      ctx.addIssue({ code: 'custom', message: 'Expected a JSON array of { id, name, issuer, clientId, clientSecret } (id: a-z, 0-9, -)' })
      return z.NEVER
    }),
  /** STUN/TURN servers for meeting calls, a JSON array of RTCIceServer; none are needed on one LAN. */
  ICE_SERVERS: z
    .string()
    .default('[]')
    .transform((text, ctx) => {
      let json: unknown
      try {
        json = JSON.parse(text || '[]')
      } catch {}
      const servers = z.array(IceServer).safeParse(json)
      if (servers.success) return servers.data
      ctx.addIssue({ code: 'custom', message: 'Expected a JSON array of { urls, username?, credential? }' })
      return z.NEVER
    }),
})

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl?: string
  redisUrl?: string
  smtpUrl?: string
  mailFrom: string
  contactEmail?: string
  appUrl: string
  trustedOrigins: string[]
  trustProxy: boolean
  /** Every rate limit's allowance is multiplied by this (1: the defaults of http/rate-limits.ts). */
  rateLimitMultiplier: number
  seedDemo: boolean
  logLevel: z.infer<typeof Env>['LOG_LEVEL']
  /** Built SPA to serve; absent when it is not built (API only). */
  webDist: string
  iceServers: IceServer[]
  /** `ALLOW_PRIVATE_TARGETS` as given: what lib/outbound.ts lets the server reach beyond public addresses. */
  allowPrivateTargets: string
  /** The certificate that seals completed agreements: a file given by configuration, or generated (absent here). */
  agreementCertFile?: string
  agreementCertPassphrase: string
  /** Each organization's file storage limit, in bytes. */
  filesStorageLimitBytes: number
  webhooks: { retryDelaysMs: number[]; failureWindowMs: number; timeoutMs: number }
  /** Google, GitHub, X and the operator's OpenID Connect providers, those with a client id and secret. */
  signInProviders: SignInProvider[]
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid environment: ${issue?.path.join('.')}: ${issue?.message}`)
  }
  const e = parsed.data
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    appUrl,
    trustedOrigins: [
      appUrl,
      ...e.TRUSTED_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ],
    trustProxy: e.TRUST_PROXY,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    iceServers: e.ICE_SERVERS,
    allowPrivateTargets: e.ALLOW_PRIVATE_TARGETS,
    agreementCertFile: e.AGREEMENT_CERT_FILE ? resolve(e.AGREEMENT_CERT_FILE) : undefined,
    agreementCertPassphrase: e.AGREEMENT_CERT_PASSPHRASE,
    filesStorageLimitBytes: Math.round(e.FILES_STORAGE_LIMIT_MB * 1024 * 1024),
    webhooks: {
      retryDelaysMs: e.WEBHOOK_RETRY_SECONDS.map((s) => s * 1000),
      failureWindowMs: e.WEBHOOK_FAILURE_WINDOW_SECONDS * 1000,
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
    },
    signInProviders: signInProviders(e),
  }
}

function signInProviders(e: z.infer<typeof Env>): SignInProvider[] {
  const base = (url: string) => url.replace(/\/$/, '')
  const providers: SignInProvider[] = []
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)
    providers.push({
      id: 'google',
      name: 'Google',
      kind: 'oidc',
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.GOOGLE_ISSUER,
    })
  if (e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET)
    providers.push({
      id: 'github',
      name: 'GitHub',
      kind: 'github',
      clientId: e.GITHUB_CLIENT_ID,
      clientSecret: e.GITHUB_CLIENT_SECRET,
      issuer: base(e.GITHUB_URL),
      apiUrl: base(e.GITHUB_API_URL),
    })
  if (e.X_CLIENT_ID && e.X_CLIENT_SECRET)
    providers.push({
      id: 'x',
      name: 'X',
      kind: 'x',
      clientId: e.X_CLIENT_ID,
      clientSecret: e.X_CLIENT_SECRET,
      issuer: base(e.X_URL),
      apiUrl: base(e.X_API_URL),
    })
  for (const p of e.OIDC_PROVIDERS) providers.push({ ...p, kind: 'oidc' })
  return providers
}
