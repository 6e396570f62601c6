import type { CreateProduct, Product } from '@closeroom/shared'
import { and, asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { dealLines, products } from '../../db/schema/index.ts'
import { Conflict, NotFound, pgErrorOf } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'

export const PRODUCT_NOT_FOUND = 'Product not found'
const ON_DEALS = 'This product is on deals: make it inactive instead'
type ProductRow = typeof products.$inferSelect

const present = (row: ProductRow): Product => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: row.price,
  currency: row.currency,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
})

/** The organization's catalogue: everyone reads it, owners and admins manage it. */
export function createProductService({ db }: { db: Db }) {
  async function row(organizationId: string, id: string): Promise<ProductRow> {
    const [found] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id), eq(products.organizationId, organizationId)))
    if (!found) throw NotFound(PRODUCT_NOT_FOUND)
    return found
  }

  async function onDeals(id: string) {
    const [line] = await db.select({ dealId: dealLines.dealId }).from(dealLines).where(eq(dealLines.productId, id)).limit(1)
    return line !== undefined
  }

  async function list(auth: AuthContext): Promise<Product[]> {
    const rows = await db
      .select()
      .from(products)
      .where(eq(products.organizationId, auth.user.organizationId))
      .orderBy(asc(products.name), asc(products.id))
    return rows.map(present)
  }

  const get = async (auth: AuthContext, id: string) => present(await row(auth.user.organizationId, id))

  async function create(auth: AuthContext, input: z.output<typeof CreateProduct>): Promise<Product> {
    authorize(auth.user, 'products.manage')
    const [created] = await db
      .insert(products)
      .values({ ...input, organizationId: auth.user.organizationId })
      .returning()
    if (!created) throw new Error('product insert returned nothing')
    return present(created)
  }

  async function update(auth: AuthContext, id: string, input: Partial<z.output<typeof CreateProduct>>): Promise<Product> {
    authorize(auth.user, 'products.manage')
    const current = await row(auth.user.organizationId, id)
    // A deal's lines are in the deal's currency through their product: changing it would break them.
    if (input.currency !== undefined && input.currency !== current.currency && (await onDeals(id)))
      throw Conflict('This product is on deals: its currency cannot change', { code: 'product_on_deals' })
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
    if (Object.keys(changes).length === 0) return present(current)
    const [updated] = await db.update(products).set(changes).where(eq(products.id, id)).returning()
    if (!updated) throw NotFound(PRODUCT_NOT_FOUND)
    return present(updated)
  }

  async function remove(auth: AuthContext, id: string): Promise<void> {
    authorize(auth.user, 'products.manage')
    await row(auth.user.organizationId, id)
    if (await onDeals(id)) throw Conflict(ON_DEALS, { code: 'product_on_deals' })
    try {
      await db.delete(products).where(and(eq(products.id, id), eq(products.organizationId, auth.user.organizationId)))
    } catch (error) {
      // A deal took the product between the check and the delete: the foreign key refused.
      if (pgErrorOf(error)?.code === '23503') throw Conflict(ON_DEALS, { code: 'product_on_deals' })
      throw error
    }
  }

  return { list, get, create, update, remove }
}

export type ProductService = ReturnType<typeof createProductService>
