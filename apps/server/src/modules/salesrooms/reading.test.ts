import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildDeal } from '../../testing/deals.ts'
import { buildOwner, type Client } from '../../testing/factories.ts'
import { form, pdfOfPages } from '../../testing/files.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
const call = (client: Client | null, method: Method, url: string, payload?: object, cookie?: string) =>
  app.inject({ method, url, headers: { ...(client ? { cookie: client.cookie } : {}), ...(cookie ? { cookie } : {}) }, payload })

/** A deal's published room showing a library PDF of three pages. */
async function buildRoom(settings: Record<string, unknown> = {}) {
  const owner = await buildOwner(app)
  const deal = await buildDeal(app, owner, { name: 'Acme renewal' })
  const room = (await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: true, ...settings })).json()
  const file = (await call(owner, 'POST', '/api/library/files', form({ name: 'Proposal.pdf', bytes: await pdfOfPages(3) }))).json()
  const document = (await call(owner, 'POST', `/api/deals/${deal.id}/salesroom/documents/library`, { fileId: file.id })).json()
  const pub = `/api/public/salesrooms/${room.publicId}`
  return { owner, deal, document, pub }
}

describe('page-by-page reading of room documents', () => {
  it('adds up each visitor’s time per page, tells the owner of the first opening, and shows it per document and visitor', async () => {
    const { owner, deal, document, pub } = await buildRoom()
    const visit = async () => (await call(null, 'POST', `${pub}/events`, { kind: 'visit' })).json().visitId as string
    const first = await visit()
    expect((await call(null, 'GET', `${pub}/documents/${document.id}?visit=${first}`)).statusCode).toBe(200)
    const pages = `${pub}/documents/${document.id}/pages`
    expect(
      (
        await call(null, 'POST', pages, {
          visitId: first,
          pages: [
            { page: 1, ms: 4000 },
            { page: 2, ms: 1500 },
          ],
        })
      ).json(),
    ).toEqual({ ok: true })
    // A tab hidden then closed reports again: the times add up, the same page twice in one report too.
    await call(null, 'POST', pages, {
      visitId: first,
      pages: [
        { page: 2, ms: 500 },
        { page: 2, ms: 1000 },
        { page: 3, ms: 0 },
      ],
    })
    const second = await visit()
    await call(null, 'GET', `${pub}/documents/${document.id}?visit=${second}`)
    await call(null, 'POST', pages, { visitId: second, pages: [{ page: 1, ms: 2000 }] })

    const reading = await call(owner, 'GET', `/api/deals/${deal.id}/salesroom/documents/reading`)
    expect(reading.statusCode, reading.body).toBe(200)
    const [doc] = reading.json().documents
    expect(doc).toMatchObject({
      documentId: document.id,
      title: 'Proposal',
      pageCount: 3,
      opens: 2,
      ms: 9000,
      pages: [
        { page: 1, ms: 6000 },
        { page: 2, ms: 3000 },
      ],
    })
    // Both visits were of an anonymous visitor of a link room: one visitor.
    expect(doc.visitors).toEqual([expect.objectContaining({ visitor: null, opens: 2, ms: 9000 })])

    // The owner heard once that the document was opened.
    const told = (await call(owner, 'GET', '/api/notifications')).json().notifications
    expect(told.filter((n: { kind: string }) => n.kind === 'salesroom-document-opened')).toEqual([
      expect.objectContaining({ data: { name: null, deal: 'Acme renewal', document: 'Proposal' }, url: `/deals/${deal.id}/room` }),
    ])

    const overview = (await call(owner, 'GET', '/api/salesrooms/document-views')).json()
    expect(overview.totals).toEqual({ documents: 1, opens: 2, ms: 9000, visitors: 1 })
    expect(overview.documents).toEqual([
      expect.objectContaining({
        documentId: document.id,
        title: 'Proposal',
        dealId: deal.id,
        dealName: 'Acme renewal',
        opens: 2,
        ms: 9000,
      }),
    ])
    expect(overview.visitors).toEqual([{ visitor: null, dealId: deal.id, dealName: 'Acme renewal', documents: 1, opens: 2, ms: 9000 }])
    // Another organization sees none of it.
    const stranger = await buildOwner(app)
    expect((await call(stranger, 'GET', '/api/salesrooms/document-views')).json().totals).toEqual({
      documents: 0,
      opens: 0,
      ms: 0,
      visitors: 0,
    })
    expect((await call(stranger, 'GET', `/api/deals/${deal.id}/salesroom/documents/reading`)).statusCode).toBe(404)
  })

  it('answers bad reports with a 4xx and records nothing', async () => {
    const { owner, deal, document, pub } = await buildRoom()
    const { visitId } = (await call(null, 'POST', `${pub}/events`, { kind: 'visit' })).json()
    const pages = `${pub}/documents/${document.id}/pages`
    const bad = [
      {},
      { visitId, pages: [] },
      { visitId, pages: [{ page: 0, ms: 10 }] },
      { visitId, pages: [{ page: 1, ms: -5 }] },
      { visitId, pages: [{ page: 1, ms: 10 * 60 * 1000 }] },
      { visitId, pages: [{ page: 1.5, ms: 10 }] },
      { visitId: 'nope', pages: [{ page: 1, ms: 10 }] },
      { visitId, pages: Array.from({ length: 101 }, (_, i) => ({ page: i + 1, ms: 1 })) },
    ]
    for (const body of bad) expect((await call(null, 'POST', pages, body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400)
    // A visit of another room, or another room's document, is not this room's.
    const other = await buildRoom()
    const { visitId: theirVisit } = (await call(null, 'POST', `${other.pub}/events`, { kind: 'visit' })).json()
    expect((await call(null, 'POST', pages, { visitId: theirVisit, pages: [{ page: 1, ms: 10 }] })).json()).toEqual({
      message: 'Visit not found',
      code: 'not_found',
    })
    expect(
      (await call(null, 'POST', `${pub}/documents/${other.document.id}/pages`, { visitId, pages: [{ page: 1, ms: 10 }] })).statusCode,
    ).toBe(404)
    const [doc] = (await call(owner, 'GET', `/api/deals/${deal.id}/salesroom/documents/reading`)).json().documents
    expect(doc).toMatchObject({ opens: 0, ms: 0, pages: [], visitors: [] })
  })

  it('refuses a report of a page the document does not have, knowing its page count from the upload and each version', async () => {
    const { owner, deal, document, pub } = await buildRoom()
    const { visitId } = (await call(null, 'POST', `${pub}/events`, { kind: 'visit' })).json()
    const pages = `${pub}/documents/${document.id}/pages`
    const beyond = await call(null, 'POST', pages, {
      visitId,
      pages: [
        { page: 2, ms: 100 },
        { page: 4, ms: 100 },
      ],
    })
    expect(beyond.statusCode).toBe(400)
    expect(beyond.json()).toEqual({ message: 'pages: This document has 3 pages, there is no page 4', code: 'invalid', field: 'pages' })
    // Nothing of the refused report was kept, not even its good page.
    const reading = async () => (await call(owner, 'GET', `/api/deals/${deal.id}/salesroom/documents/reading`)).json().documents[0]
    expect(await reading()).toMatchObject({ pageCount: 3, ms: 0, pages: [] })

    // A new version of five pages: page 5 is read now.
    const [file] = (await call(owner, 'GET', '/api/library')).json().files
    expect(file).toMatchObject({ pages: 3 })
    const replaced = await call(owner, 'PUT', `/api/library/files/${file.id}/content`, form({ name: 'v2.pdf', bytes: await pdfOfPages(5) }))
    expect(replaced.json()).toMatchObject({ pages: 5 })
    expect((await call(null, 'POST', pages, { visitId, pages: [{ page: 5, ms: 700 }] })).json()).toEqual({ ok: true })
    expect(await reading()).toMatchObject({ pageCount: 5, ms: 700, pages: [{ page: 5, ms: 700 }] })
    // A file whose pages cannot be counted keeps the old ceiling rather than refusing every page.
    const unknown = (
      await call(owner, 'POST', '/api/library/files', form({ name: 'odd.pdf', bytes: Buffer.from('%PDF-1.4\nnot really\n%%EOF\n') }))
    ).json()
    expect(unknown).toMatchObject({ contentType: 'application/pdf', pages: null })
  })

  it('takes reports in a private room only with the visitor’s pass', async () => {
    const { document, pub } = await buildRoom({ access: 'invited', invitedEmails: ['bea@buyer.example'] })
    const report = await call(null, 'POST', `${pub}/documents/${document.id}/pages`, {
      visitId: '00000000-0000-4000-8000-000000000000',
      pages: [{ page: 1, ms: 10 }],
    })
    expect(report.statusCode).toBe(401)
  })
})
