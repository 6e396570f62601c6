import type { FastifyInstance } from 'fastify'
import type { AutomationsModule } from './module.ts'

/** Rules of /products/:id/automations and their runs. */
export function automationRoutes(_app: FastifyInstance, _module: AutomationsModule) {}
