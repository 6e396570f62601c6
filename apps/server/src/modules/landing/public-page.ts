import type { PublicLandingPage, PublicPost } from '@closeroom/shared'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventTypes, landingPages, organizations, products } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import { publicEmbeddedForm } from '../../lib/embedded-forms.ts'
import type { PublicPosts } from '../posts/module.ts'
import type { BookingLinks } from './booking-links.ts'

const PAGE_NOT_FOUND = 'Page not found'

/** Items of `rows` in the order their keys have in `order`; a key without a row is skipped. */
function inOrder<T>(order: string[], rows: T[], key: (row: T) => string): T[] {
  const byKey = new Map(rows.map((row) => [key(row), row]))
  return order.flatMap((k) => byKey.get(k) ?? [])
}

/**
 * A visitor's /l/{publicId}: the page's words, the organization's name and logo, its chosen active products
 * (with their room's address while that room is published) and booking links with the titles of their
 * visible event types. Nothing else of the organization leaves: no ids, no emails, no inactive product.
 */
export function createPublicLandingPage({ db, bookingLinks, posts }: { db: Db; bookingLinks: BookingLinks; posts: PublicPosts }) {
  return async function read(publicId: string): Promise<PublicLandingPage> {
    const page = await publishedPage(db, publicId)
    const organizationId = page.organizationId
    const [[organization], productRows, links, routingForm, latestPosts] = await Promise.all([
      db
        .select({ name: organizations.name, logoUrl: organizations.logoUrl })
        .from(organizations)
        .where(eq(organizations.id, organizationId)),
      page.productIds.length === 0
        ? []
        : db
            .select()
            .from(products)
            .where(and(eq(products.organizationId, organizationId), inArray(products.id, page.productIds), eq(products.active, true))),
      bookingLinks.existing(organizationId, page.handles),
      publicEmbeddedForm(db, organizationId, page.routingFormId),
      posts.latest(organizationId),
    ])
    if (!organization) throw NotFound(PAGE_NOT_FOUND)

    const userIds = links.flatMap((l) => l.userId ?? [])
    const teamIds = links.flatMap((l) => l.teamId ?? [])
    const [personal, team] = await Promise.all([
      userIds.length === 0
        ? []
        : db
            .select({ ownerId: eventTypes.ownerId, title: eventTypes.title })
            .from(eventTypes)
            .where(
              and(
                eq(eventTypes.organizationId, organizationId),
                inArray(eventTypes.ownerId, userIds),
                eq(eventTypes.kind, 'personal'),
                eq(eventTypes.hidden, false),
              ),
            )
            .orderBy(asc(eventTypes.title)),
      teamIds.length === 0
        ? []
        : db
            .select({ teamId: eventTypes.teamId, title: eventTypes.title })
            .from(eventTypes)
            .where(and(eq(eventTypes.organizationId, organizationId), inArray(eventTypes.teamId, teamIds), eq(eventTypes.hidden, false)))
            .orderBy(asc(eventTypes.title)),
    ])

    return {
      publicId: page.publicId,
      title: page.title,
      headline: page.headline,
      intro: page.intro,
      organization,
      products: inOrder(page.productIds, productRows, (p) => p.id).map((p) => ({
        name: p.name,
        description: p.description,
        price: p.price,
        currency: p.currency,
        roomId: p.roomPublished && p.roomId ? p.roomId : null,
      })),
      bookingLinks: inOrder(page.handles, links, (l) => l.handle).map((link) => ({
        handle: link.handle,
        kind: link.kind,
        name: link.name,
        avatarUrl: link.avatarUrl,
        eventTypes: (link.userId ? personal.filter((e) => e.ownerId === link.userId) : team.filter((e) => e.teamId === link.teamId)).map(
          (e) => e.title,
        ),
      })),
      routingForm,
      posts: latestPosts,
    }
  }
}

async function publishedPage(db: Db, publicId: string) {
  const [page] = await db.select().from(landingPages).where(eq(landingPages.publicId, publicId))
  if (!page?.published) throw NotFound(PAGE_NOT_FOUND)
  return page
}

/** A visitor's /l/{publicId}/posts/{slug}: a published post of the page's organization, under the page. */
export function createPublicPost({ db, posts }: { db: Db; posts: PublicPosts }) {
  return async function read(publicId: string, slug: string): Promise<PublicPost> {
    const page = await publishedPage(db, publicId)
    const [[organization], post] = await Promise.all([
      db
        .select({ name: organizations.name, logoUrl: organizations.logoUrl })
        .from(organizations)
        .where(eq(organizations.id, page.organizationId)),
      posts.bySlug(page.organizationId, slug),
    ])
    if (!organization) throw NotFound(PAGE_NOT_FOUND)
    return { ...post, page: { publicId: page.publicId, title: page.title }, organization }
  }
}
