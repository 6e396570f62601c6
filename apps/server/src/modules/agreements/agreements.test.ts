import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { organizations } from '../../db/schema/index.ts'
import { sentAgreement, signAs, tokenOf, uploadAgreement } from '../../testing/agreements.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildDeal, buildProduct, stagesOf } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { form, HTML, PNG, storedFiles } from '../../testing/files.ts'
import { encryptedPdf, onPdfFile, pdfText, samplePdf } from './pdf/testing.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const upload = (owner: Client, bytes: Uint8Array, name = 'msa.pdf') =>
  app.inject({
    method: 'POST',
    url: '/api/agreements',
    headers: { cookie: owner.cookie },
    payload: form({ name, bytes: Buffer.from(bytes) }, { title: 'MSA' }),
  })

const signer = (name: string, email: string, order?: number) => ({ name, email, role: 'signer' as const, ...(order ? { order } : {}) })

describe('agreements from an upload', () => {
  it('starts a draft from a PDF, with its page sizes, its owner and a created line in the audit log', async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const draft = await uploadAgreement(app, owner, { pages: 3, dealId: deal.id })
    expect(draft).toMatchObject({
      status: 'draft',
      template: false,
      signingOrder: 'parallel',
      deal: { id: deal.id, name: deal.name },
      owner: { id: owner.user.id },
      recipients: [],
      fields: [],
      sealedSha256: null,
    })
    expect(draft.pages).toHaveLength(3)
    expect(draft.pages[0]).toEqual({ width: expect.closeTo(595.28, 1), height: expect.closeTo(841.89, 1) })
    const original = await request(app, owner, 'GET', draft.documentUrl)
    expect(original.headers['content-type']).toBe('application/pdf')
    expect(original.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const audit = (await request(app, owner, 'GET', `/api/agreements/${draft.id}/audit`)).json().entries
    // Shown, not downloaded (no ?download=1): nothing recorded for it.
    expect(audit.map((e: { kind: string }) => e.kind)).toEqual(['created'])
    expect(audit[0].actor).toEqual({ type: 'user', name: owner.user.name, email: owner.user.email })
  })

  it('refuses a file that is not a PDF, an encrypted PDF and one over the page limit, keeping nothing', async () => {
    const owner = await buildOwner(app)
    const storage = join(app.dataDir, 'files')
    const before = await storedFiles(storage)
    const notPdf = await upload(owner, HTML, 'contract.pdf')
    expect(notPdf.statusCode).toBe(400)
    expect(notPdf.json()).toMatchObject({ code: 'not_pdf' })
    const encrypted = await upload(owner, await encryptedPdf(await samplePdf(1), 'secret'))
    expect(encrypted.statusCode).toBe(400)
    expect(encrypted.json()).toMatchObject({ code: 'pdf_encrypted', field: 'file' })
    const long = await upload(owner, await samplePdf(101))
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ code: 'too_many_pages', field: 'file' })
    const cut = await samplePdf(2)
    const broken = await upload(owner, cut.subarray(0, Math.floor(cut.length / 2)))
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toMatchObject({ code: 'pdf_broken' })
    expect(await storedFiles(storage)).toEqual(before)
    expect((await request(app, owner, 'GET', '/api/agreements')).json().agreements).toEqual([])
  })

  it('answers 404 for another organization’s agreement, whatever is asked of it', async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const draft = await uploadAgreement(app, owner)
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/send'],
      ['POST', '/void'],
      ['POST', '/template'],
      ['GET', '/audit'],
      ['GET', '/document'],
    ] as const) {
      const res = await request(
        app,
        stranger,
        method,
        `/api/agreements/${draft.id}${path}`,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      )
      expect(res.statusCode, `${method} ${path}`).toBe(404)
    }
    expect((await request(app, stranger, 'GET', '/api/agreements')).json().agreements).toEqual([])
    expect((await request(app, owner, 'GET', `/api/agreements/${draft.id}`)).json().title).toBe('Master services agreement')
  })
})

describe('editing a draft', () => {
  it('places fields for its recipients and refuses fields off the page, on a missing page or for a stranger', async () => {
    const owner = await buildOwner(app)
    const draft = await uploadAgreement(app, owner, { pages: 2 })
    const recipients = [signer('Bea Buyer', 'bea@example.com'), { name: 'Carl Counsel', email: 'carl@example.com', role: 'approver' }]
    const field = { recipient: 'bea@example.com', type: 'signature', page: 2, x: 0.6, y: 0.8, width: 0.3, height: 0.1, required: true }
    const patch = (body: object) => request(app, owner, 'PATCH', `/api/agreements/${draft.id}`, body)

    const saved = await patch({ title: 'MSA 2027', signingOrder: 'sequential', recipients, fields: [field] })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({
      title: 'MSA 2027',
      signingOrder: 'sequential',
      recipients: [
        { name: 'Bea Buyer', email: 'bea@example.com', role: 'signer', order: 1, status: 'not_sent', signingUrl: null },
        { name: 'Carl Counsel', role: 'approver', order: 2, status: 'not_sent' },
      ],
      fields: [{ ...field, value: null }],
    })

    const offPage = await patch({ fields: [{ ...field, x: 0.8 }] })
    expect(offPage.json()).toMatchObject({ code: 'invalid', field: 'fields.0.width' })
    const noPage = await patch({ fields: [{ ...field, page: 3 }] })
    expect(noPage.statusCode).toBe(400)
    expect(noPage.json()).toMatchObject({ field: 'fields.0.page', message: 'fields.0.page: This PDF has 2 pages' })
    const stranger = await patch({ fields: [{ ...field, recipient: 'eve@example.com' }] })
    expect(stranger.json()).toMatchObject({ field: 'fields.0.recipient' })
    const approverField = await patch({ fields: [{ ...field, recipient: 'carl@example.com' }] })
    expect(approverField.json()).toMatchObject({ field: 'fields.0.recipient' })
    // Refused edits changed nothing.
    expect((await request(app, owner, 'GET', `/api/agreements/${draft.id}`)).json().fields).toEqual([expect.objectContaining(field)])

    // New recipients keep the fields of those who stay, by email.
    const renamed = await patch({ recipients: [{ ...recipients[0], name: 'Bea B. Buyer' }] })
    expect(renamed.json().recipients).toEqual([expect.objectContaining({ name: 'Bea B. Buyer' })])
    expect(renamed.json().fields).toEqual([expect.objectContaining(field)])
  })

  it('refuses to send a draft without a signer, or a signer without a field, and to edit one once sent', async () => {
    const owner = await buildOwner(app)
    const draft = await uploadAgreement(app, owner)
    const send = () => request(app, owner, 'POST', `/api/agreements/${draft.id}/send`)
    expect((await send()).json()).toMatchObject({ field: 'recipients' })
    await request(app, owner, 'PATCH', `/api/agreements/${draft.id}`, { recipients: [signer('Bea', 'bea@example.com')] })
    expect((await send()).json()).toMatchObject({ field: 'fields', message: 'fields: Place at least one field for Bea to sign' })

    const sent = await sentAgreement(app, owner, [signer('Bea', 'bea@example.com')])
    const edit = await request(app, owner, 'PATCH', `/api/agreements/${sent.id}`, { title: 'Changed' })
    expect(edit.statusCode).toBe(409)
    expect(edit.json().message).toBe('Only a draft can be edited: this agreement was sent already')
    const again = await request(app, owner, 'POST', `/api/agreements/${sent.id}/send`)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This agreement is out for signature: it cannot be sent')
    expect((await request(app, owner, 'DELETE', `/api/agreements/${sent.id}`)).statusCode).toBe(409)
  })

  it('lists the organization’s agreements by status and deal, newest first, page by page', async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const first = await uploadAgreement(app, owner, { title: 'One', dealId: deal.id })
    const second = await sentAgreement(app, owner, [signer('Bea', 'bea@example.com')])
    const third = await uploadAgreement(app, owner, { title: 'Three' })
    const list = (query: string) => request(app, owner, 'GET', `/api/agreements${query}`).then((r) => r.json())
    expect((await list('')).agreements.map((a: { id: string }) => a.id)).toEqual([third.id, second.id, first.id])
    expect((await list('?status=sent')).agreements).toEqual([
      expect.objectContaining({ id: second.id, recipients: [expect.objectContaining({ email: 'bea@example.com', status: 'sent' })] }),
    ])
    expect((await list(`?dealId=${deal.id}`)).agreements.map((a: { id: string }) => a.id)).toEqual([first.id])
    const page1 = await list('?limit=2')
    expect(page1.agreements).toHaveLength(2)
    const page2 = await list(`?limit=2&cursor=${page1.nextCursor}`)
    expect(page2).toEqual({ agreements: [expect.objectContaining({ id: first.id })], nextCursor: null })
  })
})

describe('the recipients’ links', () => {
  it('are shown to the agreement’s sender, owners and admins, and to no other member', async () => {
    const owner = await buildOwner(app)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const seller = await buildMember(app, owner, { name: 'Sam Seller' })
    const teammate = await buildMember(app, owner, { name: 'Tia Teammate' })
    const sent = await sentAgreement(app, seller, [signer('Bea', 'bea@links.example'), signer('Carl', 'carl@links.example')])
    expect(sent.recipients.map((r) => r.signingUrl)).toEqual([expect.stringMatching(/\/sign\//), expect.stringMatching(/\/sign\//)])
    const linksFor = async (reader: Client) =>
      (await request(app, reader, 'GET', `/api/agreements/${sent.id}`))
        .json()
        .recipients.map((r: { signingUrl: string | null }) => r.signingUrl)
    expect(await linksFor(seller)).toEqual(sent.recipients.map((r) => r.signingUrl))
    expect(await linksFor(owner)).toEqual(sent.recipients.map((r) => r.signingUrl))
    expect(await linksFor(admin)).toEqual(sent.recipients.map((r) => r.signingUrl))
    expect(await linksFor(teammate)).toEqual([null, null])
    // The teammate still follows the agreement: its recipients and their states.
    expect((await request(app, teammate, 'GET', `/api/agreements/${sent.id}`)).json().recipients).toMatchObject([
      { email: 'bea@links.example', status: 'sent' },
      { email: 'carl@links.example', status: 'sent' },
    ])
  })
})

describe('templates', () => {
  it('keeps the deal’s client as a placeholder and fills it from the next deal', async () => {
    const owner = await buildOwner(app)
    const clientOf = async (name: string, email: string) =>
      (await request(app, owner, 'POST', '/api/clients', { name, email, company: 'Acme' })).json()
    const bea = await clientOf('Bea Buyer', 'bea@acme.example')
    const dan = await clientOf('Dan Decider', 'dan@globex.example')
    const first = await buildDeal(app, owner, { contactIds: [bea.id] })
    const next = await buildDeal(app, owner, { name: 'Globex', contactIds: [dan.id] })
    const draft = await uploadAgreement(app, owner, { dealId: first.id })
    await request(app, owner, 'PATCH', `/api/agreements/${draft.id}`, {
      recipients: [signer('Bea Buyer', 'bea@acme.example'), { name: owner.user.name, email: owner.user.email, role: 'signer' }],
      fields: [{ recipient: 'bea@acme.example', type: 'signature', page: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.1, required: true }],
    })
    const saved = await request(app, owner, 'POST', `/api/agreements/${draft.id}/template`, { title: 'Standard MSA' })
    expect(saved.statusCode, saved.body).toBe(201)
    expect(saved.json()).toMatchObject({
      template: true,
      title: 'Standard MSA',
      deal: null,
      recipients: [{ placeholder: 'client' }, { placeholder: 'owner' }],
    })
    expect((await request(app, owner, 'GET', '/api/agreements?template=true')).json().agreements).toHaveLength(1)
    expect((await request(app, owner, 'POST', `/api/agreements/${saved.json().id}/send`)).statusCode).toBe(409)

    const made = await request(app, owner, 'POST', '/api/agreements', { title: 'Globex MSA', dealId: next.id, from: saved.json().id })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json()).toMatchObject({
      template: false,
      status: 'draft',
      deal: { id: next.id },
      recipients: [
        { name: 'Dan Decider', email: 'dan@globex.example', role: 'signer' },
        { email: owner.user.email, role: 'signer' },
      ],
      fields: [{ recipient: 'dan@globex.example', type: 'signature' }],
    })
    const stranger = await buildOwner(app)
    const theirs = await request(app, stranger, 'POST', '/api/agreements', { title: 'x', from: saved.json().id })
    expect(theirs.statusCode).toBe(404)
  })
})

describe('a template used without a client to fill it', () => {
  it('leaves the client an empty recipient to fill in, never the client it was saved from, and is not sent until filled', async () => {
    const owner = await buildOwner(app)
    const bea = (
      await request(app, owner, 'POST', '/api/clients', { name: 'Bea Buyer', email: 'bea@acme.example', company: 'Acme' })
    ).json()
    const noEmail = (await request(app, owner, 'POST', '/api/clients', { name: 'Ned Nomail', company: 'Initech' })).json()
    const first = await buildDeal(app, owner, { contactIds: [bea.id] })
    const emailless = await buildDeal(app, owner, { name: 'Initech', contactIds: [noEmail.id] })
    const draft = await uploadAgreement(app, owner, { dealId: first.id })
    await request(app, owner, 'PATCH', `/api/agreements/${draft.id}`, {
      recipients: [signer('Bea Buyer', 'bea@acme.example'), { name: owner.user.name, email: owner.user.email, role: 'signer' }],
      fields: [{ recipient: 'bea@acme.example', type: 'signature', page: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.1, required: true }],
    })
    const template = (await request(app, owner, 'POST', `/api/agreements/${draft.id}/template`, {})).json()
    expect(template.recipients).toMatchObject([{ email: 'bea@acme.example', placeholder: 'client' }, { placeholder: 'owner' }])

    const colleague = await buildMember(app, owner, { name: 'Sam Seller' })
    for (const dealId of [undefined, emailless.id]) {
      const made = await request(app, colleague, 'POST', '/api/agreements', {
        title: 'Next MSA',
        from: template.id,
        ...(dealId ? { dealId } : {}),
      })
      expect(made.statusCode, made.body).toBe(201)
      const copy = made.json()
      const [client, seller] = copy.recipients
      expect(client).toMatchObject({ name: '', email: '', role: 'signer', placeholder: 'client' })
      // The owner placeholder: the deal's owner, or without a deal the member making the agreement.
      expect(seller).toMatchObject(dealId ? { email: owner.user.email } : { email: colleague.user.email, name: 'Sam Seller' })
      expect(copy.fields).toEqual([expect.objectContaining({ recipientId: client.id, type: 'signature' })])
      expect(JSON.stringify(copy)).not.toContain('bea@acme.example')

      const refused = await request(app, colleague, 'POST', `/api/agreements/${copy.id}/send`)
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ field: 'recipients' })
      expect(await app.outbox('bea@acme.example')).toEqual([])
    }
  })
})

describe('the deal’s order form', () => {
  it('is generated from the deal’s lines and client, with the client as its signer; completing it moves the deal by rule', async () => {
    const owner = await buildOwner(app)
    const product = await buildProduct(app, owner, { name: 'Seat licence', price: 49_00, currency: 'EUR' })
    const bea = (
      await request(app, owner, 'POST', '/api/clients', { name: 'Bea Buyer', email: 'bea@acme.example', company: 'Acme' })
    ).json()
    const deal = await buildDeal(app, owner, { contactIds: [bea.id], lines: [{ productId: product.id, quantity: 3 }] })
    const won = (await stagesOf(app, owner)).find((s) => s.kind === 'won')
    const rule = await request(app, owner, 'POST', `/api/products/${product.id}/automations`, {
      name: 'Signed means won',
      trigger: 'agreement_completed',
      actions: [{ type: 'create_deal', stageId: won?.id }],
    })
    expect(rule.statusCode, rule.body).toBe(201)

    const made = await request(app, owner, 'POST', '/api/agreements', { title: 'Order form', dealId: deal.id, from: 'order-form' })
    expect(made.statusCode, made.body).toBe(201)
    const draft = made.json()
    expect(draft).toMatchObject({
      status: 'draft',
      deal: { id: deal.id },
      recipients: [{ name: 'Bea Buyer', email: 'bea@acme.example', role: 'signer', placeholder: 'client' }],
    })
    const text = await pdfText((await request(app, owner, 'GET', draft.documentUrl)).rawPayload)
    expect(text).toContain('Seat licence')
    expect(text).toContain('Bea Buyer')
    expect(text).toMatch(/147[.,]00/)

    await request(app, owner, 'PATCH', `/api/agreements/${draft.id}`, {
      fields: [{ recipient: 'bea@acme.example', type: 'signature', page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.08, required: true }],
    })
    const sent = (await request(app, owner, 'POST', `/api/agreements/${draft.id}/send`)).json()
    expect((await signAs(app, tokenOf(sent.recipients[0].signingUrl))).statusCode).toBe(200)
    await vi.waitFor(async () => expect((await request(app, owner, 'GET', `/api/deals/${deal.id}`)).json().stageId).toBe(won?.id), {
      timeout: 20_000,
      interval: 200,
    })

    expect((await request(app, owner, 'POST', '/api/agreements', { title: 'x', from: 'order-form' })).json()).toMatchObject({
      field: 'dealId',
    })
    const stranger = await buildOwner(app)
    const theirs = await request(app, stranger, 'POST', '/api/agreements', { title: 'x', dealId: deal.id, from: 'order-form' })
    expect(theirs.statusCode).toBe(404)
  })
})

describe('the order form’s branding', () => {
  it('draws the organization’s logo from its address, and is made without one when the address gives no image or is not one the server may reach', async () => {
    const asked: string[] = []
    const logos = createServer((req, res) => {
      asked.push(req.url ?? '')
      if (req.url === '/logo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
      else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => logos.listen(0, '127.0.0.1', resolve))
    // The test's image server listens on loopback, which a server reaches only when its operator allows it.
    const allowing = await buildTestApp({ env: { ALLOW_PRIVATE_TARGETS: '127.0.0.1/32' } })
    try {
      const { port } = logos.address() as AddressInfo
      const imagesIn = async (on: TestApp, logoUrl: string) => {
        const owner = await buildOwner(on)
        const deal = await buildDeal(on, owner)
        // Written as stored: the settings only take https addresses, which this test server does not serve.
        await on.database.db.update(organizations).set({ logoUrl }).where(eq(organizations.id, owner.user.organizationId))
        const made = await request(on, owner, 'POST', '/api/agreements', { title: 'Order form', dealId: deal.id, from: 'order-form' })
        expect(made.statusCode, made.body).toBe(201)
        const pdf = (await request(on, owner, 'GET', made.json().documentUrl)).rawPayload
        const list = await onPdfFile(pdf, 'pdfimages', (file) => ['-list', file])
        return list.stdout.split('\n').filter((row) => /^\s+1\s+\d+\s+image\s/.test(row)).length
      }
      expect(await imagesIn(app, `http://127.0.0.1:${port}/logo.png`)).toBe(0)
      expect(await imagesIn(app, `http://localhost:${port}/logo.png`)).toBe(0)
      expect(asked).toEqual([])
      expect(await imagesIn(allowing, `http://127.0.0.1:${port}/logo.png`)).toBe(1)
      expect(await imagesIn(allowing, `http://127.0.0.1:${port}/missing.png`)).toBe(0)
      expect(asked).toEqual(['/logo.png', '/missing.png'])
    } finally {
      await allowing.close()
      await new Promise((resolve) => logos.close(resolve))
    }
  })
})

describe("the deal's timeline", () => {
  it('shows the agreement when it is created (uploaded or from a template) and when it is sent, by whom', async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const agreementSteps = async () =>
      (
        (await request(app, owner, 'GET', `/api/deals/${deal.id}/activities`)).json().activities as {
          kind: string
          actorId: string | null
          data: { agreementId: string; title: string; step: string; by: string }
        }[]
      ).filter((a) => a.kind === 'agreement')

    const draft = await uploadAgreement(app, owner, { dealId: deal.id, title: 'Pilot agreement' })
    expect(await agreementSteps()).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: owner.user.id }),
        data: { agreementId: draft.id, title: 'Pilot agreement', step: 'created', by: owner.user.name },
      }),
    ])
    // One made without a deal is on no timeline.
    await uploadAgreement(app, owner)
    expect(await agreementSteps()).toHaveLength(1)

    const sent = await sentAgreement(app, owner, [signer('Bea Buyer', 'bea@timeline.example')], { dealId: deal.id })
    const steps = (await agreementSteps()).filter((a) => a.data.agreementId === sent.id).map((a) => a.data.step)
    expect(steps.sort()).toEqual(['created', 'sent'])

    const template = await request(app, owner, 'POST', `/api/agreements/${sent.id}/template`, {})
    expect(template.statusCode, template.body).toBe(201)
    const copy = await request(app, owner, 'POST', '/api/agreements', { title: 'From template', dealId: deal.id, from: template.json().id })
    expect(copy.statusCode, copy.body).toBe(201)
    expect((await agreementSteps()).filter((a) => a.data.agreementId === copy.json().id).map((a) => a.data.step)).toEqual(['created'])
  })
})
