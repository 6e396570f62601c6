import type { Db } from '../../db/client.ts'
import type { PublicPosts } from '../posts/module.ts'
import { createBookingLinks } from './booking-links.ts'
import { createLandingPages } from './pages.ts'
import { createPublicLandingPage, createPublicPost } from './public-page.ts'

export { seedLandingPage } from './demo.ts'

/** Landing pages: edited in the app, shown at /l/{publicId} with the organization's published posts. */
export function createLandingModule({ db, posts }: { db: Db; posts: PublicPosts }) {
  const bookingLinks = createBookingLinks(db)
  return {
    pages: createLandingPages({ db, bookingLinks }),
    bookingLinks,
    publicPage: createPublicLandingPage({ db, bookingLinks, posts }),
    publicPost: createPublicPost({ db, posts }),
  }
}

export type LandingModule = ReturnType<typeof createLandingModule>
