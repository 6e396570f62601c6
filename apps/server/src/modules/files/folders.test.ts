import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildDeal } from '../../testing/deals.ts'
import { buildOwner, type Client } from '../../testing/factories.ts'
import { form, PDF, PNG, storedFiles } from '../../testing/files.ts'

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
const folder = async (client: Client, name: string, parentId: string | null = null) =>
  (await call(client, 'POST', '/api/library/folders', { name, parentId })).json() as { id: string }
const upload = async (client: Client, name: string, bytes: Buffer, folderId: string) =>
  (await call(client, 'POST', '/api/library/files', form({ name, bytes }, { folderId }))).json() as { id: string }

/** Clients › Acme › Contracts, with a file in Clients and two in Contracts. */
async function tree(owner: Client) {
  const clients = await folder(owner, 'Clients')
  const acme = await folder(owner, 'Acme', clients.id)
  const contracts = await folder(owner, 'Contracts', acme.id)
  const logo = await upload(owner, 'logo.png', PNG, clients.id)
  const terms = await upload(owner, 'terms.pdf', PDF, contracts.id)
  const offer = await upload(owner, 'offer.pdf', PDF, contracts.id)
  return { clients, acme, contracts, logo, terms, offer }
}

describe('deleting a library folder with what it holds', () => {
  it('says how many folders and files it holds, and deletes them all only when asked to', async () => {
    const owner = await buildOwner(app)
    const { clients, terms } = await tree(owner)
    const contents = await call(owner, 'GET', `/api/library/folders/${clients.id}/contents`)
    expect(contents.statusCode, contents.body).toBe(200)
    expect(contents.json()).toEqual({ folders: 2, files: 3, inUse: [] })

    // Without asking for its content, a folder with something in it stays, saying what it holds.
    expect((await call(owner, 'DELETE', `/api/library/folders/${clients.id}`)).json()).toEqual({
      message: 'This folder is not empty: it holds 2 folders and 3 files',
      code: 'folder_not_empty',
    })
    const before = (await storedFiles(storage)).length
    const gone = await call(owner, 'DELETE', `/api/library/folders/${clients.id}?withContents=1`)
    expect(gone.statusCode, gone.body).toBe(200)
    const top = (await call(owner, 'GET', '/api/library')).json()
    expect(top.folders).toEqual([])
    expect(top.storage.usedBytes).toBe(0)
    expect((await call(owner, 'GET', `/api/files/${terms.id}`)).statusCode).toBe(404)
    expect((await storedFiles(storage)).length).toBe(before - 3)
    expect((await call(owner, 'DELETE', `/api/library/folders/${clients.id}?withContents=1`)).statusCode).toBe(404)
  })

  it('refuses as a whole, naming each file in use and what shows it, when a file inside is used', async () => {
    const owner = await buildOwner(app)
    const { clients, contracts, terms, logo } = await tree(owner)
    const deal = await buildDeal(app, owner, { name: 'Acme renewal' })
    await call(owner, 'PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: true })
    expect((await call(owner, 'POST', `/api/deals/${deal.id}/salesroom/documents/library`, { fileId: terms.id })).statusCode).toBe(201)
    const post = (await call(owner, 'POST', '/api/posts', { title: 'Spring news', coverFileId: logo.id })).json()

    const contents = (await call(owner, 'GET', `/api/library/folders/${clients.id}/contents`)).json()
    expect(contents).toEqual({
      folders: 2,
      files: 3,
      inUse: [
        { fileId: logo.id, name: 'logo.png', usages: [{ kind: 'post', id: post.id, name: 'Spring news', url: `/blog/post/${post.id}` }] },
        {
          fileId: terms.id,
          name: 'terms.pdf',
          usages: [{ kind: 'salesroom', id: deal.id, name: 'Acme renewal', url: `/deals/${deal.id}/room` }],
        },
      ],
    })
    const before = await storedFiles(storage)
    const refused = await call(owner, 'DELETE', `/api/library/folders/${clients.id}?withContents=1`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      message: 'This folder holds files in use, so nothing was deleted: logo.png (post Spring news); terms.pdf (sales room Acme renewal)',
      code: 'file_in_use',
    })
    // Nothing went: not the unused file beside them, not a folder.
    expect(await storedFiles(storage)).toEqual(before)
    expect((await call(owner, 'GET', `/api/library/folders/${contracts.id}/contents`)).json()).toMatchObject({ folders: 0, files: 2 })
  })

  it('is the organization’s own', async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const { clients } = await tree(owner)
    expect((await call(stranger, 'GET', `/api/library/folders/${clients.id}/contents`)).statusCode).toBe(404)
    expect((await call(stranger, 'DELETE', `/api/library/folders/${clients.id}?withContents=1`)).statusCode).toBe(404)
    expect((await call(owner, 'DELETE', `/api/library/folders/${clients.id}?withContents=yes`)).statusCode).toBe(400)
    expect((await call(owner, 'GET', `/api/library/folders/${clients.id}/contents`)).json()).toMatchObject({ folders: 2, files: 3 })
  })
})
