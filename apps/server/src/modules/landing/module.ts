import type { Db } from '../../db/client.ts'
import { createBookingLinks } from './booking-links.ts'
import { createLandingPages } from './pages.ts'
import { createPublicLandingPage } from './public-page.ts'

export { seedLandingPage } from './demo.ts'

/** Landing pages: edited in the app, shown at /l/{publicId}. */
export function createLandingModule({ db }: { db: Db }) {
  const bookingLinks = createBookingLinks(db)
  return {
    pages: createLandingPages({ db, bookingLinks }),
    bookingLinks,
    publicPage: createPublicLandingPage({ db, bookingLinks }),
  }
}

export type LandingModule = ReturnType<typeof createLandingModule>
