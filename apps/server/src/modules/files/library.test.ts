import { join } from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildDeal, buildProduct } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client } from '../../testing/factories.ts'
import { form, HTML, PDF, PNG, SVG, storedFiles } from '../../testing/files.ts'

let app: TestApp
let storage: string
beforeAll(async () => {
  app = await buildTestApp()
  storage = join(app.dataDir, 'files')
})
afterAll(() => app.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
const call = (client: Client | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload })

const upload = (client: Client, name: string, bytes: Buffer, fields: Record<string, string> = {}) =>
  call(client, 'POST', '/api/library/files', form({ name, bytes }, fields))
const listing = async (client: Client, query = '') => (await call(client, 'GET', `/api/library${query}`)).json()

/** A PDF of `pages` pages, the second version differing in its text. */
const pdfSaying = (text: string) => Buffer.from(PDF.toString('latin1').replace('Our proposal', text.padEnd(12).slice(0, 12)), 'latin1')
/** The start of an MP4 file: its 'ftyp' box with an isom brand. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12), Buffer.from('moov'), Buffer.alloc(64)])

describe('the organization library', () => {
  it('keeps uploads in folders, renames and moves them, and searches every folder', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const folder = await call(owner, 'POST', '/api/library/folders', { name: 'Proposals' })
    expect(folder.statusCode, folder.body).toBe(201)
    const proposals = folder.json()
    const nested = (await call(member, 'POST', '/api/library/folders', { name: '2026', parentId: proposals.id })).json()
    expect((await call(owner, 'POST', '/api/library/folders', { name: 'Proposals' })).json()).toEqual({
      message: 'name: A folder named “Proposals” is already there',
      code: 'folder_name_taken',
      field: 'name',
    })

    const first = await upload(member, 'Acme proposal.pdf', PDF, { folderId: proposals.id })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({
      name: 'Acme proposal.pdf',
      folderId: proposals.id,
      contentType: 'application/pdf',
      size: PDF.length,
      uploadedBy: member.user.name,
      usages: [],
    })
    const logo = (await upload(owner, 'logo.png', PNG)).json()
    const video = await upload(owner, 'demo.mp4', MP4)
    expect(video.json()).toMatchObject({ contentType: 'video/mp4' })

    const top = await listing(owner)
    expect(top.folders.map((f: { name: string }) => f.name)).toEqual(['Proposals'])
    expect(top.files.map((f: { name: string }) => f.name)).toEqual(['demo.mp4', 'logo.png'])
    expect(top.storage.usedBytes).toBe(PDF.length + PNG.length + MP4.length)
    expect(top.storage.limitBytes).toBe(10240 * 1024 * 1024)
    const inside = await listing(owner, `?folderId=${proposals.id}`)
    expect(inside.path.map((f: { name: string }) => f.name)).toEqual(['Proposals'])
    expect(inside.folders.map((f: { name: string }) => f.name)).toEqual(['2026'])
    expect(inside.files.map((f: { name: string }) => f.name)).toEqual(['Acme proposal.pdf'])

    const moved = await call(owner, 'PATCH', `/api/library/files/${logo.id}`, { name: 'Acme logo.png', folderId: nested.id })
    expect(moved.json()).toMatchObject({ name: 'Acme logo.png', folderId: nested.id })
    expect((await listing(owner, `?folderId=${nested.id}`)).path.map((f: { name: string }) => f.name)).toEqual(['Proposals', '2026'])
    // A search looks in every folder, by name, whatever the case.
    expect((await listing(owner, '?q=ACME')).files.map((f: { name: string }) => f.name)).toEqual(['Acme logo.png', 'Acme proposal.pdf'])
    expect((await listing(owner, '?q=%25')).files).toEqual([])

    // A folder with something in it stays; an empty one goes.
    expect((await call(owner, 'DELETE', `/api/library/folders/${nested.id}`)).json()).toMatchObject({ code: 'folder_not_empty' })
    expect((await call(owner, 'PATCH', `/api/library/files/${logo.id}`, { folderId: null })).json()).toMatchObject({ folderId: null })
    expect((await call(owner, 'DELETE', `/api/library/folders/${nested.id}`)).statusCode).toBe(200)
    expect((await call(owner, 'PATCH', `/api/library/folders/${proposals.id}`, { name: 'Offers' })).json()).toMatchObject({
      name: 'Offers',
    })
  })

  it('moves a folder with what it holds, never into itself, a folder it holds or another organization', async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const folder = async (name: string, parentId: string | null = null) =>
      (await call(owner, 'POST', '/api/library/folders', { name, parentId })).json() as Promise<{ id: string }>
    const clients = await folder('Clients')
    const acme = await folder('Acme', clients.id)
    const contracts = await folder('Contracts', acme.id)
    const archive = await folder('Archive')
    const file = (await upload(owner, 'terms.pdf', PDF, { folderId: contracts.id })).json()

    const moved = await call(owner, 'PATCH', `/api/library/folders/${acme.id}`, { parentId: archive.id })
    expect(moved.json()).toMatchObject({ id: acme.id, name: 'Acme', parentId: archive.id })
    expect((await listing(owner, `?folderId=${archive.id}`)).folders.map((f: { name: string }) => f.name)).toEqual(['Acme'])
    expect((await listing(owner, `?folderId=${clients.id}`)).folders).toEqual([])
    // What it held came along: the file is where it was, under the folder's new place.
    const inside = await listing(owner, `?folderId=${contracts.id}`)
    expect(inside.path.map((f: { name: string }) => f.name)).toEqual(['Archive', 'Acme', 'Contracts'])
    expect(inside.files.map((f: { id: string }) => f.id)).toEqual([file.id])

    const loop = { message: 'parentId: A folder cannot go inside itself or a folder it holds', code: 'invalid', field: 'parentId' }
    expect((await call(owner, 'PATCH', `/api/library/folders/${acme.id}`, { parentId: acme.id })).json()).toEqual(loop)
    expect((await call(owner, 'PATCH', `/api/library/folders/${acme.id}`, { parentId: contracts.id })).json()).toEqual(loop)
    await folder('Acme')
    expect((await call(owner, 'PATCH', `/api/library/folders/${acme.id}`, { parentId: null })).json()).toMatchObject({
      code: 'folder_name_taken',
    })
    const theirs = (await call(stranger, 'POST', '/api/library/folders', { name: 'Theirs' })).json()
    expect((await call(owner, 'PATCH', `/api/library/folders/${acme.id}`, { parentId: theirs.id })).statusCode).toBe(404)
    expect((await call(stranger, 'PATCH', `/api/library/folders/${acme.id}`, { parentId: null })).statusCode).toBe(404)
  })

  it('says clearly what it refuses: markup, unknown bytes, empty names, other folders', async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const before = await storedFiles(storage)
    const refused =
      'This file type is not allowed: page.html (use PDF, Word, Excel, PowerPoint, text, CSV, PNG, JPEG, WebP, GIF, MP4 or WebM)'
    expect((await upload(owner, 'page.html', HTML)).json()).toEqual({ message: refused, code: 'unsupported_type' })
    expect((await upload(owner, 'logo.svg', SVG)).json()).toMatchObject({ code: 'unsupported_type' })
    expect(
      (await upload(owner, 'clip.mov', Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), Buffer.alloc(40)]))).json(),
    ).toMatchObject({
      code: 'unsupported_type',
    })
    const theirs = (await call(stranger, 'POST', '/api/library/folders', { name: 'Theirs' })).json()
    expect((await upload(owner, 'a.pdf', PDF, { folderId: theirs.id })).json()).toEqual({ message: 'Folder not found', code: 'not_found' })
    expect(await storedFiles(storage)).toEqual(before)
    const file = (await upload(owner, 'a.pdf', PDF)).json()
    expect((await call(owner, 'PATCH', `/api/library/files/${file.id}`, { name: '  ' })).json()).toMatchObject({ field: 'name' })
    expect((await call(owner, 'PATCH', `/api/library/files/${file.id}`, {})).statusCode).toBe(400)
  })

  it('shows nothing of one organization to another', async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const folder = (await call(owner, 'POST', '/api/library/folders', { name: 'Secret' })).json()
    const file = (await upload(owner, 'plan.pdf', PDF, { folderId: folder.id })).json()
    const theirs = await listing(stranger)
    expect(theirs.folders).toEqual([])
    expect(theirs.files).toEqual([])
    expect(theirs.storage.usedBytes).toBe(0)
    expect((await listing(stranger, '?q=plan')).files).toEqual([])
    expect((await call(stranger, 'GET', `/api/library?folderId=${folder.id}`)).statusCode).toBe(404)
    expect((await call(stranger, 'GET', file.url)).statusCode).toBe(404)
    expect((await call(stranger, 'PATCH', `/api/library/files/${file.id}`, { name: 'mine.pdf' })).statusCode).toBe(404)
    expect((await call(stranger, 'DELETE', `/api/library/files/${file.id}`)).statusCode).toBe(404)
    expect((await call(stranger, 'DELETE', `/api/library/folders/${folder.id}`)).statusCode).toBe(404)
    const deal = await buildDeal(app, stranger)
    await call(stranger, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Theirs', published: true })
    expect((await call(stranger, 'POST', `/api/deals/${deal.id}/salesroom/documents/library`, { fileId: file.id })).statusCode).toBe(404)
    expect((await call(null, 'GET', '/api/library')).statusCode).toBe(401)
  })

  it('shares a file by reference: a new version shows everywhere, and it cannot go while something shows it', async () => {
    const owner = await buildOwner(app)
    const deal = await buildDeal(app, owner, { name: 'Acme renewal' })
    const room = (await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: true })).json()
    const product = await buildProduct(app, owner, { name: 'Widget' })
    const file = (await upload(owner, 'Proposal.pdf', pdfSaying('Version one'))).json()

    const shared = await call(owner, 'POST', `/api/deals/${deal.id}/salesroom/documents/library`, { fileId: file.id })
    expect(shared.statusCode, shared.body).toBe(201)
    expect(shared.json()).toMatchObject({ title: 'Proposal', fromLibrary: true, url: file.url })
    const inProduct = await call(owner, 'POST', `/api/products/${product.id}/files/library`, { fileId: file.id })
    expect(inProduct.statusCode, inProduct.body).toBe(201)
    expect(
      (await call(owner, 'POST', `/api/products/${product.id}/files/library`, { fileId: file.id, kind: 'image' })).json(),
    ).toMatchObject({
      code: 'unsupported_type',
    })

    const listed = (await listing(owner)).files[0]
    expect(listed.usages).toEqual([
      { kind: 'salesroom', id: deal.id, name: 'Acme renewal', url: `/deals/${deal.id}/room` },
      { kind: 'product', id: product.id, name: 'Widget', url: `/products/${product.id}` },
    ])
    const refused = await call(owner, 'DELETE', `/api/library/files/${file.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      message: 'Proposal.pdf is in use, remove it there first: sales room Acme renewal, product Widget',
      code: 'file_in_use',
    })

    // A new version: the buyer's room shows the new bytes under the same document.
    const two = pdfSaying('Version two')
    const replaced = await call(owner, 'PUT', `/api/library/files/${file.id}/content`, form({ name: 'Proposal v2.pdf', bytes: two }))
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.json()).toMatchObject({ id: file.id, name: 'Proposal.pdf', size: two.length })
    const pub = `/api/public/salesrooms/${room.publicId}`
    const document = (await call(null, 'GET', pub)).json().documents[0]
    expect((await call(null, 'GET', `${pub}/documents/${document.id}`)).rawPayload.equals(two)).toBe(true)
    expect((await call(owner, 'PUT', `/api/library/files/${file.id}/content`, form({ name: 'x.png', bytes: PNG }))).json()).toMatchObject({
      code: 'version_type_differs',
    })

    // Taken out of the room and the product, the library keeps it; then it can go, bytes and all.
    await call(owner, 'DELETE', `/api/deals/${deal.id}/salesroom/documents/${document.id}`)
    await call(owner, 'DELETE', `/api/products/${product.id}/files/${file.id}`)
    expect((await listing(owner)).files.map((f: { id: string }) => f.id)).toEqual([file.id])
    const before = (await storedFiles(storage)).length
    expect((await call(owner, 'DELETE', `/api/library/files/${file.id}`)).statusCode).toBe(200)
    expect((await storedFiles(storage)).length).toBe(before - 1)
    expect((await listing(owner)).files).toEqual([])
  })
})

describe('a large library', () => {
  it('lists a folder 500 files at a time by name, each once, and pages a search the same way', async () => {
    const owner = await buildOwner(app)
    // 1,001 files at the top, made as rows (the listing reads no bytes): "Report 0000" … "Report 1000", and three
    // sharing one name, which only their ids then order.
    await app.database.db.insert(files).values(
      [...Array.from({ length: 998 }, (_, n) => `Report ${String(n).padStart(4, '0')}.pdf`), 'Same.pdf', 'Same.pdf', 'Same.pdf'].map(
        (name, n) => ({
          organizationId: owner.user.organizationId,
          name,
          contentType: 'application/pdf',
          size: 10,
          sha256: `sha-${owner.user.id}-${n}`,
          storageKey: `large-${owner.user.id}-${n}`,
          inLibrary: true,
        }),
      ),
    )
    const pages = async (query: string) => {
      const sizes: number[] = []
      const ids: string[] = []
      let after: string | null = null
      do {
        const res = await call(owner, 'GET', `/api/library?${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`)
        expect(res.statusCode, res.body).toBe(200)
        const body = res.json() as { files: { id: string; name: string }[]; next: string | null }
        sizes.push(body.files.length)
        ids.push(...body.files.map((f) => f.id))
        after = body.next
      } while (after)
      return { sizes, ids }
    }
    const everything = await pages('')
    expect(everything.sizes).toEqual([500, 500, 1])
    expect(new Set(everything.ids).size).toBe(1001)
    const rows = await app.database.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.organizationId, owner.user.organizationId))
      .orderBy(asc(files.name), asc(files.id))
    expect(everything.ids).toEqual(rows.map((r) => r.id))

    const found = await pages('q=report')
    expect(found.sizes).toEqual([500, 498])
    const one = (await call(owner, 'GET', '/api/library?q=Report%200997')).json()
    expect([one.files.map((f: { name: string }) => f.name), one.next]).toEqual([['Report 0997.pdf'], null])
    const bad = await call(owner, 'GET', '/api/library?after=page-two')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('after: Use the next value of the previous page')
  })
})

describe('storage limit', () => {
  it('refuses an upload past the organization limit, saying what is used, and keeps no bytes', async () => {
    const small = await buildTestApp({ env: { FILES_STORAGE_LIMIT_MB: String(2 / 1024) } })
    try {
      const owner = await buildOwner(small)
      const send = (name: string, bytes: Buffer) =>
        small.inject({ method: 'POST', url: '/api/library/files', headers: { cookie: owner.cookie }, payload: form({ name, bytes }) })
      const big = Buffer.concat([PDF, Buffer.alloc(700)])
      expect((await send('one.pdf', big)).statusCode).toBe(201)
      const before = await storedFiles(join(small.dataDir, 'files'))
      const refused = await send('two.pdf', big)
      expect(refused.statusCode).toBe(413)
      expect(refused.json()).toEqual({
        message: "Your organization's storage is full: 1.3 KB of 2 KB used, and this file takes 1.3 KB. Delete files you no longer need.",
        code: 'storage_full',
      })
      expect(await storedFiles(join(small.dataDir, 'files'))).toEqual(before)
      // Room uploads count against the same limit.
      const deal = await buildDeal(small, owner)
      await small.inject({
        method: 'PUT',
        url: `/api/deals/${deal.id}/salesroom`,
        headers: { cookie: owner.cookie },
        payload: { title: 'R' },
      })
      const roomUpload = await small.inject({
        method: 'POST',
        url: `/api/deals/${deal.id}/salesroom/documents`,
        headers: { cookie: owner.cookie },
        payload: form({ name: 'two.pdf', bytes: big }),
      })
      expect(roomUpload.json()).toMatchObject({ code: 'storage_full' })
      const listed = (await small.inject({ method: 'GET', url: '/api/library', headers: { cookie: owner.cookie } })).json()
      expect(listed.storage).toEqual({ usedBytes: big.length, limitBytes: 2048 })
    } finally {
      await small.close()
    }
  })
})
