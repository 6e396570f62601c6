import { createHash } from 'node:crypto'
import { access } from 'node:fs/promises'
import { join } from 'node:path'
import { type OrganizationExport, ProductSocketEvents } from '@closeroom/shared'
import { parse } from 'csv-parse/sync'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import yauzl from 'yauzl'
import {
  agreementRecipients,
  apiKeys,
  calendarConnections,
  calendarFeeds,
  clients,
  files,
  mailAccounts,
  organizationExports,
  serverSecrets,
  sessions,
  users,
  userTokens,
  webhookEndpoints,
} from '../../db/schema/index.ts'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../../testing/booking.ts'
import { buildContact, buildDeal, buildProduct } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { form, pdfOfPages } from '../../testing/files.ts'
import { connectSocket } from '../../testing/sockets.ts'

// An organization's export, end to end: seeded through the API (and, for the secrets no API shows, straight into
// their tables), built by the real job, downloaded, unzipped with yauzl and read back.

let app: TestApp
let url: string
beforeAll(async () => {
  app = await buildTestApp()
  url = await listenOnFreePort(app)
})
afterAll(() => app.close())

/** Every entry of a zip, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error)
      const entries = new Map<string, Buffer>()
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks))
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(entries))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

const exportOf = async (client: Client, id: string) =>
  (await request(app, client, 'GET', `/api/exports/${id}`)).json() as OrganizationExport
const download = (client: Client, id: string) =>
  app.inject({ method: 'GET', url: `/api/exports/${id}/download`, headers: { cookie: client.cookie } })
const csvRows = (bytes: Buffer | undefined) => parse(bytes ?? '', { columns: true }) as Record<string, string>[]
const jsonRows = (bytes: Buffer | undefined) => JSON.parse(String(bytes)) as Record<string, unknown>[]

/** An agreement for the deal, sent to Bea, signed by her and sealed, as its API and signing page do it. */
async function sealedAgreement(owner: Client, dealId: string) {
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/agreements',
    headers: { cookie: owner.cookie },
    payload: form({ name: 'msa.pdf', bytes: await pdfOfPages(1) }, { title: 'Master services agreement', dealId }),
  })
  expect(uploaded.statusCode, uploaded.body).toBe(201)
  const id = uploaded.json().id as string
  const recipients = [{ name: 'Bea Buyer', email: 'bea@buyer.example', role: 'signer' }]
  const fields = [{ recipient: 'bea@buyer.example', type: 'signature', page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.08, required: true }]
  expect((await request(app, owner, 'PATCH', `/api/agreements/${id}`, { recipients, fields })).statusCode).toBe(200)
  const sent = await request(app, owner, 'POST', `/api/agreements/${id}/send`)
  expect(sent.statusCode, sent.body).toBe(200)
  const signingToken = String(sent.json().recipients[0]?.signingUrl).split('/sign/')[1] ?? ''
  const page = (await app.inject({ method: 'GET', url: `/api/public/signing/${signingToken}` })).json()
  const values = Object.fromEntries(page.fields.map((f: { id: string }) => [f.id, 'Bea Buyer']))
  const signed = await app.inject({ method: 'POST', url: `/api/public/signing/${signingToken}`, payload: { values } })
  expect(signed.statusCode, signed.body).toBe(200)
  await app.agreements.sealing.seal(id)
  const sealed = (await request(app, owner, 'GET', `/api/agreements/${id}`)).json()
  expect(sealed.sealedSha256).toMatch(/^[0-9a-f]{64}$/)
  return { agreement: sealed as { id: string; sealedSha256: string }, signingToken }
}

/** An organization with a bit of everything, and the secrets it must never let out. */
async function seed() {
  const owner = await buildOwner(app, { name: 'Olivia Owner' })
  const member = await buildMember(app, owner, { name: 'Maya Member' })
  const db = app.database.db
  const org = owner.user.organizationId

  const bea = await request(app, owner, 'POST', '/api/clients', { name: 'Bea Buyer', email: 'bea@buyer.example', company: 'Acme' })
  expect(bea.statusCode, bea.body).toBe(201)
  // A buyer's words that a spreadsheet would run as a formula.
  const formula = await buildContact(app, owner, { name: '=HYPERLINK("http://evil.example","open")', company: '@SUM(A1)' })
  // More clients than one page of the export's reads: every one arrives once.
  await db
    .insert(clients)
    .values(Array.from({ length: 600 }, (_, i) => ({ organizationId: org, name: `Bulk client ${i}`, email: `bulk${i}@buyer.example` })))
  const product = await buildProduct(app, owner, { name: 'Platform', price: 120_000, currency: 'EUR' })
  const deal = await buildDeal(app, owner, {
    name: 'Acme rollout',
    contactIds: [bea.json().id],
    lines: [{ productId: product.id, quantity: 3 }],
  })
  const room = await request(app, owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme × Closeroom', published: true })
  expect(room.statusCode, room.body).toBe(200)
  const visit = await request(app, null, 'POST', `/api/public/salesrooms/${room.json().publicId}/events`, { kind: 'visit' })
  expect(visit.statusCode, visit.body).toBe(200)

  const eventType = await buildEventType(app, owner, { title: 'Discovery call' })
  const day = nextMonday()
  const [start] = await freeSlots(app, eventType.id, day)
  const booking = await request(app, null, 'POST', '/api/public/bookings', bookingBody(eventType.id, start ?? ''))
  expect(booking.statusCode, booking.body).toBe(201)

  const { agreement, signingToken } = await sealedAgreement(owner, deal.id)

  // Secrets, recognisable wherever they would leak.
  const apiKey = await request(app, owner, 'POST', '/api/auth/api-keys', { name: 'CI', expiresInDays: null, scope: 'read' })
  expect(apiKey.statusCode, apiKey.body).toBe(201)
  await db
    .insert(webhookEndpoints)
    .values({ organizationId: org, url: 'https://hooks.example.com/in', events: ['deal.won'], secret: 'whsec_LEAKCHECKwebhooksecret0001' })
  await db.insert(calendarConnections).values({
    organizationId: org,
    userId: owner.user.id,
    serverUrl: 'https://dav.example.com/',
    username: 'olivia',
    passwordEncrypted: 'LEAKCHECK-caldav-password-0002',
  })
  await db.insert(calendarFeeds).values({ userId: owner.user.id, token: 'LEAKCHECK-calendar-feed-token-0003' })
  await db.insert(mailAccounts).values({
    organizationId: org,
    userId: member.user.id,
    email: 'maya@mail.example',
    imapHost: 'imap.example.invalid',
    imapPort: 993,
    imapTls: true,
    smtpHost: 'smtp.example.invalid',
    smtpPort: 465,
    smtpTls: true,
    username: 'maya',
    passwordEncrypted: 'LEAKCHECK-mail-password-0004',
  })
  const hashes = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.organizationId, org))
  const keyHashes = await db.select({ hash: apiKeys.keyHash }).from(apiKeys).where(eq(apiKeys.organizationId, org))
  const tokenHashes = await db
    .select({ hash: userTokens.tokenHash })
    .from(userTokens)
    .where(inArray(userTokens.userId, [owner.user.id, member.user.id]))
  const recipientHashes = await db
    .select({ hash: agreementRecipients.tokenHash })
    .from(agreementRecipients)
    .where(eq(agreementRecipients.agreementId, agreement.id))
  const sessionIds = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, owner.user.id))
  const serverKeys = await db.select({ value: serverSecrets.value }).from(serverSecrets)
  const secrets = [
    ...hashes.map((r) => r.hash),
    ...keyHashes.map((r) => r.hash),
    ...tokenHashes.map((r) => r.hash),
    ...recipientHashes.map((r) => r.hash),
    ...sessionIds.map((r) => r.id),
    ...serverKeys.map((r) => r.value),
    apiKey.json().secret,
    signingToken,
    owner.cookie.split('=')[1],
    'whsec_LEAKCHECKwebhooksecret0001',
    'LEAKCHECK',
  ].filter((s): s is string => typeof s === 'string' && s.length >= 8)
  expect(hashes.filter((r) => r.hash)).toHaveLength(2)

  return { owner, member, deal, product, formula, agreement, booking: booking.json(), eventType, secrets }
}

describe('an organization export', () => {
  it('is built by the job with live progress, downloads as a zip of CSV, JSON and sealed PDFs, and holds nothing secret or foreign', async () => {
    const seeded = await seed()
    const { owner, member, deal, product, formula, agreement, booking, eventType } = seeded
    const stranger = await buildOwner(app, { name: 'Other Owner' })
    await buildContact(app, stranger, { name: 'Foreign Client Zed', company: 'Elsewhere' })

    // Admins only.
    const refused = await request(app, member, 'POST', '/api/exports')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'forbidden', message: "Only owners and admins can export the organization's data" })
    expect((await request(app, member, 'GET', '/api/exports')).statusCode).toBe(403)

    const socket = await connectSocket(url, owner.cookie)
    const heard: OrganizationExport[] = []
    socket.on(ProductSocketEvents.organizationExportChanged, (payload: { export: OrganizationExport }) => heard.push(payload.export))
    try {
      const started = await request(app, owner, 'POST', '/api/exports')
      expect(started.statusCode, started.body).toBe(202)
      const queued = started.json() as OrganizationExport
      expect(queued).toMatchObject({ status: 'queued', requestedBy: { id: owner.user.id, name: 'Olivia Owner' }, size: null })
      // One at a time per organization.
      const second = await request(app, owner, 'POST', '/api/exports')
      expect(second.statusCode).toBe(409)
      expect(second.json()).toMatchObject({ code: 'conflict', message: expect.stringContaining('already being prepared') })

      await expect.poll(async () => (await exportOf(owner, queued.id)).status, { timeout: 20_000, interval: 200 }).toBe('ready')
      const ready = await exportOf(owner, queued.id)
      expect(ready.progress).toEqual({ done: ready.progress.total, total: 23, step: null })
      expect(ready.size).toBeGreaterThan(1000)
      expect(Date.parse(ready.expiresAt ?? '') - Date.parse(ready.finishedAt ?? '')).toBe(7 * 24 * 3600_000)
      // The admin's open page heard each step as it started, then ready.
      await expect.poll(() => heard.at(-1)?.status).toBe('ready')
      const steps = heard.filter((e) => e.status === 'running').map((e) => e.progress.step)
      expect(steps).toEqual(expect.arrayContaining(['users', 'deals', 'agreement-pdfs', 'files']))
      expect(heard.filter((e) => e.status === 'running').map((e) => e.progress.done)).toEqual(
        [...heard.filter((e) => e.status === 'running').map((e) => e.progress.done)].sort((a, b) => a - b),
      )
    } finally {
      socket.disconnect()
    }
    const [row] = await app.database.db
      .select()
      .from(organizationExports)
      .where(eq(organizationExports.organizationId, owner.user.organizationId))
    if (!row) throw new Error('no export row')

    // The requester is told it is ready.
    const centre = (await request(app, owner, 'GET', '/api/notifications')).json()
    expect(centre.notifications[0]).toMatchObject({ kind: 'export-ready', url: '/admin-settings/account' })

    // Another organization's admin, and a member, cannot reach it.
    expect((await request(app, stranger, 'GET', `/api/exports/${row.id}`)).statusCode).toBe(404)
    expect((await download(stranger, row.id)).statusCode).toBe(404)
    expect((await download(member, row.id)).statusCode).toBe(403)

    const res = await download(owner, row.id)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="closeroom-export-[\w-]+-\d{4}-\d{2}-\d{2}\.zip"/)
    expect(res.rawPayload.length).toBe(row.size)
    const entries = await unzip(res.rawPayload)

    const manifest = JSON.parse(String(entries.get('manifest.json')))
    expect(manifest).toMatchObject({
      formatVersion: 1,
      organization: { id: owner.user.organizationId },
      exportedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    // Every count is the rows its file holds.
    for (const [name, count] of Object.entries(manifest.files as Record<string, number>)) {
      if (name.endsWith('.csv')) expect(csvRows(entries.get(name)), name).toHaveLength(count)
      else if (name.endsWith('.json')) expect(jsonRows(entries.get(name)), name).toHaveLength(count)
      else
        expect(
          [...entries.keys()].filter((e) => e.startsWith(name)),
          name,
        ).toHaveLength(count)
    }
    expect(manifest.files).toMatchObject({
      'users.csv': 2,
      'clients.csv': 602,
      'deals.csv': 1,
      'deal-lines.json': 1,
      'bookings.csv': 1,
      'salesrooms.csv': 1,
      'salesroom-visits.csv': 1,
      'agreements.csv': 1,
      'agreements/': 1,
    })

    // Rows as the records are, in CSV and in JSON.
    const [dealCsv] = csvRows(entries.get('deals.csv'))
    expect(dealCsv).toMatchObject({ id: deal.id, name: 'Acme rollout', ownerName: 'Olivia Owner', currency: deal.currency })
    const [dealJson] = jsonRows(entries.get('deals.json'))
    expect(dealJson).toMatchObject({ id: deal.id, name: 'Acme rollout', amount: deal.amount, clientIds: deal.contacts.map((c) => c.id) })
    expect(jsonRows(entries.get('deal-lines.json'))).toEqual([
      expect.objectContaining({ dealId: deal.id, productId: product.id, product: 'Platform', quantity: 3, unitPrice: 120_000 }),
    ])
    expect(csvRows(entries.get('deal-activities.csv')).map((a) => a.kind)).toEqual(expect.arrayContaining(['created']))
    expect(jsonRows(entries.get('deal-stage-history.json'))[0]).toMatchObject({ dealId: deal.id, enteredAt: expect.any(String) })
    const bookingRows = csvRows(entries.get('bookings.csv'))
    expect(bookingRows).toEqual([
      expect.objectContaining({
        eventTypeId: eventType.id,
        eventType: 'Discovery call',
        attendeeEmail: 'bea@buyer.example',
        status: 'accepted',
      }),
    ])
    expect(Date.parse(bookingRows[0]?.startAt ?? '')).toBe(Date.parse(booking.start))
    expect(jsonRows(entries.get('salesrooms.json'))).toEqual([expect.objectContaining({ dealId: deal.id, visits: 1, chatMessages: 0 })])
    expect(csvRows(entries.get('agreement-signers.csv'))).toEqual([
      expect.objectContaining({ agreementId: agreement.id, email: 'bea@buyer.example', status: 'signed' }),
    ])
    expect(csvRows(entries.get('agreement-events.csv')).map((e) => e.kind)).toEqual(expect.arrayContaining(['sent', 'signed', 'completed']))
    const users = csvRows(entries.get('users.csv'))
    expect(users.map((u) => u.name).sort()).toEqual(['Maya Member', 'Olivia Owner'])
    expect(Object.keys(users[0] ?? {})).not.toContain('passwordHash')

    // A cell that starts like a formula is text in a spreadsheet; the JSON keeps the words as they are.
    const clientRows = csvRows(entries.get('clients.csv'))
    expect(new Set(clientRows.map((c) => c.id)).size).toBe(602)
    const formulaRow = csvRows(entries.get('clients.csv')).find((c) => c.id === formula.id)
    expect(formulaRow).toMatchObject({ name: `'=HYPERLINK("http://evil.example","open")`, company: "'@SUM(A1)" })
    expect(jsonRows(entries.get('clients.json')).find((c) => c.id === formula.id)).toMatchObject({ name: formula.name })

    // The sealed PDF is the stored sealed PDF, byte for byte.
    const pdf = entries.get(`agreements/${agreement.id}.pdf`)
    expect(
      createHash('sha256')
        .update(pdf ?? '')
        .digest('hex'),
    ).toBe(agreement.sealedSha256)

    // Nothing of another organization, nothing secret, in any entry.
    const everything = Buffer.concat([...entries.values()])
    expect(everything.includes('Foreign Client Zed')).toBe(false)
    expect(everything.includes(stranger.user.email)).toBe(false)
    for (const secret of seeded.secrets) expect(everything.includes(secret), `secret found: ${secret.slice(0, 12)}…`).toBe(false)
    expect(everything.includes('$argon2')).toBe(false)

    // Seven days on, the archive is deleted and the export shows as expired: 410 instead of the file.
    const [stored] = await app.database.db
      .select({ key: organizationExports.storageKey })
      .from(organizationExports)
      .where(eq(organizationExports.id, row.id))
    const path = join(app.dataDir, 'files', stored?.key ?? 'none')
    await access(path)
    await app.database.db
      .update(organizationExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizationExports.id, row.id))
    expect((await exportOf(owner, row.id)).status).toBe('expired')
    expect(await app.exports.expire(row.id)).toBe(1)
    await expect(access(path)).rejects.toThrow()
    const gone = await download(owner, row.id)
    expect(gone.statusCode).toBe(410)
    expect(gone.json().message).toContain('Start a new export')
    // The seeded files are untouched by all this.
    expect((await app.database.db.select().from(files).where(eq(files.organizationId, owner.user.organizationId))).length).toBeGreaterThan(
      0,
    )
  })
})
