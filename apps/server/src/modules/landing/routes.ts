import type { FastifyInstance } from 'fastify'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import type { LandingModule } from './module.ts'

/** The editor's calls, signed in. */
export function landingRoutes(_app: FastifyInstance, _module: LandingModule) {}

/** GET /api/public/landing/:id */
export function publicLandingRoutes(_app: FastifyInstance, _deps: LandingModule & { limits: RateLimitGuards }) {}
