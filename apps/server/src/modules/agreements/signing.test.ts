import { createHash, createHmac } from 'node:crypto'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agreements, serverSecrets } from '../../db/schema/index.ts'
import { sentAgreement, signAs, tokenOf, uploadAgreement } from '../../testing/agreements.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildDeal } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { PNG } from '../../testing/files.ts'
import { GENERATED_P12 } from './pdf/signer.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const pub = (method: 'GET' | 'POST', token: string, path = '', payload?: object) =>
  app.inject({ method, url: `/api/public/signing/${token}${path}`, payload, headers: { 'user-agent': 'SignerBrowser/1.0' } })
const signer = (name: string, email: string, order?: number) => ({ name, email, role: 'signer' as const, ...(order ? { order } : {}) })
const get = async (owner: Client, id: string) => (await request(app, owner, 'GET', `/api/agreements/${id}`)).json()
const linkIn = async (email: string) => (await app.outbox(email))[0]?.text.match(/\/sign\/([\w-]{43})/)?.[1]

describe('signing in parallel', () => {
  it('takes both signers at once, completes, seals once and serves the sealed PDF from then on', async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const sent = await sentAgreement(app, owner, [signer('Bea Buyer', 'bea@acme.example'), signer('Carl Chief', 'carl@acme.example')], {
      dealId: deal.id,
    })
    expect(sent.status).toBe('sent')
    expect(sent.recipients.map((r) => r.status)).toEqual(['sent', 'sent'])
    // Each gets their own link by email, the one the sender's page shows.
    const bea = tokenOf(sent.recipients[0]?.signingUrl ?? null)
    const carl = tokenOf(sent.recipients[1]?.signingUrl ?? null)
    expect(await linkIn('bea@acme.example')).toBe(bea)
    expect(await linkIn('carl@acme.example')).toBe(carl)

    const page = await pub('GET', bea)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({
      agreement: { title: 'Master services agreement', status: 'sent' },
      sender: { name: owner.user.name, email: owner.user.email },
      recipient: { name: 'Bea Buyer', role: 'signer', status: 'opened' },
      canAct: true,
      documentUrl: `/api/public/signing/${bea}/document`,
    })
    // Only her own fields.
    const mine = page.json().fields as { id: string; type: string }[]
    expect(mine.map((f) => f.type)).toEqual(['signature', 'date'])
    const carlsFields = (await pub('GET', carl)).json().fields as { id: string }[]
    expect(carlsFields.some((f) => mine.some((m) => m.id === f.id))).toBe(false)
    expect((await get(owner, sent.id)).recipients[0]).toMatchObject({ status: 'opened', openedAt: expect.any(String) })

    // A required field left empty, a field that is someone else's, a signature that is not a picture: refused, nothing changed.
    const signature = mine.find((f) => f.type === 'signature')?.id as string
    const empty = await pub('POST', bea, '', { values: {} })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ field: `values.${signature}`, message: `values.${signature}: This field is required` })
    const theirs = await pub('POST', bea, '', { values: { [signature]: 'Bea', [carlsFields[0]?.id as string]: 'Carl' } })
    expect(theirs.json()).toMatchObject({ field: `values.${carlsFields[0]?.id}` })
    const markup = await pub('POST', bea, '', { values: { [signature]: 'data:text/html;base64,PHNjcmlwdD4=' } })
    expect(markup.statusCode).toBe(400)
    expect((await get(owner, sent.id)).recipients[0].status).toBe('opened')

    const drawn = `data:image/png;base64,${PNG.toString('base64')}`
    const signed = await pub('POST', bea, '', { values: { [signature]: drawn } })
    expect(signed.statusCode, signed.body).toBe(200)
    expect(signed.json()).toMatchObject({ recipient: { status: 'signed' }, canAct: false })
    expect(signed.json().fields).toEqual([
      expect.objectContaining({ type: 'signature', value: drawn }),
      expect.objectContaining({ type: 'date', value: new Date().toISOString().slice(0, 10) }),
    ])
    const twice = await pub('POST', bea, '', { values: { [signature]: drawn } })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe('You have already signed this agreement')
    expect((await get(owner, sent.id)).status).toBe('sent')

    expect((await signAs(app, carl, 'Carl Chief')).statusCode).toBe(200)
    const completed = await get(owner, sent.id)
    expect(completed).toMatchObject({ status: 'completed', completedAt: expect.any(String) })

    // The seal job may have run already; either way exactly one sealed file results.
    await app.agreements.sealing.seal(sent.id)
    expect(await app.agreements.sealing.seal(sent.id)).toBe(false)
    const sealed = await get(owner, sent.id)
    expect(sealed.sealedSha256).toMatch(/^[0-9a-f]{64}$/)
    const download = await request(app, owner, 'GET', `/api/agreements/${sent.id}/document`)
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(sealed.sealedSha256)
    const buyerCopy = await pub('GET', bea, '/document')
    expect(createHash('sha256').update(buyerCopy.rawPayload).digest('hex')).toBe(sealed.sealedSha256)
    // Everyone hears of it, with their link to the signed copy.
    expect((await app.outbox('bea@acme.example'))[0]?.subject).toBe('Master services agreement is signed by everyone')
    expect((await app.outbox(owner.user.email))[0]?.subject).toBe('Master services agreement is signed by everyone')

    const kinds = (await request(app, owner, 'GET', `/api/agreements/${sent.id}/audit`)).json().entries.map((e: { kind: string }) => e.kind)
    // The PDFs above were shown, not downloaded: nothing recorded for them.
    expect(kinds).toEqual(['created', 'sent', 'opened', 'opened', 'signed', 'signed', 'completed'])
    const bySigner = (await request(app, owner, 'GET', `/api/agreements/${sent.id}/audit`))
      .json()
      .entries.find((e: { kind: string }) => e.kind === 'signed')
    expect(bySigner).toMatchObject({
      actor: { type: 'recipient', name: 'Bea Buyer', email: 'bea@acme.example' },
      userAgent: 'SignerBrowser/1.0',
    })

    // The deal's timeline shows each step; the owner is told of each signature.
    const timeline = (await request(app, owner, 'GET', `/api/deals/${deal.id}/activities`)).json().activities
    const steps = timeline.filter((a: { kind: string }) => a.kind === 'agreement').map((a: { data: { step: string } }) => a.data.step)
    expect(steps.sort()).toEqual(['completed', 'created', 'opened', 'opened', 'sent', 'signed', 'signed'])
    const notifications = (await request(app, owner, 'GET', '/api/notifications')).json().notifications
    expect(notifications.filter((n: { kind: string }) => n.kind === 'agreement-signed')).toHaveLength(2)
    // Signing after completion is refused.
    expect((await signAs(app, carl)).statusCode).toBe(409)
  })
})

describe('the audit log’s downloads', () => {
  it('records a download (?download=1, saved as an attachment) by the sender or a recipient, not the PDF shown in a page', async () => {
    const owner = await buildOwner(app)
    const sent = await sentAgreement(app, owner, [signer('Bea Buyer', 'bea@download.example')])
    const bea = tokenOf(sent.recipients[0]?.signingUrl ?? null)
    const downloads = async () =>
      (await request(app, owner, 'GET', `/api/agreements/${sent.id}/audit`))
        .json()
        .entries.filter((e: { kind: string }) => e.kind === 'downloaded')

    const shown = await request(app, owner, 'GET', `/api/agreements/${sent.id}/document`)
    expect(shown.statusCode).toBe(200)
    expect(shown.headers['content-disposition']).toMatch(/^inline/)
    const shownToBea = await pub('GET', bea, '/document')
    expect(shownToBea.headers['content-disposition']).toMatch(/^inline/)
    expect(await downloads()).toEqual([])

    const saved = await request(app, owner, 'GET', `/api/agreements/${sent.id}/document?download=1`)
    expect(saved.headers['content-disposition']).toMatch(/^attachment/)
    const savedByBea = await pub('GET', bea, '/document?download=1')
    expect(savedByBea.headers['content-disposition']).toMatch(/^attachment/)
    expect(await downloads()).toEqual([
      expect.objectContaining({ actor: { type: 'user', name: owner.user.name, email: owner.user.email } }),
      expect.objectContaining({
        actor: { type: 'recipient', name: 'Bea Buyer', email: 'bea@download.example' },
        userAgent: 'SignerBrowser/1.0',
      }),
    ])
  })
})

describe('signing in order', () => {
  it('invites the next signer only when the one before has signed; a link not yet given does not work', async () => {
    const owner = await buildOwner(app)
    const sent = await sentAgreement(app, owner, [signer('First', 'first@example.com', 1), signer('Second', 'second@example.com', 2)], {
      signingOrder: 'sequential',
    })
    expect(sent.recipients.map((r) => [r.status, r.signingUrl === null])).toEqual([
      ['sent', false],
      ['not_sent', true],
    ])
    expect(await app.outbox('second@example.com')).toEqual([])
    // The link the second signer will get is no link yet: its hash is not stored until their turn.
    const [secret] = await app.database.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'agreement-link-key'))
    const early = createHmac('sha256', secret?.value ?? '')
      .update(`agreement-recipient:${sent.recipients[1]?.id}`)
      .digest('base64url')
    expect((await pub('GET', early)).statusCode).toBe(404)
    expect((await signAs(app, early)).statusCode).toBe(404)

    expect((await signAs(app, tokenOf(sent.recipients[0]?.signingUrl ?? null))).statusCode).toBe(200)
    const next = await get(owner, sent.id)
    expect(next.recipients.map((r: { status: string }) => r.status)).toEqual(['signed', 'sent'])
    expect(await linkIn('second@example.com')).toBe(early)
    expect((await signAs(app, early)).statusCode).toBe(200)
    expect((await get(owner, sent.id)).status).toBe('completed')
  })

  it('answers an approver out of turn with 409 and takes their approval when it comes', async () => {
    const owner = await buildOwner(app)
    const sent = await sentAgreement(
      app,
      owner,
      [signer('Bea', 'bea@example.com', 1), { name: 'Viv Viewer', email: 'viv@example.com', role: 'viewer' }],
      { signingOrder: 'sequential' },
    )
    // A viewer reads at once but has nothing to sign.
    const viewer = tokenOf(sent.recipients.find((r) => r.role === 'viewer')?.signingUrl ?? null)
    expect((await pub('GET', viewer)).json()).toMatchObject({ canAct: false, fields: [], recipient: { status: 'opened' } })
    const refused = await pub('POST', viewer, '', { values: {} })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe('You receive this agreement to read: there is nothing for you to sign')
  })
})

describe('an approver’s approval', () => {
  it('is told to the sender as approved, in the bell (its step) and by email, and a signature as signed', async () => {
    const owner = await buildOwner(app)
    const set = await request(app, owner, 'PUT', '/api/notifications/preferences', { 'agreement-signed': { push: false, email: true } })
    expect(set.statusCode, set.body).toBe(200)
    const sent = await sentAgreement(app, owner, [
      signer('Bea Buyer', 'bea@approve.example'),
      { name: 'Ann Approver', email: 'ann@approve.example', role: 'approver' },
    ])
    expect((await signAs(app, tokenOf(sent.recipients[0]?.signingUrl ?? null))).statusCode).toBe(200)
    const approved = await pub('POST', tokenOf(sent.recipients[1]?.signingUrl ?? null), '', { values: {} })
    expect(approved.json()).toMatchObject({ recipient: { status: 'approved' } })

    const bell = (await request(app, owner, 'GET', '/api/notifications')).json().notifications
    expect(bell.map((n: { kind: string; data: object }) => [n.kind, n.data]).sort()).toEqual([
      ['agreement-signed', { name: 'Ann Approver', title: 'Master services agreement', step: 'approved' }],
      ['agreement-signed', { name: 'Bea Buyer', title: 'Master services agreement', step: 'signed' }],
    ])
    await expect
      .poll(async () => (await app.outbox(owner.user.email)).map((m) => [m.subject, m.text.split('\n')[0]]).sort())
      .toEqual(
        expect.arrayContaining([
          ['Agreement approved', 'Ann Approver approved Master services agreement'],
          ['Agreement signed', 'Bea Buyer signed Master services agreement'],
        ]),
      )
  })
})

describe('a cc recipient', () => {
  it('has no link while the agreement is out, then one to the completed agreement that opens it and downloads the sealed PDF', async () => {
    const owner = await buildOwner(app)
    const sent = await sentAgreement(app, owner, [
      signer('Bea', 'bea@cc.example'),
      { name: 'Cora Copy', email: 'cora@cc.example', role: 'cc' },
    ])
    expect(sent.recipients.find((r) => r.role === 'cc')).toMatchObject({ status: 'not_sent', signingUrl: null })
    expect(await app.outbox('cora@cc.example')).toEqual([])

    expect((await signAs(app, tokenOf(sent.recipients[0]?.signingUrl ?? null))).statusCode).toBe(200)
    await app.agreements.sealing.seal(sent.id)
    const sealed = await get(owner, sent.id)
    expect(sealed.sealedSha256).toMatch(/^[0-9a-f]{64}$/)
    const cora = await linkIn('cora@cc.example')
    expect(cora).toBe(tokenOf(sealed.recipients.find((r: { role: string }) => r.role === 'cc')?.signingUrl))

    const page = await pub('GET', cora as string)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({
      agreement: { status: 'completed' },
      recipient: { name: 'Cora Copy', role: 'cc', status: 'opened' },
      canAct: false,
      fields: [],
    })
    const copy = await pub('GET', cora as string, '/document?download=1')
    expect(copy.statusCode).toBe(200)
    expect(copy.headers['content-disposition']).toMatch(/^attachment/)
    expect(createHash('sha256').update(copy.rawPayload).digest('hex')).toBe(sealed.sealedSha256)
    // Read only: nothing to sign, nothing to decline.
    expect((await pub('POST', cora as string, '', { values: {} })).statusCode).toBe(409)
    expect((await pub('POST', cora as string, '/decline', { reason: 'No' })).statusCode).toBe(409)
  })
})

describe('ending an agreement', () => {
  it('declines with a reason: the agreement is over for everyone, and the sender hears why', async () => {
    const owner = await buildOwner(app)
    const sent = await sentAgreement(app, owner, [signer('Bea', 'bea@example.com'), signer('Carl', 'carl@example.com')])
    const bea = tokenOf(sent.recipients[0]?.signingUrl ?? null)
    const carl = tokenOf(sent.recipients[1]?.signingUrl ?? null)
    expect((await pub('POST', bea, '/decline', { reason: '' })).json()).toMatchObject({ field: 'reason' })
    const declined = await pub('POST', bea, '/decline', { reason: 'The price is too high' })
    expect(declined.statusCode, declined.body).toBe(200)
    expect(declined.json()).toMatchObject({ agreement: { status: 'declined' }, recipient: { status: 'declined' } })
    expect(await get(owner, sent.id)).toMatchObject({
      status: 'declined',
      recipients: [{ status: 'declined', declineReason: 'The price is too high' }, { status: 'sent' }],
    })
    expect((await app.outbox(owner.user.email))[0]?.text).toContain('The price is too high')
    const late = await signAs(app, carl)
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('This agreement was declined')
    expect((await pub('POST', bea, '/decline', { reason: 'again' })).statusCode).toBe(409)
    expect((await request(app, owner, 'POST', `/api/agreements/${sent.id}/void`, {})).statusCode).toBe(409)
  })

  it('voids: the recipients are told, their links refuse to sign, and a void agreement cannot be voided or sent again', async () => {
    const owner = await buildOwner(app)
    const sent = await sentAgreement(app, owner, [signer('Bea', 'bea@example.com')])
    const voided = await request(app, owner, 'POST', `/api/agreements/${sent.id}/void`, { reason: 'Wrong prices' })
    expect(voided.json()).toMatchObject({ status: 'voided', voidReason: 'Wrong prices' })
    expect((await app.outbox('bea@example.com'))[0]?.subject).toBe('Master services agreement was called off')
    const bea = tokenOf(sent.recipients[0]?.signingUrl ?? null)
    const late = await signAs(app, bea)
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('This agreement was voided')
    expect((await request(app, owner, 'POST', `/api/agreements/${sent.id}/void`, {})).statusCode).toBe(409)
    expect((await request(app, owner, 'POST', `/api/agreements/${sent.id}/send`)).statusCode).toBe(409)
    expect((await get(owner, sent.id)).recipients[0]).toMatchObject({ status: 'opened', signedAt: null })
  })

  it('is voided by its sender or an admin only: another member is refused with 403 and the signers are not told', async () => {
    const owner = await buildOwner(app)
    const seller = await buildMember(app, owner, { name: 'Sam Seller' })
    const colleague = await buildMember(app, owner, { name: 'Cole League' })
    const admin = await buildMember(app, owner, { role: 'admin' })
    const bySeller = await sentAgreement(app, seller, [signer('Bea', 'bea.rights@example.com')])
    const refused = await request(app, colleague, 'POST', `/api/agreements/${bySeller.id}/void`, { reason: 'Not mine' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ message: "Only the agreement's sender, owners and admins can void it" })
    expect((await get(seller, bySeller.id)).status).toBe('sent')
    expect((await app.outbox('bea.rights@example.com')).map((m) => m.subject)).not.toContain('Master services agreement was called off')
    expect((await request(app, admin, 'POST', `/api/agreements/${bySeller.id}/void`, {})).json()).toMatchObject({ status: 'voided' })
    const again = await sentAgreement(app, seller, [signer('Bo', 'bo.rights@example.com')])
    expect((await request(app, seller, 'POST', `/api/agreements/${again.id}/void`, {})).json()).toMatchObject({ status: 'voided' })
  })

  it('voids on a bare POST, with no body and no content type: the reason is optional', async () => {
    const owner = await buildOwner(app)
    const sent = await sentAgreement(app, owner, [signer('Bea', 'bea@example.com')])
    const voided = await app.inject({ method: 'POST', url: `/api/agreements/${sent.id}/void`, headers: { cookie: owner.cookie } })
    expect(voided.statusCode, voided.body).toBe(200)
    expect(voided.json()).toMatchObject({ status: 'voided', voidReason: '' })
    // A body that is there is still checked.
    const other = await sentAgreement(app, owner, [signer('Bea', 'bea@example.com')])
    const wrong = await request(app, owner, 'POST', `/api/agreements/${other.id}/void`, { reason: 'x'.repeat(1001) })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ field: 'reason' })
  })

  it('expires after its date: by the job, or as a recipient arrives late, and then refuses signatures', async () => {
    const owner = await buildOwner(app)
    const soon = new Date(Date.now() + 60 * 60_000).toISOString()
    const first = await sentAgreement(app, owner, [signer('Bea', 'bea@example.com')], { expiresAt: soon })
    const second = await sentAgreement(app, owner, [signer('Bea', 'bea@example.com')], { expiresAt: soon })
    // Not yet: the job does nothing before the date.
    expect(await app.agreements.lifecycle.expire(first.id)).toBe(false)
    const past = new Date(Date.now() - 1000)
    await app.database.db.update(agreements).set({ expiresAt: past }).where(eq(agreements.id, first.id))
    await app.database.db.update(agreements).set({ expiresAt: past }).where(eq(agreements.id, second.id))
    expect(await app.agreements.lifecycle.expire(first.id)).toBe(true)
    expect((await get(owner, first.id)).status).toBe('expired')

    const late = await signAs(app, tokenOf(second.recipients[0]?.signingUrl ?? null))
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('This agreement has expired')
    expect((await get(owner, second.id)).status).toBe('expired')
    const kinds = (await request(app, owner, 'GET', `/api/agreements/${second.id}/audit`))
      .json()
      .entries.map((e: { kind: string }) => e.kind)
    expect(kinds).toContain('expired')
  })

  it('reminds those whose turn it is on the sender’s schedule, and stops once the agreement is over', async () => {
    const owner = await buildOwner(app)
    const sent = await sentAgreement(app, owner, [signer('Bea', 'bea@example.com'), signer('Carl', 'carl@example.com')], {
      reminderEveryDays: 2,
    })
    expect(await signAs(app, tokenOf(sent.recipients[0]?.signingUrl ?? null))).toMatchObject({ statusCode: 200 })
    expect(await app.agreements.lifecycle.remind(sent.id)).toBe(1)
    expect((await app.outbox('carl@example.com'))[0]?.subject).toBe('Reminder: Master services agreement is waiting for you')
    expect((await app.outbox('bea@example.com')).map((m) => m.subject)).not.toContain(
      'Reminder: Master services agreement is waiting for you',
    )
    const audit = (await request(app, owner, 'GET', `/api/agreements/${sent.id}/audit`)).json().entries
    expect(audit.filter((e: { kind: string }) => e.kind === 'reminded')).toEqual([expect.objectContaining({ detail: 'carl@example.com' })])
    await request(app, owner, 'POST', `/api/agreements/${sent.id}/void`, {})
    expect(await app.agreements.lifecycle.remind(sent.id)).toBe(0)
  })
})

describe('in the sales room', () => {
  const publish = async (owner: Client, dealId: string, settings: object = {}) => {
    const room = await request(app, owner, 'PUT', `/api/deals/${dealId}/salesroom`, { title: 'Acme', published: true, ...settings })
    expect(room.statusCode, room.body).toBe(200)
    return room.json().publicId as string
  }
  const roomOf = async (publicId: string) => (await app.inject({ method: 'GET', url: `/api/public/salesrooms/${publicId}` })).json()
  /** The link in the newest email to `email`. */
  const emailedLink = async (email: string) => (await app.outbox(email))[0]?.text.match(/https?:\/\/\S+/)?.[0]
  /** The recipient's link opened in the room, as the room page takes it. */
  const inRoomOf = (publicId: string, signingUrl: string | null | undefined) =>
    `${new URL(signingUrl ?? '').origin}/d/${publicId}?sign=${tokenOf(signingUrl ?? null)}`

  it('lists the deal’s agreements once sent, by title and status, and leaves out drafts and voided ones', async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const publicId = await publish(owner, deal.id)
    await uploadAgreement(app, owner, { dealId: deal.id, title: 'Still a draft' })
    const sent = await sentAgreement(app, owner, [signer('Bea', 'bea@list.example')], { dealId: deal.id })
    const voided = await sentAgreement(app, owner, [signer('Bea', 'bea@list.example')], { dealId: deal.id })
    await request(app, owner, 'POST', `/api/agreements/${voided.id}/void`, {})
    expect((await roomOf(publicId)).agreements).toEqual([{ id: sent.id, title: 'Master services agreement', status: 'sent' }])
    expect((await signAs(app, tokenOf(sent.recipients[0]?.signingUrl ?? null))).statusCode).toBe(200)
    expect((await roomOf(publicId)).agreements).toEqual([{ id: sent.id, title: 'Master services agreement', status: 'completed' }])
  })

  it('emails each signer a link into the room, which the sender’s page shows too; their /sign/ link still works', async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const publicId = await publish(owner, deal.id)
    const sent = await sentAgreement(app, owner, [signer('Bea', 'bea@room.example', 1), signer('Carl', 'carl@room.example', 2)], {
      dealId: deal.id,
      signingOrder: 'sequential',
      reminderEveryDays: 2,
    })
    const bea = tokenOf(sent.recipients[0]?.signingUrl ?? null)
    const inRoom = inRoomOf(publicId, sent.recipients[0]?.signingUrl)
    expect(sent.recipients.map((r) => r.salesroomUrl)).toEqual([inRoom, null])
    expect(await emailedLink('bea@room.example')).toBe(inRoom)
    expect((await pub('GET', bea)).json().salesroomUrl).toBe(inRoom)
    // The reminder carries the same link.
    expect(await app.agreements.lifecycle.remind(sent.id)).toBe(1)
    expect((await app.outbox('bea@room.example')).map((m) => m.subject)).toContain('Reminder: Master services agreement is waiting for you')
    expect(await emailedLink('bea@room.example')).toBe(inRoom)
    // Signed by its plain link, the next signer is invited into the room in turn.
    expect((await signAs(app, bea)).statusCode).toBe(200)
    expect(await emailedLink('carl@room.example')).toBe(inRoomOf(publicId, (await get(owner, sent.id)).recipients[1].signingUrl))
  })

  it('keeps the /sign/ link where the room would not let the signer in: an unpublished one, a private one they are not invited to', async () => {
    const owner = await buildOwner(app)
    const unpublished = await buildDeal(app, owner)
    await publish(owner, unpublished.id, { published: false })
    const hidden = await sentAgreement(app, owner, [signer('Una', 'una@room.example')], { dealId: unpublished.id })
    expect(hidden.recipients[0]?.salesroomUrl).toBeNull()
    expect(await emailedLink('una@room.example')).toBe(hidden.recipients[0]?.signingUrl)

    const privateDeal = await buildDeal(app, owner)
    const publicId = await publish(owner, privateDeal.id, { access: 'invited', invitedEmails: ['ivy@room.example'] })
    const sent = await sentAgreement(app, owner, [signer('Ivy', 'ivy@room.example'), signer('Otto', 'otto@room.example')], {
      dealId: privateDeal.id,
    })
    const [ivy, otto] = sent.recipients
    expect(ivy?.salesroomUrl).toBe(inRoomOf(publicId, ivy?.signingUrl))
    expect(await emailedLink('ivy@room.example')).toBe(ivy?.salesroomUrl)
    expect(otto?.salesroomUrl).toBeNull()
    expect(await emailedLink('otto@room.example')).toBe(otto?.signingUrl)
    expect((await pub('GET', tokenOf(otto?.signingUrl ?? null))).json().salesroomUrl).toBeNull()
  })

  it('names only the room of the agreement’s own deal: a signer’s link never leads into another deal’s room', async () => {
    const owner = await buildOwner(app)
    const [ours, theirs] = [await buildDeal(app, owner), await buildDeal(app, owner, { name: 'Globex pilot' })]
    const ourRoom = await publish(owner, ours.id)
    const theirRoom = await publish(owner, theirs.id)
    const sent = await sentAgreement(app, owner, [signer('Bea', 'bea@cross.example')], { dealId: ours.id })
    const bea = tokenOf(sent.recipients[0]?.signingUrl ?? null)
    const answer = (await pub('GET', bea)).json()
    expect(new URL(answer.salesroomUrl).pathname).toBe(`/d/${ourRoom}`)
    expect(answer.salesroomUrl).not.toContain(theirRoom)
    expect((await roomOf(theirRoom)).agreements).toEqual([])
  })
})

describe('a signature image', () => {
  it('is decoded when it is sent: a PNG broken past its header or too large to draw is refused, naming the field', async () => {
    const owner = await buildOwner(app)
    const sent = await sentAgreement(app, owner, [signer('Bea Buyer', 'bea@png.example')])
    const token = tokenOf(sent.recipients[0]?.signingUrl ?? null)
    const fields = (await pub('GET', token)).json().fields as { id: string; type: string }[]
    const signature = fields.find((f) => f.type === 'signature')?.id as string
    const asUrl = (png: Uint8Array) => `data:image/png;base64,${Buffer.from(png).toString('base64')}`
    // Starts like a PNG, then nothing the seal could decode.
    const broken = Buffer.concat([PNG.subarray(0, 40), Buffer.alloc(40)])
    // A valid header claiming 20000×20000 pixels: small on the wire, gigabytes once decoded.
    const huge = Buffer.from(PNG)
    huge.writeUInt32BE(20_000, 16)
    huge.writeUInt32BE(20_000, 20)
    for (const [png, message] of [
      [broken, 'This signature image cannot be read'],
      [huge, 'A signature image may be at most 3000×3000 pixels'],
      [Buffer.from('not a png at all'), 'A signature image must be a PNG'],
    ] as const) {
      const res = await pub('POST', token, '', { values: { [signature]: asUrl(png) } })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ field: `values.${signature}`, message: `values.${signature}: ${message}` })
    }
    expect((await get(owner, sent.id)).recipients[0].status).toBe('opened')
    // A good one is taken, and the agreement seals with it.
    expect((await pub('POST', token, '', { values: { [signature]: asUrl(PNG) } })).statusCode).toBe(200)
    await app.agreements.sealing.seal(sent.id)
    expect((await get(owner, sent.id)).sealedSha256).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('the seal certificate', () => {
  it('is loaded again by the next seal after a failed load, not failed until the server restarts', async () => {
    const fresh = await buildTestApp()
    try {
      // The generated certificate cannot be read or written: its name is taken by a directory.
      const p12 = join(fresh.dataDir, GENERATED_P12)
      await mkdir(p12)
      const owner = await buildOwner(fresh)
      const sent = await sentAgreement(fresh, owner, [signer('Bea Buyer', 'bea@cert.example')])
      expect((await signAs(fresh, tokenOf(sent.recipients[0]?.signingUrl ?? null))).statusCode).toBe(200)
      await expect(fresh.agreements.sealing.seal(sent.id)).rejects.toThrow()
      await rm(p12, { recursive: true })
      // Sealed by this call or by the job's retry: either way, sealed without a restart.
      await fresh.agreements.sealing.seal(sent.id)
      const sealed = (await request(fresh, owner, 'GET', `/api/agreements/${sent.id}`)).json()
      expect(sealed.sealedSha256).toMatch(/^[0-9a-f]{64}$/)
    } finally {
      await fresh.close()
    }
  })
})
