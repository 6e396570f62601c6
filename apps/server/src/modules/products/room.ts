import type { ProductRoom, ProductRoomSettings, PublicProduct } from '@closeroom/shared'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { eventTypes, files, organizations, productFiles, productRoomVisits, products, users } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import { existingFormId, isOrganizationForm, publicEmbeddedForm } from '../../lib/embedded-forms.ts'
import { newPublicId } from '../../lib/tokens.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import type { PublicPages } from '../booking/module.ts'
import { PRODUCT_NOT_FOUND } from './service.ts'

type ProductRow = typeof products.$inferSelect

/** The path a room's image or document is served at (by the files module), the only way a buyer reaches it. */
export const productFileUrl = (roomId: string, fileId: string) => `/api/public/products/${roomId}/files/${fileId}`

/**
 * The product behind a room a buyer may open: published, and the product still on sale. Anything else is
 * 'Product not found', so an unpublished or retired room says nothing about what it was.
 */
/**
 * Whom a product room's buyers belong to: whoever the room books meetings with (an active member), else the
 * organization's first owner. Its "talk to sales" deals are theirs, and so are its visits on the products dashboard.
 */
export async function roomOwnerOf(db: Db, product: Pick<ProductRow, 'organizationId' | 'roomEventTypeId'>): Promise<{ id: string } | null> {
  const active = and(eq(users.organizationId, product.organizationId), eq(users.status, 'active'))
  if (product.roomEventTypeId) {
    const [host] = await db
      .select({ id: users.id })
      .from(eventTypes)
      .innerJoin(users, eq(users.id, eventTypes.ownerId))
      .where(and(eq(eventTypes.id, product.roomEventTypeId), active))
    if (host) return host
  }
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(active, eq(users.role, 'owner')))
    .orderBy(asc(users.createdAt))
    .limit(1)
  return owner ?? null
}

export async function publishedProduct(db: Db, roomId: string): Promise<ProductRow> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.roomId, roomId), eq(products.roomPublished, true), eq(products.active, true)))
  if (!row) throw NotFound(PRODUCT_NOT_FOUND)
  return row
}

/**
 * A product's public room at /p/{roomId}: the seller publishes it and picks its booking widget's event type;
 * the buyer reads the product, its media and the widget through the room's id only.
 */
export function createProductRoomService({ db, appUrl, pages }: { db: Db; appUrl: string; pages: Pick<PublicPages, 'presentEventTypes'> }) {
  async function productOf(organizationId: string, id: string): Promise<ProductRow> {
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id), eq(products.organizationId, organizationId)))
    if (!row) throw NotFound(PRODUCT_NOT_FOUND)
    return row
  }

  async function present(row: ProductRow): Promise<ProductRoom> {
    const [eventType] = row.roomEventTypeId
      ? await db
          .select({ id: eventTypes.id, title: eventTypes.title, ownerName: users.name })
          .from(eventTypes)
          .innerJoin(users, eq(users.id, eventTypes.ownerId))
          .where(eq(eventTypes.id, row.roomEventTypeId))
      : []
    return {
      productId: row.id,
      roomId: row.roomId,
      url: row.roomId ? `${appUrl}/p/${row.roomId}` : null,
      published: row.roomPublished,
      eventType: eventType ?? null,
      routingFormId: await existingFormId(db, row.organizationId, row.roomRoutingFormId),
    }
  }

  const get = async (auth: AuthContext, productId: string) => present(await productOf(auth.user.organizationId, productId))

  /** The first publish gives the room its address; unpublishing keeps it, so publishing again restores the same link. */
  async function save(auth: AuthContext, productId: string, settings: ProductRoomSettings): Promise<ProductRoom> {
    authorize(auth.user, 'products.manage')
    const { organizationId } = auth.user
    const row = await productOf(organizationId, productId)
    if (settings.published && !row.active)
      throw Invalid('published: Make the product active before publishing its room', { code: 'product_inactive' })
    if (settings.eventTypeId) {
      const [eventType] = await db
        .select({ id: eventTypes.id })
        .from(eventTypes)
        .where(and(eq(eventTypes.id, settings.eventTypeId), eq(eventTypes.organizationId, organizationId), eq(eventTypes.hidden, false)))
      if (!eventType) throw Invalid('eventTypeId: Choose a visible event type of your organization')
    }
    if (settings.routingFormId && !(await isOrganizationForm(db, organizationId, settings.routingFormId)))
      throw Invalid('routingFormId: Choose a routing form of your organization')
    const [updated] = await db
      .update(products)
      .set({
        roomPublished: settings.published,
        roomEventTypeId: settings.eventTypeId,
        roomRoutingFormId: settings.routingFormId,
        roomId: row.roomId ?? (settings.published ? newPublicId() : null),
      })
      .where(and(eq(products.id, productId), eq(products.organizationId, organizationId)))
      .returning()
    if (!updated) throw NotFound(PRODUCT_NOT_FOUND)
    return present(updated)
  }

  /** A new address: the old link stops working at once. */
  async function rotate(auth: AuthContext, productId: string): Promise<ProductRoom> {
    authorize(auth.user, 'products.manage')
    const { organizationId } = auth.user
    const row = await productOf(organizationId, productId)
    if (!row.roomId) throw Invalid('Publish the room once before giving it a new address')
    const [updated] = await db
      .update(products)
      .set({ roomId: newPublicId() })
      .where(and(eq(products.id, productId), eq(products.organizationId, organizationId)))
      .returning()
    if (!updated) throw NotFound(PRODUCT_NOT_FOUND)
    return present(updated)
  }

  /** What the buyer's page shows: no internal id beyond the media's and the event type's, which its requests need. */
  async function read(roomId: string): Promise<PublicProduct> {
    const product = await publishedProduct(db, roomId)
    const [organization] = await db
      .select({ name: organizations.name, logoUrl: organizations.logoUrl })
      .from(organizations)
      .where(eq(organizations.id, product.organizationId))
    if (!organization) throw NotFound(PRODUCT_NOT_FOUND)
    // Counted for the products dashboard's funnel (visits → inquiries → deals), as the room owner's (whom its
    // inquiries go to: a member sees their own rooms' visits); nothing about the visitor is kept.
    const owner = await roomOwnerOf(db, product)
    await db.insert(productRoomVisits).values({ organizationId: product.organizationId, productId: product.id, ownerId: owner?.id ?? null })
    const media = await db
      .select({ id: files.id, name: files.name, contentType: files.contentType, size: files.size, kind: productFiles.kind })
      .from(productFiles)
      .innerJoin(files, and(eq(files.id, productFiles.fileId), eq(files.organizationId, product.organizationId)))
      .where(eq(productFiles.productId, product.id))
      .orderBy(asc(productFiles.position), asc(productFiles.createdAt))
    const widget = product.roomEventTypeId
      ? await db
          .select()
          .from(eventTypes)
          .where(
            and(
              eq(eventTypes.id, product.roomEventTypeId),
              eq(eventTypes.organizationId, product.organizationId),
              eq(eventTypes.hidden, false),
            ),
          )
      : []
    const [[eventType], routingForm] = await Promise.all([
      pages.presentEventTypes(widget),
      publicEmbeddedForm(db, product.organizationId, product.roomRoutingFormId),
    ])
    return {
      roomId,
      name: product.name,
      description: product.description,
      price: product.price,
      currency: product.currency,
      organization,
      images: media.filter((m) => m.kind === 'image').map((m) => ({ id: m.id, name: m.name, url: productFileUrl(roomId, m.id) })),
      documents: media
        .filter((m) => m.kind === 'document')
        .map((m) => ({ id: m.id, name: m.name, contentType: m.contentType, size: m.size, url: productFileUrl(roomId, m.id) })),
      eventType: eventType ?? null,
      routingForm,
    }
  }

  return { get, save, rotate, read }
}

export type ProductRoomService = ReturnType<typeof createProductRoomService>
