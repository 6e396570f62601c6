import { join } from 'node:path'
import { FILE_LIMITS } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildProduct } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client } from '../../testing/factories.ts'
import { DOCX, form, GIF, HTML, JPEG, PDF, PNG, storedFiles } from '../../testing/files.ts'

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

async function buildCatalogue() {
  const owner = await buildOwner(app)
  const product = await buildProduct(app, owner)
  const base = `/api/products/${product.id}/files`
  const upload = (name: string, bytes: Buffer, kind: 'image' | 'document' = 'image', as: Client = owner) =>
    call(as, 'POST', base, form({ name, bytes }, { kind }))
  /** Opens the product's public room at /p/{roomId}, as the product room's settings would. */
  const publish = async (roomId: string, published = true) =>
    app.database.db.update(products).set({ roomId, roomPublished: published }).where(eq(products.id, product.id))
  return { owner, product, base, upload, publish }
}

describe('product media', () => {
  it('keeps images in the order the admin sets, then documents, and serves them to the organization', async () => {
    const { owner, base, upload } = await buildCatalogue()
    const front = (await upload('front.png', PNG)).json()
    const side = (await upload('side.jpg', JPEG)).json()
    const sheet = (await upload('Data sheet.docx', DOCX, 'document')).json()
    const back = (await upload('back.gif', GIF)).json()
    expect(sheet).toMatchObject({
      kind: 'document',
      name: 'Data sheet.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      url: `/api/files/${sheet.id}`,
    })
    const order = async () => (await call(owner, 'GET', base)).json().files.map((f: { name: string }) => f.name)
    expect(await order()).toEqual(['front.png', 'side.jpg', 'back.gif', 'Data sheet.docx'])

    const reordered = await call(owner, 'PUT', `${base}/order`, { fileIds: [back.id, front.id, side.id] })
    expect(reordered.json().files.map((f: { position: number; name: string }) => [f.name, f.position])).toEqual([
      ['back.gif', 0],
      ['front.png', 1],
      ['side.jpg', 2],
      ['Data sheet.docx', 0],
    ])
    expect((await call(owner, 'PUT', `${base}/order`, { fileIds: [back.id, front.id] })).json()).toEqual({
      message: 'fileIds: List every image of the product once',
      code: 'invalid',
      field: 'fileIds',
    })

    const image = await call(owner, 'GET', front.url)
    expect(image.rawPayload.equals(PNG)).toBe(true)
    expect(image.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' })
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="front.png"/)
    expect(String(image.headers['content-security-policy'])).toMatch(/^sandbox;/)
    expect((await call(owner, 'GET', `${sheet.url}?download=1`)).headers['content-disposition']).toMatch(/^attachment; /)
  })

  it('takes only pictures as images, at most 5 MB, and only real documents', async () => {
    const { upload } = await buildCatalogue()
    const before = await storedFiles(storage)
    expect((await upload('photo.png', PDF)).json()).toEqual({
      message: 'This file type is not allowed: photo.png (use PNG, JPEG, WebP or GIF)',
      code: 'unsupported_type',
    })
    const large = Buffer.concat([PNG, Buffer.alloc(FILE_LIMITS.imageBytes + 1 - PNG.length)])
    expect((await upload('large.png', large)).json()).toEqual({ message: 'Files must be at most 5 MB', code: 'file_too_large' })
    expect((await upload('page.pdf', HTML, 'document')).statusCode).toBe(400)
    expect((await upload('photo.png', PNG, 'video' as 'image')).json()).toEqual({
      message: expect.stringMatching(/^kind: /),
      code: 'invalid',
      field: 'kind',
    })
    expect(await storedFiles(storage)).toEqual(before)
    // A PNG stays a PNG whatever its name.
    expect((await upload('photo.pdf', PNG, 'document')).json()).toMatchObject({ contentType: 'image/png', kind: 'document' })
  })

  it('lets members see the media and only owners and admins change them; other organizations see nothing', async () => {
    const { owner, base, upload } = await buildCatalogue()
    const image = (await upload('front.png', PNG)).json()
    const member = await buildMember(app, owner)
    const stranger = await buildOwner(app)
    const before = await storedFiles(storage)

    expect((await call(member, 'GET', base)).json().files).toHaveLength(1)
    expect((await call(member, 'GET', image.url)).statusCode).toBe(200)
    expect((await upload('mine.png', PNG, 'image', member)).json()).toEqual({
      message: 'Only owners and admins can manage products',
      code: 'forbidden',
    })
    expect((await call(member, 'DELETE', `${base}/${image.id}`)).statusCode).toBe(403)

    expect((await call(stranger, 'GET', base)).json()).toEqual({ message: 'Product not found', code: 'not_found' })
    expect((await call(stranger, 'GET', image.url)).json()).toEqual({ message: 'File not found', code: 'not_found' })
    expect((await upload('mine.png', PNG, 'image', stranger)).statusCode).toBe(404)
    expect((await call(stranger, 'DELETE', `${base}/${image.id}`)).statusCode).toBe(404)
    expect((await call(null, 'GET', image.url)).statusCode).toBe(401)
    expect(await storedFiles(storage)).toEqual(before)
  })

  it("serves a published product room's media to anyone, images shown and documents saved, and nothing else", async () => {
    const { upload, publish } = await buildCatalogue()
    const image = (await upload('front.png', PNG)).json()
    const sheet = (await upload('sheet.pdf', PDF, 'document')).json()
    const other = await buildCatalogue()
    const theirs = (await other.upload('theirs.png', PNG)).json()
    await other.publish('their-room-0001')
    const pub = (fileId: string, roomId = 'our-room-00001') => call(null, 'GET', `/api/public/products/${roomId}/files/${fileId}`)

    expect((await pub(image.id)).statusCode).toBe(404)
    await publish('our-room-00001')
    const shown = await pub(image.id)
    expect(shown.statusCode).toBe(200)
    expect(shown.headers['content-disposition']).toMatch(/^inline; /)
    expect(shown.headers['x-content-type-options']).toBe('nosniff')
    expect((await pub(sheet.id)).headers['content-disposition']).toMatch(/^attachment; filename="sheet.pdf"/)
    expect((await pub(theirs.id)).json()).toEqual({ message: 'File not found', code: 'not_found' })
    expect((await pub(image.id, 'their-room-0001')).statusCode).toBe(404)

    await publish('our-room-00001', false)
    expect((await pub(image.id)).statusCode).toBe(404)
  })

  it('removes the bytes with the last reference', async () => {
    const { owner, base, upload } = await buildCatalogue()
    const image = (await upload('front.png', PNG)).json()
    const before = await storedFiles(storage)
    expect((await call(owner, 'DELETE', `${base}/${image.id}`)).json()).toEqual({ ok: true })
    expect(await storedFiles(storage)).toHaveLength(before.length - 1)
    expect((await call(owner, 'GET', image.url)).statusCode).toBe(404)
    expect((await call(owner, 'GET', base)).json().files).toEqual([])
  })
})
