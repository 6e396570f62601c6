import { join } from 'node:path'
import { FILE_LIMITS } from '@closeroom/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { buildDeal } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client } from '../../testing/factories.ts'
import { form, HTML, PDF, PNG, SVG, storedFiles } from '../../testing/files.ts'
import { createFileStore, localStorage } from '../files/module.ts'

let app: TestApp
let url: string
let storage: string
beforeAll(async () => {
  app = await buildTestApp()
  url = await listenOnFreePort(app)
  storage = join(app.dataDir, 'files')
})
afterAll(() => app.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
const call = (client: Client | null, method: Method, path: string, payload?: object, cookie?: string) =>
  app.inject({ method, url: path, headers: { ...(client ? { cookie: client.cookie } : {}), ...(cookie ? { cookie } : {}) }, payload })

/** A deal with a published room; `upload` adds a document to it as the owner. */
async function buildRoom(settings: Record<string, unknown> = {}) {
  const owner = await buildOwner(app)
  const deal = await buildDeal(app, owner)
  const room = await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: true, ...settings })
  expect(room.statusCode, room.body).toBe(200)
  const base = `/api/deals/${deal.id}/salesroom/documents`
  const upload = (name: string, bytes: Buffer, fields: Record<string, string> = {}, as: Client = owner) =>
    call(as, 'POST', base, form({ name, bytes }, fields))
  return { owner, deal, base, upload, publicId: room.json().publicId as string, pub: `/api/public/salesrooms/${room.json().publicId}` }
}

describe('sales room documents', () => {
  it('lets the seller share a PDF that the buyer opens and downloads, each time seen by the seller', async () => {
    const { owner, deal, base, upload, pub } = await buildRoom()
    const uploaded = await upload('Proposal Q3.pdf', PDF, { title: 'Our proposal' })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const document = uploaded.json()
    expect(document).toMatchObject({ title: 'Our proposal', name: 'Proposal Q3.pdf', contentType: 'application/pdf', size: PDF.length })
    expect((await call(owner, 'GET', base)).json().documents).toEqual([document])

    // The buyer's page lists what it shows, nothing more.
    const page = (await call(null, 'GET', pub)).json()
    expect(page.documents).toEqual([{ id: document.id, title: 'Our proposal', contentType: 'application/pdf', size: PDF.length }])

    const { visitId } = (await call(null, 'POST', `${pub}/events`, { kind: 'visit' })).json()
    const opened = await call(null, 'GET', `${pub}/documents/${document.id}?visit=${visitId}`)
    expect(opened.statusCode).toBe(200)
    expect(opened.rawPayload.equals(PDF)).toBe(true)
    expect(opened.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="Proposal Q3.pdf"; filename*=UTF-8''Proposal%20Q3.pdf`,
      'x-content-type-options': 'nosniff',
    })
    expect(String(opened.headers['content-security-policy'])).toMatch(/^sandbox;/)
    const downloaded = await call(null, 'GET', `${pub}/documents/${document.id}?visit=${visitId}&download=1`)
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment; /)
    // Without a visit (a link opened outside the page) the buyer still gets it; nothing is recorded.
    expect((await call(null, 'GET', `${pub}/documents/${document.id}`)).statusCode).toBe(200)

    const engagement = (await call(owner, 'GET', `/api/deals/${deal.id}/salesroom/engagement`)).json()
    expect(engagement.visits[0].documentEvents).toEqual([
      expect.objectContaining({ documentId: document.id, title: 'Our proposal', kind: 'opened' }),
      expect.objectContaining({ documentId: document.id, title: 'Our proposal', kind: 'downloaded' }),
    ])
    // The timeline says it once for this visitor, not once per open.
    const timeline = (await call(owner, 'GET', `/api/deals/${deal.id}/activities`)).json().activities
    expect(timeline.filter((a: { data: { document?: string } }) => a.data.document === 'Our proposal')).toEqual([
      expect.objectContaining({ kind: 'salesroom_visit', data: { visitor: null, document: 'Our proposal' } }),
    ])
  })

  it('stores what the bytes are, not what the name says, and refuses markup, empty files and forms without a file', async () => {
    const { owner, base, upload } = await buildRoom()
    const before = await storedFiles(storage)
    const png = await upload('scan.pdf', PNG)
    expect(png.json()).toMatchObject({ title: 'scan', name: 'scan.pdf', contentType: 'image/png' })

    expect((await upload('evil.pdf', HTML)).json()).toEqual({
      message: 'This file type is not allowed: evil.pdf (use PDF, Word, Excel, PowerPoint, text, CSV, PNG, JPEG, WebP or GIF)',
      code: 'unsupported_type',
    })
    expect((await upload('logo.pdf', SVG)).statusCode).toBe(400)
    expect((await upload('empty.pdf', Buffer.alloc(0))).json()).toEqual({ message: 'Choose a file to upload', code: 'file_required' })
    expect((await call(owner, 'POST', base, form(null, { title: 'No file' }))).json()).toEqual({
      message: 'Choose a file to upload',
      code: 'file_required',
    })
    expect((await call(owner, 'POST', base, { title: 'JSON' })).json()).toEqual({
      message: 'Choose a file to upload',
      code: 'file_required',
    })
    expect((await upload('a.pdf', PDF, { title: ' ' })).json()).toEqual({
      message: 'title: Title is required',
      code: 'invalid',
      field: 'title',
    })
    // Only the PNG is kept.
    expect((await call(owner, 'GET', base)).json().documents).toHaveLength(1)
    expect(await storedFiles(storage)).toHaveLength(before.length + 1)
  })

  it('refuses a file one byte over the limit, keeping nothing, and the browser hears why', async () => {
    const { owner, base, upload } = await buildRoom()
    const before = await storedFiles(storage)
    const tooBig = Buffer.concat([PDF, Buffer.alloc(FILE_LIMITS.documentBytes + 1 - PDF.length, 0x20)])
    expect((await upload('big.pdf', tooBig)).json()).toEqual({ message: 'Files must be at most 25 MB', code: 'file_too_large' })
    // Over a real connection too: the answer arrives although the upload was cut off.
    const res = await fetch(`${url}${base}`, {
      method: 'POST',
      headers: { cookie: owner.cookie },
      body: form({ name: 'big.pdf', bytes: tooBig }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'Files must be at most 25 MB', code: 'file_too_large' })
    expect(await storedFiles(storage)).toEqual(before)
    expect((await call(owner, 'GET', base)).json().documents).toEqual([])
  })

  it('keeps documents to the deal’s organization and each room’s documents to its own address', async () => {
    const { owner, base, upload, pub } = await buildRoom()
    const document = (await upload('plan.pdf', PDF)).json()
    const stranger = await buildOwner(app)
    const before = await storedFiles(storage)
    expect((await call(stranger, 'GET', base)).statusCode).toBe(404)
    expect((await upload('mine.pdf', PDF, {}, stranger)).json()).toEqual({ message: 'Deal not found', code: 'not_found' })
    expect(await storedFiles(storage)).toEqual(before)
    expect((await call(stranger, 'PATCH', `${base}/${document.id}`, { title: 'Mine' })).statusCode).toBe(404)
    expect((await call(stranger, 'DELETE', `${base}/${document.id}`)).statusCode).toBe(404)
    expect((await call(null, 'GET', base)).statusCode).toBe(401)
    expect((await call(owner, 'GET', document.url)).statusCode).toBe(200)
    expect((await call(stranger, 'GET', document.url)).json()).toEqual({ message: 'File not found', code: 'not_found' })

    const teammate = await buildMember(app, owner)
    expect((await call(teammate, 'GET', base)).json().documents).toEqual([expect.objectContaining({ id: document.id })])

    const other = await buildRoom()
    const theirs = (await other.upload('theirs.pdf', PDF)).json()
    expect((await call(null, 'GET', `${pub}/documents/${theirs.id}`)).json()).toEqual({ message: 'Document not found', code: 'not_found' })
    expect((await call(null, 'GET', `${other.pub}/documents/${document.id}`)).statusCode).toBe(404)
  })

  it('opens a private room’s documents only with the pass', async () => {
    const { upload, pub } = await buildRoom({ access: 'invited', invitedEmails: ['bea@buyer.example'] })
    const document = (await upload('terms.pdf', PDF)).json()
    expect((await call(null, 'GET', `${pub}/documents/${document.id}`)).statusCode).toBe(401)
    await call(null, 'POST', `${pub}/access`, { email: 'bea@buyer.example' })
    const [mail] = await app.outbox('bea@buyer.example')
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? ''
    const verified = await call(null, 'POST', `${pub}/verify`, { email: 'bea@buyer.example', code })
    const pass = String(verified.headers['set-cookie']).split(';')[0]
    expect(verified.json().documents).toEqual([expect.objectContaining({ id: document.id })])
    expect((await call(null, 'GET', `${pub}/documents/${document.id}`, undefined, pass)).statusCode).toBe(200)
  })

  it('renames a document, and deleting it removes its bytes from storage', async () => {
    const { owner, base, upload, pub } = await buildRoom()
    const document = (await upload('draft.pdf', PDF)).json()
    const title = '<script>alert(1)</script> Final terms'
    expect((await call(owner, 'PATCH', `${base}/${document.id}`, { title })).json()).toMatchObject({ id: document.id, title })
    expect((await call(owner, 'PATCH', `${base}/${document.id}`, { title: '' })).json()).toEqual({
      message: 'title: Title is required',
      code: 'invalid',
      field: 'title',
    })

    const before = await storedFiles(storage)
    expect((await call(owner, 'DELETE', `${base}/${document.id}`)).json()).toEqual({ ok: true })
    expect(await storedFiles(storage)).toHaveLength(before.length - 1)
    expect((await call(null, 'GET', `${pub}/documents/${document.id}`)).statusCode).toBe(404)
    expect((await call(owner, 'DELETE', `${base}/${document.id}`)).statusCode).toBe(404)
  })

  it('sweeps away the files of a deleted deal', async () => {
    const { owner, deal, upload } = await buildRoom()
    await upload('plan.pdf', PDF)
    const before = await storedFiles(storage)
    expect((await call(owner, 'DELETE', `/api/deals/${deal.id}`)).statusCode).toBe(200)
    const store = createFileStore({ db: app.database.db, storage: localStorage(storage) })
    expect(await store.sweep()).toBe(1)
    expect(await storedFiles(storage)).toHaveLength(before.length - 1)
  })
})
