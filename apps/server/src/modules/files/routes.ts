import type { FastifyInstance } from 'fastify'
import type { FilesModule } from './module.ts'

/** Uploads and downloads, signed in. */
export function fileRoutes(_app: FastifyInstance, _module: FilesModule) {}
