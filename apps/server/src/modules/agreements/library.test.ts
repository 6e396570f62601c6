import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signAs, tokenOf } from '../../testing/agreements.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildOwner, type Client, request } from '../../testing/factories.ts'
import { form, PNG } from '../../testing/files.ts'
import { samplePdf } from './pdf/testing.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const pdf = async (pages: number) => Buffer.from(await samplePdf(pages))
const toLibrary = async (owner: Client, name: string, bytes: Buffer) => {
  const res = await request(app, owner, 'POST', '/api/library/files', form({ name, bytes }))
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { id: string; url: string }
}
const newVersion = (owner: Client, fileId: string, bytes: Buffer) =>
  request(app, owner, 'PUT', `/api/library/files/${fileId}/content`, form({ name: 'v.pdf', bytes }))
const fromLibrary = (owner: Client, fileId: string, title = 'Master services agreement') =>
  request(app, owner, 'POST', '/api/agreements', { title, from: 'library', fileId })
const bea = { name: 'Bea Buyer', email: 'bea@buyer.example', role: 'signer' as const }
const fieldOn = (page: number) => ({
  recipient: bea.email,
  type: 'signature',
  page,
  x: 0.1,
  y: 0.1,
  width: 0.3,
  height: 0.08,
  required: true,
})

describe('agreements from a library PDF', () => {
  it('shows the library file by reference while a draft, and keeps the version it was sent with', async () => {
    const owner = await buildOwner(app)
    const one = await pdf(2)
    const file = await toLibrary(owner, 'MSA.pdf', one)
    const created = await fromLibrary(owner, file.id)
    expect(created.statusCode, created.body).toBe(201)
    const draft = created.json()
    expect(draft).toMatchObject({ status: 'draft', originalSha256: sha(one) })
    expect(draft.pages).toHaveLength(2)
    expect((await request(app, owner, 'GET', draft.documentUrl)).rawPayload.equals(one)).toBe(true)
    const [listed] = (await request(app, owner, 'GET', '/api/library')).json().files
    expect(listed.usages).toEqual([
      { kind: 'agreement', id: draft.id, name: 'Master services agreement', url: `/agreements/${draft.id}/edit` },
    ])

    // A new version reaches the draft, its pages too.
    const two = await pdf(3)
    expect((await newVersion(owner, file.id, two)).statusCode).toBe(200)
    const following = (await request(app, owner, 'GET', `/api/agreements/${draft.id}`)).json()
    expect(following.pages).toHaveLength(3)
    expect((await request(app, owner, 'GET', draft.documentUrl)).rawPayload.equals(two)).toBe(true)

    const patched = await request(app, owner, 'PATCH', `/api/agreements/${draft.id}`, { recipients: [bea], fields: [fieldOn(3)] })
    expect(patched.statusCode, patched.body).toBe(200)
    const sent = await request(app, owner, 'POST', `/api/agreements/${draft.id}/send`)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toMatchObject({ status: 'sent', originalSha256: sha(two) })

    // A later version changes the library file, not what Bea is signing.
    const three = await pdf(1)
    expect((await newVersion(owner, file.id, three)).statusCode).toBe(200)
    expect((await request(app, owner, 'GET', file.url)).rawPayload.equals(three)).toBe(true)
    const after = (await request(app, owner, 'GET', `/api/agreements/${draft.id}`)).json()
    expect(after.pages).toHaveLength(3)
    expect(after.originalSha256).toBe(sha(two))
    expect((await request(app, owner, 'GET', draft.documentUrl)).rawPayload.equals(two)).toBe(true)
    const token = tokenOf(after.recipients[0].signingUrl)
    const signingPage = (await app.inject({ method: 'GET', url: `/api/public/signing/${token}` })).json()
    expect(signingPage.pages).toHaveLength(3)

    // Signed, and another version later: the signed agreement still holds the bytes it was sent with.
    expect((await signAs(app, token)).statusCode).toBe(200)
    expect((await newVersion(owner, file.id, one)).statusCode).toBe(200)
    const signed = (await request(app, owner, 'GET', `/api/agreements/${draft.id}`)).json()
    expect(signed).toMatchObject({ status: 'completed', originalSha256: sha(two) })

    // The library file cannot go while the agreement was made from it.
    const refused = await request(app, owner, 'DELETE', `/api/library/files/${file.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      message: 'MSA.pdf is in use, remove it there first: agreement Master services agreement',
      code: 'file_in_use',
    })
  })

  it('refuses a version that would leave a draft’s field past the last page, and lets a draft go without its library file', async () => {
    const owner = await buildOwner(app)
    const file = await toLibrary(owner, 'Order.pdf', await pdf(3))
    const draft = (await fromLibrary(owner, file.id, 'Order')).json()
    await request(app, owner, 'PATCH', `/api/agreements/${draft.id}`, { recipients: [bea], fields: [fieldOn(3)] })
    const shorter = await newVersion(owner, file.id, await pdf(2))
    expect(shorter.statusCode).toBe(409)
    expect(shorter.json()).toEqual({
      message: 'This version has 2 pages, and the agreement draft Order has fields on page 3: move them first',
      code: 'conflict',
    })
    expect((await request(app, owner, 'GET', `/api/agreements/${draft.id}`)).json().pages).toHaveLength(3)
    // Deleting the draft leaves the library file where it was.
    expect((await request(app, owner, 'DELETE', `/api/agreements/${draft.id}`)).statusCode).toBe(200)
    expect((await request(app, owner, 'GET', file.url)).statusCode).toBe(200)
    expect((await request(app, owner, 'DELETE', `/api/library/files/${file.id}`)).statusCode).toBe(200)
  })

  it('takes only a PDF of the organization’s library', async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const picture = await toLibrary(owner, 'logo.png', PNG)
    expect((await fromLibrary(owner, picture.id)).json()).toEqual({
      message: 'fileId: logo.png is not a PDF: only a PDF can be signed',
      code: 'not_pdf',
      field: 'fileId',
    })
    const theirs = await toLibrary(stranger, 'Theirs.pdf', await pdf(1))
    expect((await fromLibrary(owner, theirs.id)).statusCode).toBe(404)
    expect((await request(app, owner, 'POST', '/api/agreements', { title: 'X', from: 'library' })).json()).toMatchObject({
      field: 'fileId',
    })
  })
})
