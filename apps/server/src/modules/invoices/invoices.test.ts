import type { Invoice } from '@closeroom/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildDeal } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { draftInvoice, handMade, pdfText, sentInvoice, wonDeal } from '../../testing/invoices.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)

describe('drafting invoices', () => {
  it('starts from a won deal: its lines, quantities, prices, currency and buyer contact', async () => {
    const owner = await buildOwner(app)
    const { deal, seats, platform } = await wonDeal(app, owner)
    const prefill = await call(owner, 'GET', `/api/invoices/from-deal?dealId=${deal.id}`)
    expect(prefill.statusCode, prefill.body).toBe(200)
    expect(prefill.json()).toMatchObject({
      dealId: deal.id,
      currency: 'EUR',
      buyer: { name: 'Bea Buyer', email: 'bea@acme.test', company: 'Acme Corp' },
      lines: [
        { description: 'Seat licence', productId: seats.id, quantity: 25, unitPrice: 49_00, discount: 0, taxRate: 0 },
        { description: 'Platform fee', productId: platform.id, quantity: 1, unitPrice: 1200_00, discount: 0, taxRate: 0 },
      ],
    })
    const created = await call(owner, 'POST', '/api/invoices', prefill.json())
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({
      status: 'draft',
      number: null,
      deal: { id: deal.id, name: 'Acme rollout' },
      subtotal: 25 * 49_00 + 1200_00,
      tax: 0,
      total: 25 * 49_00 + 1200_00,
      publicPdfUrl: null,
      createdBy: { id: owner.user.id },
    })
  })

  it('refuses to prefill from a deal that is not won, and from another organization’s deal', async () => {
    const owner = await buildOwner(app)
    const open = await buildDeal(app, owner)
    const res = await call(owner, 'GET', `/api/invoices/from-deal?dealId=${open.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json().field).toBe('dealId')
    const stranger = await buildOwner(app)
    expect((await call(stranger, 'GET', `/api/invoices/from-deal?dealId=${open.id}`)).statusCode).toBe(404)
    expect((await call(stranger, 'POST', '/api/invoices', handMade({ dealId: open.id }))).statusCode).toBe(404)
  })

  it('prices a hand-made invoice line by line: discount, then tax on the discounted net, rounded once each', async () => {
    const owner = await buildOwner(app)
    const invoice = await draftInvoice(app, owner, {
      lines: [
        { description: 'Onboarding workshop', quantity: 2, unitPrice: 450_00, discount: 1000, taxRate: 2000 },
        { description: 'Support hours', quantity: 1.5, unitPrice: 99_99, taxRate: 550 },
        { description: 'Travel', quantity: 1, unitPrice: 120_00 },
      ],
    })
    // 2 × 450.00 − 10 % = 810.00, tax 20 % = 162.00; 1.5 × 99.99 = 149.985 → 149.99, tax 5.5 % = 8.24945 → 8.25; 120.00 untaxed.
    expect(invoice.lines.map((l) => [l.net, l.tax, l.total])).toEqual([
      [810_00, 162_00, 972_00],
      [149_99, 8_25, 158_24],
      [120_00, 0, 120_00],
    ])
    expect(invoice).toMatchObject({ subtotal: 1079_99, tax: 170_25, total: 1250_24, buyer: { address: '1 Rue de la Paix\n75002 Paris' } })
  })

  it('says which field is wrong: due before issue, no lines, negative quantity, unknown currency, bad rate', async () => {
    const owner = await buildOwner(app)
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ dueDate: '2026-11-01' }, 'dueDate', /due date cannot be before the issue date/],
      [{ lines: [] }, 'lines', /at least one line/],
      [{ lines: [{ description: 'Seats', quantity: -2, unitPrice: 100 }] }, 'lines.0.quantity', /more than zero/],
      [{ lines: [{ description: 'Seats', quantity: 1.2345, unitPrice: 100 }] }, 'lines.0.quantity', /3 decimals/],
      [{ lines: [{ description: 'Seats', quantity: 1, unitPrice: 10.5 }] }, 'lines.0.unitPrice', /whole number of cents/],
      [{ lines: [{ description: ' ', quantity: 1, unitPrice: 100 }] }, 'lines.0.description', /Description is required/],
      [{ lines: [{ description: 'Seats', quantity: 1, unitPrice: 100, taxRate: 12_000 }] }, 'lines.0.taxRate', /at most 100 %/],
      [{ currency: 'XYZ' }, 'currency', /Unknown currency/],
      [{ buyer: { name: '' } }, 'buyer.name', /buyer's name is required/],
    ]
    for (const [fields, field, message] of cases) {
      const res = await call(owner, 'POST', '/api/invoices', handMade(fields))
      expect(res.statusCode, JSON.stringify(fields)).toBe(400)
      expect(res.json().field).toBe(field)
      expect(res.json().message).toMatch(message)
    }
    expect((await call(owner, 'GET', '/api/invoices')).json().invoices).toEqual([])
  })

  it('edits a draft in full and deletes a draft', async () => {
    const owner = await buildOwner(app)
    const draft = await draftInvoice(app, owner)
    const edited = await call(owner, 'PUT', `/api/invoices/${draft.id}`, {
      ...handMade(),
      currency: 'JPY',
      notes: 'Bank transfer within 30 days',
      lines: [{ description: 'Licence', quantity: 3, unitPrice: 15_000, taxRate: 1000 }],
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({
      currency: 'JPY',
      notes: 'Bank transfer within 30 days',
      subtotal: 45_000,
      tax: 4_500,
      total: 49_500,
    })
    expect(edited.json().lines).toHaveLength(1)
    expect((await call(owner, 'DELETE', `/api/invoices/${draft.id}`)).statusCode).toBe(200)
    expect((await call(owner, 'GET', `/api/invoices/${draft.id}`)).statusCode).toBe(404)
  })

  it('lists the organization’s invoices, filtered by status and searched by number, buyer or deal', async () => {
    const owner = await buildOwner(app)
    const sent = await sentInvoice(app, owner, { buyer: { name: 'Zed Zeta', email: 'zed@zeta.test', company: 'Zeta' } })
    await draftInvoice(app, owner, { buyer: { name: 'Bea Buyer', company: 'Acme' } })
    await draftInvoice(app, await buildOwner(app))
    const all = (await call(owner, 'GET', '/api/invoices')).json().invoices
    expect(all).toHaveLength(2)
    const drafts = (await call(owner, 'GET', '/api/invoices?status=draft')).json().invoices
    expect(drafts.map((i: Invoice) => i.buyer.name)).toEqual(['Bea Buyer'])
    expect((await call(owner, 'GET', '/api/invoices?q=zeta')).json().invoices.map((i: Invoice) => i.id)).toEqual([sent.id])
    expect((await call(owner, 'GET', `/api/invoices?q=${sent.number}`)).json().invoices.map((i: Invoice) => i.id)).toEqual([sent.id])
    expect((await call(owner, 'GET', '/api/invoices?q=100%25')).json().invoices).toEqual([])
  })

  it('pages through the list, newest first, and refuses a cursor it did not make', async () => {
    const owner = await buildOwner(app)
    const made: string[] = []
    for (let i = 0; i < 5; i++) made.push((await draftInvoice(app, owner)).id)
    const first = (await call(owner, 'GET', '/api/invoices?limit=2')).json()
    expect(first.invoices.map((i: Invoice) => i.id)).toEqual([made[4], made[3]])
    const second = (await call(owner, 'GET', `/api/invoices?limit=2&cursor=${first.nextCursor}`)).json()
    const third = (await call(owner, 'GET', `/api/invoices?limit=2&cursor=${second.nextCursor}`)).json()
    expect([...second.invoices, ...third.invoices].map((i: Invoice) => i.id)).toEqual([made[2], made[1], made[0]])
    expect(third.nextCursor).toBeNull()
    const bad = await call(owner, 'GET', '/api/invoices?cursor=nonsense')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().field).toBe('cursor')
  })
})

describe('sending invoices', () => {
  it('numbers the invoice when sent, emails the buyer the PDF, and puts it on the deal’s timeline', async () => {
    const owner = await buildOwner(app)
    const { deal } = await wonDeal(app, owner)
    const prefill = (await call(owner, 'GET', `/api/invoices/from-deal?dealId=${deal.id}`)).json()
    const draft = (
      await call(owner, 'POST', '/api/invoices', { ...prefill, buyer: { ...prefill.buyer, email: 'bea.invoice@acme.test' } })
    ).json()
    // A draft deleted before sending leaves no gap in the numbers.
    const discarded = await draftInvoice(app, owner)
    await call(owner, 'DELETE', `/api/invoices/${discarded.id}`)

    const res = await call(owner, 'POST', `/api/invoices/${draft.id}/send`)
    expect(res.statusCode, res.body).toBe(200)
    const sent: Invoice = res.json()
    const year = new Date().getUTCFullYear()
    expect(sent).toMatchObject({ status: 'sent', number: `INV-${year}-0001` })
    expect(sent.sentAt).not.toBeNull()
    expect(sent.publicPdfUrl).toMatch(/^\/api\/public\/invoices\/[\w-]{32}\/pdf$/)

    const [email] = await app.outbox('bea.invoice@acme.test')
    expect(email?.subject).toMatch(new RegExp(`^Invoice INV-${year}-0001 from .+`))
    expect(email?.text).toContain('€2,425.00')
    expect(email?.attachments).toHaveLength(1)
    const attachment = email?.attachments[0]
    expect(attachment).toMatchObject({ filename: `INV-${year}-0001.pdf`, contentType: 'application/pdf', encoding: 'base64' })
    const text = await pdfText(Buffer.from(attachment?.content ?? '', 'base64'))
    expect(text).toContain(`INV-${year}-0001`)
    expect(text).toContain('Seat licence')
    expect(text).toContain('Platform fee')
    expect(text).toContain('Bea Buyer')
    expect(text).toContain('€2,425.00')

    const timeline = (await call(owner, 'GET', `/api/deals/${deal.id}/activities`)).json().activities
    expect(timeline[0]).toMatchObject({ kind: 'invoice', data: { step: 'sent', title: `INV-${year}-0001` }, actor: { id: owner.user.id } })

    const second = await sentInvoice(app, owner)
    expect(second.number).toBe(`INV-${year}-0002`)
  })

  it('writes the email and the PDF in the buyer’s language', async () => {
    const owner = await buildOwner(app)
    await sentInvoice(app, owner, { language: 'fr', buyer: { name: 'Chloé Client', email: 'chloe@client.test' } })
    const [email] = await app.outbox('chloe@client.test')
    expect(email?.subject).toMatch(/^Facture INV-\d{4}-0001 de /)
    expect(email?.text).toContain('Bonjour Chloé Client')
    const text = await pdfText(Buffer.from(email?.attachments[0]?.content ?? '', 'base64'))
    expect(text).toContain('Montant dû')
    expect(text).toMatch(/972,00\s€/)
  })

  it('keeps a sent invoice as sent: no edit, no delete, no second send', async () => {
    const owner = await buildOwner(app)
    const sent = await sentInvoice(app, owner)
    const edit = await call(owner, 'PUT', `/api/invoices/${sent.id}`, handMade({ notes: 'changed' }))
    expect(edit.statusCode).toBe(409)
    expect(edit.json().message).toMatch(/can no longer be edited/)
    expect((await call(owner, 'DELETE', `/api/invoices/${sent.id}`)).statusCode).toBe(409)
    expect((await call(owner, 'POST', `/api/invoices/${sent.id}/send`)).statusCode).toBe(409)
  })

  it('needs the buyer’s email to send', async () => {
    const owner = await buildOwner(app)
    const draft = await draftInvoice(app, owner, { buyer: { name: 'No Mail Ltd' } })
    const res = await call(owner, 'POST', `/api/invoices/${draft.id}/send`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ field: 'buyer.email' })
    expect((await call(owner, 'GET', `/api/invoices/${draft.id}`)).json()).toMatchObject({ status: 'draft', number: null })
  })

  it('uses the organization’s prefix, set by an admin only', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner, { role: 'member' })
    const settings = { prefix: 'ACME-', address: '5 Market St\nSan Francisco', brandColor: '#1e40af' }
    const refused = await call(member, 'PUT', '/api/invoices/settings', settings)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('Only owners and admins can change the invoicing settings')
    expect((await call(owner, 'PUT', '/api/invoices/settings', settings)).json()).toEqual(settings)
    const sent = await sentInvoice(app, member)
    expect(sent.number).toMatch(/^ACME-\d{4}-0001$/)
    expect(sent.seller).toMatchObject({ address: '5 Market St\nSan Francisco', brandColor: '#1e40af' })
    const pdf = await call(member, 'GET', `/api/invoices/${sent.id}/pdf`)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(await pdfText(pdf.rawPayload)).toContain('5 Market St')
  })
})

describe('paying and voiding', () => {
  it('lets owners and admins mark a sent invoice paid or void it; members are told who may', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner, { role: 'member' })
    const sent = await sentInvoice(app, member)
    const refused = await call(member, 'POST', `/api/invoices/${sent.id}/paid`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe('Only owners and admins can mark an invoice paid or void it')
    const paid = await call(owner, 'POST', `/api/invoices/${sent.id}/paid`)
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json()).toMatchObject({ status: 'paid' })
    expect(paid.json().paidAt).not.toBeNull()
    // Paid is final.
    expect((await call(owner, 'POST', `/api/invoices/${sent.id}/void`)).json().message).toMatch(/paid already/)
    expect((await call(owner, 'POST', `/api/invoices/${sent.id}/paid`)).statusCode).toBe(409)

    const other = await sentInvoice(app, member)
    const voided = await call(owner, 'POST', `/api/invoices/${other.id}/void`)
    expect(voided.json()).toMatchObject({ status: 'void', publicPdfUrl: null })
    expect((await call(owner, 'POST', `/api/invoices/${other.id}/paid`)).statusCode).toBe(409)
    // Its buyer's link no longer opens it.
    expect((await call(null, 'GET', other.publicPdfUrl ?? '')).statusCode).toBe(404)
  })

  it('refuses to pay or void a draft', async () => {
    const owner = await buildOwner(app)
    const draft = await draftInvoice(app, owner)
    expect((await call(owner, 'POST', `/api/invoices/${draft.id}/paid`)).json().message).toMatch(/send it first/)
    expect((await call(owner, 'POST', `/api/invoices/${draft.id}/void`)).json().message).toMatch(/deleted, not voided/)
  })
})

describe('another organization', () => {
  it('sees none of an organization’s invoices, whatever the call', async () => {
    const owner = await buildOwner(app)
    const draft = await draftInvoice(app, owner)
    const stranger = await buildOwner(app)
    for (const [method, path] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/send'],
      ['POST', '/paid'],
      ['POST', '/void'],
      ['GET', '/pdf'],
    ] as const) {
      const res = await call(stranger, method, `/api/invoices/${draft.id}${path}`, method === 'PUT' ? handMade() : undefined)
      expect(res.statusCode, `${method} ${path}`).toBe(404)
      expect(res.json().message).toBe('Invoice not found')
    }
    expect((await call(owner, 'GET', `/api/invoices/${draft.id}`)).json().status).toBe('draft')
  })

  it('needs a signed-in member', async () => {
    expect((await call(null, 'GET', '/api/invoices')).statusCode).toBe(401)
  })
})

describe('the deal’s sales room', () => {
  it('lists the deal’s sent and paid invoices with their PDF, never drafts, voided ones or another deal’s', async () => {
    const owner = await buildOwner(app)
    const { deal } = await wonDeal(app, owner)
    const room = await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme × Us', published: true })
    expect(room.statusCode, room.body).toBe(200)
    const sent = await sentInvoice(app, owner, { dealId: deal.id })
    const paid = await sentInvoice(app, owner, { dealId: deal.id })
    await call(owner, 'POST', `/api/invoices/${paid.id}/paid`)
    const voided = await sentInvoice(app, owner, { dealId: deal.id })
    await call(owner, 'POST', `/api/invoices/${voided.id}/void`)
    await draftInvoice(app, owner, { dealId: deal.id })
    const otherDeal = await buildDeal(app, owner, { name: 'Other deal' })
    await sentInvoice(app, owner, { dealId: otherDeal.id })

    const view = await call(null, 'GET', `/api/public/salesrooms/${room.json().publicId}`)
    expect(view.statusCode, view.body).toBe(200)
    expect(view.json().invoices).toEqual([
      {
        number: sent.number,
        status: 'sent',
        currency: 'EUR',
        total: 972_00,
        issueDate: '2026-11-02',
        dueDate: '2026-12-02',
        pdfUrl: sent.publicPdfUrl,
      },
      {
        number: paid.number,
        status: 'paid',
        currency: 'EUR',
        total: 972_00,
        issueDate: '2026-11-02',
        dueDate: '2026-12-02',
        pdfUrl: paid.publicPdfUrl,
      },
    ])
    const pdf = await call(null, 'GET', `${sent.publicPdfUrl}?download=1`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${sent.number}.pdf"`)
    expect(await pdfText(pdf.rawPayload)).toContain(sent.number ?? '?')
    expect(await pdfText(pdf.rawPayload)).toContain('Amount due')
    // Once paid, nothing is due: the PDF says what was paid.
    const paidText = await pdfText((await call(null, 'GET', paid.publicPdfUrl ?? '?')).rawPayload)
    expect(paidText).toContain('Amount paid')
    expect(paidText).not.toContain('Amount due')
    expect((await call(null, 'GET', '/api/public/invoices/not-a-real-token-at-all-xx/pdf')).statusCode).toBe(404)
  })
})
