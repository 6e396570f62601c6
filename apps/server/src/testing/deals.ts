import type { Deal, PipelineStage, Product } from '@closeroom/shared'
import { clients } from '../db/schema/index.ts'
import type { TestApp } from './app.ts'
import { type Client, request } from './factories.ts'

/** The organization's stages in order (the defaults on first read). */
export async function stagesOf(app: TestApp, client: Client): Promise<PipelineStage[]> {
  const res = await request(app, client, 'GET', '/api/pipeline-stages')
  if (res.statusCode !== 200) throw new Error(`stages failed: ${res.statusCode} ${res.body}`)
  return res.json().stages
}

/** A deal made through the API as `client`; every test makes its own. */
export async function buildDeal(app: TestApp, client: Client, fields: Record<string, unknown> = {}): Promise<Deal> {
  const res = await request(app, client, 'POST', '/api/deals', { name: 'Acme rollout', company: 'Acme', amount: 100_00, ...fields })
  if (res.statusCode !== 201) throw new Error(`deal failed: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** A product made through the API by an owner or admin. */
export async function buildProduct(app: TestApp, admin: Client, fields: Record<string, unknown> = {}): Promise<Product> {
  const res = await request(app, admin, 'POST', '/api/products', { name: 'Seat licence', price: 49_00, currency: 'EUR', ...fields })
  if (res.statusCode !== 201) throw new Error(`product failed: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** A buyer contact of the client's organization, written straight to the table (the deals tests need only rows). */
export async function buildContact(app: TestApp, client: Client, fields: { name?: string; company?: string } = {}) {
  const [row] = await app.database.db
    .insert(clients)
    .values({ organizationId: client.user.organizationId, name: fields.name ?? 'Bea Buyer', company: fields.company ?? 'Acme' })
    .returning()
  if (!row) throw new Error('client insert returned nothing')
  return row
}
