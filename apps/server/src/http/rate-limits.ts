import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { Redis } from 'ioredis'
import { HttpError } from './errors.ts'

export type RateLimitOptions = { max: number; windowMs: number }
export type Limits = {
  perIp: RateLimitOptions
  perEmail: RateLimitOptions
  /** Public pages' reads (a booking page fetching months of slots) and writes (booking, moving, cancelling), per IP. */
  publicReads?: RateLimitOptions
  publicWrites?: RateLimitOptions
  /** Requests made with one API key, whatever the route. */
  apiKey?: RateLimitOptions
}

/** Tries at sign-in, sign-up and password reset: enough for a person, too few for a guessing script. */
export const defaultLimits: Required<Limits> = {
  perIp: { max: 30, windowMs: 60_000 },
  perEmail: { max: 10, windowMs: 15 * 60_000 },
  publicReads: { max: 300, windowMs: 60_000 },
  publicWrites: { max: 20, windowMs: 10 * 60_000 },
  apiKey: { max: 600, windowMs: 60_000 },
}

/** The limits with every allowance multiplied by `factor` (RATE_LIMIT_MULTIPLIER), the windows unchanged. */
export function scaleLimits(limits: Limits, factor: number): Limits {
  const scale = (options: RateLimitOptions) => ({ ...options, max: Math.max(1, Math.round(options.max * factor)) })
  return {
    perIp: scale(limits.perIp),
    perEmail: scale(limits.perEmail),
    publicReads: scale(limits.publicReads ?? defaultLimits.publicReads),
    publicWrites: scale(limits.publicWrites ?? defaultLimits.publicWrites),
    apiKey: scale(limits.apiKey ?? defaultLimits.apiKey),
  }
}

/**
 * Registers the rate-limit store (Redis when configured, so every process counts together) and returns
 * the preHandler guarding the credential routes. It counts twice, per client IP and per email address:
 * the plugin's own hooks run only one limiter per request, so both counters are applied here.
 */
export async function registerRateLimits(app: FastifyInstance, limits: Limits, redis?: Redis) {
  await app.register(rateLimit, { global: false, redis, nameSpace: 'closeroom-rl-' })
  const counters = [
    app.createRateLimit({
      max: limits.perIp.max,
      timeWindow: limits.perIp.windowMs,
      keyGenerator: (request: FastifyRequest) => `ip:${request.routeOptions.url}:${request.ip}`,
    }),
    app.createRateLimit({
      max: limits.perEmail.max,
      timeWindow: limits.perEmail.windowMs,
      keyGenerator: (request: FastifyRequest) => `email:${(request.body as { email?: unknown } | undefined)?.email ?? request.ip}`,
    }),
  ]
  const guard =
    (limiters: typeof counters, what = 'attempts'): preHandlerAsyncHookHandler =>
    async (request, reply) => {
      for (const count of limiters) {
        const result = await count(request)
        if (!result.isAllowed && result.isExceeded) {
          const seconds = Math.max(1, result.ttlInSeconds)
          reply.header('retry-after', seconds)
          throw new HttpError(429, `Too many ${what}. Try again in ${seconds} seconds.`)
        }
      }
    }
  const perIp = (name: string, options: RateLimitOptions = limits.perIp) =>
    app.createRateLimit({
      max: options.max,
      timeWindow: options.windowMs,
      keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
    })
  return {
    credentials: guard(counters),
    publicReads: guard([perIp('public-read', limits.publicReads ?? defaultLimits.publicReads)]),
    publicWrites: guard([perIp('public-write', limits.publicWrites ?? defaultLimits.publicWrites)]),
    /** Counts per API key, for the requests that carry one (http/auth.ts applies it). */
    apiKey: guard(
      [
        app.createRateLimit({
          max: (limits.apiKey ?? defaultLimits.apiKey).max,
          timeWindow: (limits.apiKey ?? defaultLimits.apiKey).windowMs,
          keyGenerator: (request: FastifyRequest) => `api-key:${request.auth?.apiKey?.id ?? request.ip}`,
        }),
      ],
      'requests with this API key',
    ),
  }
}

export type RateLimitGuards = Awaited<ReturnType<typeof registerRateLimits>>
