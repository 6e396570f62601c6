import type { CreateLandingPage, LandingPage, UpdateLandingPage } from '@closeroom/shared'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { landingPages, products } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import { isOrganizationForm } from '../../lib/embedded-forms.ts'
import { newPublicId } from '../../lib/tokens.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import type { BookingLinks } from './booking-links.ts'

export const PAGE_NOT_FOUND = 'Landing page not found'
type Row = typeof landingPages.$inferSelect
type Choices = { productIds: Set<string>; handles: Set<string> }

/** The organization's landing pages as the app edits them: everyone reads them, owners and admins change them. */
export function createLandingPages({ db, bookingLinks }: { db: Db; bookingLinks: BookingLinks }) {
  /** What the organization can put on a page right now: its products and its people's and teams' handles. */
  async function choicesOf(organizationId: string, productIds: string[], handles: string[]): Promise<Choices> {
    const [found, links] = await Promise.all([
      productIds.length === 0
        ? []
        : db
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.organizationId, organizationId), inArray(products.id, productIds))),
      bookingLinks.existing(organizationId, handles),
    ])
    return { productIds: new Set(found.map((p) => p.id)), handles: new Set(links.map((l) => l.handle)) }
  }

  // A product deleted or a handle renamed since the page was saved drops out of it, so that saving the page
  // again does not trip over what is no longer there.
  function present(row: Row, choices: Choices): LandingPage {
    return {
      id: row.id,
      publicId: row.publicId,
      title: row.title,
      headline: row.headline,
      intro: row.intro,
      productIds: row.productIds.filter((id) => choices.productIds.has(id)),
      handles: row.handles.filter((handle) => choices.handles.has(handle)),
      published: row.published,
      routingFormId: row.routingFormId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  }

  async function presentAll(organizationId: string, rows: Row[]): Promise<LandingPage[]> {
    const choices = await choicesOf(
      organizationId,
      [...new Set(rows.flatMap((r) => r.productIds))],
      [...new Set(rows.flatMap((r) => r.handles))],
    )
    return rows.map((row) => present(row, choices))
  }

  async function row(organizationId: string, id: string): Promise<Row> {
    const [found] = await db
      .select()
      .from(landingPages)
      .where(and(eq(landingPages.id, id), eq(landingPages.organizationId, organizationId)))
    if (!found) throw NotFound(PAGE_NOT_FOUND)
    return found
  }

  /** Another organization's product or handle is refused by name, as if it did not exist. */
  async function checkChoices(organizationId: string, input: { productIds?: string[]; handles?: string[]; routingFormId?: string | null }) {
    const choices = await choicesOf(organizationId, input.productIds ?? [], input.handles ?? [])
    if (input.productIds?.some((id) => !choices.productIds.has(id))) throw Invalid('productIds: Choose products of your organization')
    if (input.handles?.some((handle) => !choices.handles.has(handle)))
      throw Invalid("handles: Choose booking pages of your organization's people and teams")
    if (input.routingFormId && !(await isOrganizationForm(db, organizationId, input.routingFormId)))
      throw Invalid('routingFormId: Choose a routing form of your organization')
  }

  async function list(auth: AuthContext): Promise<LandingPage[]> {
    const organizationId = auth.user.organizationId
    const rows = await db
      .select()
      .from(landingPages)
      .where(eq(landingPages.organizationId, organizationId))
      .orderBy(desc(landingPages.createdAt), desc(landingPages.id))
    return presentAll(organizationId, rows)
  }

  async function get(auth: AuthContext, id: string): Promise<LandingPage> {
    const found = await row(auth.user.organizationId, id)
    const [page] = await presentAll(auth.user.organizationId, [found])
    if (!page) throw NotFound(PAGE_NOT_FOUND)
    return page
  }

  async function create(auth: AuthContext, input: z.output<typeof CreateLandingPage>): Promise<LandingPage> {
    authorize(auth.user, 'landing.manage')
    const organizationId = auth.user.organizationId
    await checkChoices(organizationId, input)
    const [created] = await db
      .insert(landingPages)
      .values({ ...input, organizationId, publicId: newPublicId() })
      .returning()
    if (!created) throw new Error('landing page insert returned nothing')
    return get(auth, created.id)
  }

  async function update(auth: AuthContext, id: string, input: z.output<typeof UpdateLandingPage>): Promise<LandingPage> {
    authorize(auth.user, 'landing.manage')
    const organizationId = auth.user.organizationId
    await row(organizationId, id)
    await checkChoices(organizationId, input)
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
    if (Object.keys(changes).length > 0)
      await db
        .update(landingPages)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(landingPages.id, id), eq(landingPages.organizationId, organizationId)))
    return get(auth, id)
  }

  async function remove(auth: AuthContext, id: string): Promise<void> {
    authorize(auth.user, 'landing.manage')
    await row(auth.user.organizationId, id)
    await db.delete(landingPages).where(and(eq(landingPages.id, id), eq(landingPages.organizationId, auth.user.organizationId)))
  }

  return { list, get, create, update, remove }
}

export type LandingPages = ReturnType<typeof createLandingPages>
