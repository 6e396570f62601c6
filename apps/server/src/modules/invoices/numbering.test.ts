import type { Invoice } from '@closeroom/shared'
import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invoices } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildOwner, request } from '../../testing/factories.ts'
import { draftInvoice } from '../../testing/invoices.ts'
import { nextInvoiceNumber } from './lifecycle.ts'

// The numbers come from one counter row per organization, taken with UPDATE … RETURNING in the sending
// transaction. With TEST_DATABASE_URL set this runs on PostgreSQL, where the sends really are concurrent
// (a pool of connections); on PGlite they are queued on its one connection.

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

describe('invoice numbers', () => {
  it('gives invoices sent at the same time the numbers 1..N, no gap and no duplicate', async () => {
    const owner = await buildOwner(app)
    const N = 24
    const drafts: Invoice[] = []
    for (let i = 0; i < N; i++)
      drafts.push(await draftInvoice(app, owner, { lines: [{ description: `Line ${i}`, quantity: 1, unitPrice: 100 }] }))
    const sends = await Promise.all(drafts.map((draft) => request(app, owner, 'POST', `/api/invoices/${draft.id}/send`)))
    expect(sends.map((res) => res.statusCode)).toEqual(drafts.map(() => 200))
    const year = new Date().getUTCFullYear()
    const numbers = sends.map((res) => (res.json() as Invoice).number).sort()
    expect(numbers).toEqual(Array.from({ length: N }, (_, i) => `INV-${year}-${String(i + 1).padStart(4, '0')}`))
    // Sending the same drafts again, concurrently, changes nothing.
    const again = await Promise.all(drafts.slice(0, 5).map((draft) => request(app, owner, 'POST', `/api/invoices/${draft.id}/send`)))
    expect(again.map((res) => res.statusCode)).toEqual([409, 409, 409, 409, 409])
    expect((await draftAndSend()).number).toBe(`INV-${year}-${String(N + 1).padStart(4, '0')}`)

    async function draftAndSend() {
      const draft = await draftInvoice(app, owner)
      return (await request(app, owner, 'POST', `/api/invoices/${draft.id}/send`)).json() as Invoice
    }
  })

  it('gives a number back when the sending transaction rolls back', async () => {
    const owner = await buildOwner(app)
    const { organizationId } = owner.user
    const db = app.database.db
    await db.transaction((tx) => nextInvoiceNumber(tx, organizationId, '2026-11-02'))
    await expect(
      db.transaction(async (tx) => {
        await nextInvoiceNumber(tx, organizationId, '2026-11-02')
        throw new Error('the send failed')
      }),
    ).rejects.toThrow('the send failed')
    const next = await db.transaction((tx) => nextInvoiceNumber(tx, organizationId, '2027-01-05'))
    expect(next).toEqual({ sequence: 2, number: 'INV-2027-0002' })
  })

  it('keeps two organizations’ sequences apart', async () => {
    const [a, b] = [await buildOwner(app), await buildOwner(app)]
    const sent = await Promise.all(
      [a, b, a, b].map(async (owner) => {
        const draft = await draftInvoice(app, owner)
        return (await request(app, owner, 'POST', `/api/invoices/${draft.id}/send`)).json() as Invoice
      }),
    )
    const sequencesOf = async (ids: string[]) =>
      (
        await app.database.db
          .select({ sequence: invoices.sequence })
          .from(invoices)
          .where(inArray(invoices.id, ids))
          .orderBy(invoices.sequence)
      ).map((row) => row.sequence)
    expect(await sequencesOf([sent[0]?.id ?? '', sent[2]?.id ?? ''])).toEqual([1, 2])
    expect(await sequencesOf([sent[1]?.id ?? '', sent[3]?.id ?? ''])).toEqual([1, 2])
  })
})
