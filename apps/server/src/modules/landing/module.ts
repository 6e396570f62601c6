import type { Db } from '../../db/client.ts'

/** Landing pages: edited in the app, shown at /l/{publicId}. */
export function createLandingModule(_deps: { db: Db }) {
  return {}
}

export type LandingModule = ReturnType<typeof createLandingModule>
