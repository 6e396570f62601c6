import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Invoice } from '@closeroom/shared'
import { expect } from 'vitest'
import { clients, dealContacts } from '../db/schema/index.ts'
import type { TestApp } from './app.ts'
import { buildDeal, buildProduct, stagesOf } from './deals.ts'
import { type Client, request } from './factories.ts'

// Invoices made through the API, for the invoices' tests and the webhooks': every test makes its own.

export const handMade = (fields: Record<string, unknown> = {}) => ({
  buyer: { name: 'Bea Buyer', email: 'bea@acme.test', company: 'Acme', address: '1 Rue de la Paix\n75002 Paris' },
  currency: 'EUR',
  issueDate: '2026-11-02',
  dueDate: '2026-12-02',
  lines: [{ description: 'Onboarding workshop', quantity: 2, unitPrice: 450_00, discount: 1000, taxRate: 2000 }],
  ...fields,
})

export async function draftInvoice(app: TestApp, client: Client, fields: Record<string, unknown> = {}): Promise<Invoice> {
  const res = await request(app, client, 'POST', '/api/invoices', handMade(fields))
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

export async function sentInvoice(app: TestApp, client: Client, fields: Record<string, unknown> = {}): Promise<Invoice> {
  const draft = await draftInvoice(app, client, fields)
  const res = await request(app, client, 'POST', `/api/invoices/${draft.id}/send`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** A won deal with two product lines and a buyer contact with an email. */
export async function wonDeal(app: TestApp, owner: Client) {
  const seats = await buildProduct(app, owner, { name: 'Seat licence', price: 49_00, currency: 'EUR' })
  const platform = await buildProduct(app, owner, { name: 'Platform fee', price: 1200_00, currency: 'EUR' })
  const won = (await stagesOf(app, owner)).find((stage) => stage.kind === 'won')
  const deal = await buildDeal(app, owner, {
    name: 'Acme rollout',
    company: 'Acme',
    currency: 'EUR',
    stageId: won?.id,
    lines: [
      { productId: seats.id, quantity: 25 },
      { productId: platform.id, quantity: 1 },
    ],
  })
  const [contact] = await app.database.db
    .insert(clients)
    .values({ organizationId: owner.user.organizationId, name: 'Bea Buyer', email: 'bea@acme.test', company: 'Acme Corp' })
    .returning()
  if (!contact) throw new Error('contact insert returned nothing')
  await app.database.db.insert(dealContacts).values({ dealId: deal.id, clientId: contact.id, organizationId: owner.user.organizationId })
  return { deal, seats, platform }
}

/** The PDF's text as poppler's pdftotext reads it, laid out as on the page. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'closeroom-invoice-'))
  try {
    const file = join(dir, 'invoice.pdf')
    await writeFile(file, bytes)
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-'], { maxBuffer: 16 * 1024 * 1024 })
    return stdout
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
