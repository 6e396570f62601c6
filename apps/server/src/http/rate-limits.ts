import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import type { Redis } from 'ioredis'

export type RateLimitOptions = { max: number; windowMs: number }
export type Limits = { perIp: RateLimitOptions; perEmail: RateLimitOptions }

/** Tries at sign-in, sign-up and password reset: enough for a person, too few for a guessing script. */
export const defaultLimits: Limits = {
  perIp: { max: 30, windowMs: 60_000 },
  perEmail: { max: 10, windowMs: 15 * 60_000 },
}

/**
 * Registers the rate-limit store (Redis when configured, so every process counts together) and returns
 * the preHandlers that guard the credential routes: one counter per client IP, one per email address.
 */
export async function registerRateLimits(app: FastifyInstance, limits: Limits, redis?: Redis) {
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'closeroom-rl-',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  })
  const perIp = app.rateLimit({
    max: limits.perIp.max,
    timeWindow: limits.perIp.windowMs,
    keyGenerator: (request: FastifyRequest) => `ip:${request.routeOptions.url}:${request.ip}`,
  })
  const perEmail = app.rateLimit({
    max: limits.perEmail.max,
    timeWindow: limits.perEmail.windowMs,
    keyGenerator: (request: FastifyRequest) => `email:${(request.body as { email?: string } | undefined)?.email ?? request.ip}`,
  })
  return { credentials: [perIp, perEmail] as preHandlerAsyncHookHandler[] }
}

export type RateLimitGuards = Awaited<ReturnType<typeof registerRateLimits>>
