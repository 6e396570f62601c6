import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)

async function buildClient(as: Client, fields: Record<string, unknown> = {}) {
  const res = await call(as, 'POST', '/api/clients', { name: 'Bea Buyer', ...fields })
  if (res.statusCode !== 201) throw new Error(`client failed: ${res.statusCode} ${res.body}`)
  return res.json()
}

describe('clients', () => {
  it('adds a client with its phone kept in E.164, email lower-cased and the rest defaulted', async () => {
    const owner = await buildOwner(app)
    const res = await call(owner, 'POST', '/api/clients', {
      name: '  Bea Buyer ',
      email: 'Bea@Acme.Example',
      phone: '+33 6 12 34 56 78',
      company: 'Acme',
    })
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Bea Buyer',
      email: 'bea@acme.example',
      phone: '+33612345678',
      company: 'Acme',
      title: '',
      createdAt: expect.any(String),
    })
    expect((await call(owner, 'GET', `/api/clients/${created.id}`)).json()).toEqual(created)
  })

  it('answers 400 with the field for a missing name, a bad email or a phone that is not one', async () => {
    const owner = await buildOwner(app)
    const noName = await call(owner, 'POST', '/api/clients', { name: ' ' })
    expect(noName.statusCode).toBe(400)
    expect(noName.json()).toEqual({ message: 'name: Name is required', code: 'invalid', field: 'name' })
    const badEmail = await call(owner, 'POST', '/api/clients', { name: 'Bea', email: 'not-an-email' })
    expect(badEmail.json()).toEqual({ message: 'email: Must be a valid email address', code: 'invalid', field: 'email' })
    const badPhone = await call(owner, 'POST', '/api/clients', { name: 'Bea', phone: '12' })
    expect(badPhone.statusCode).toBe(400)
    expect(badPhone.json()).toEqual({ message: 'phone: This phone number is not valid', code: 'invalid', field: 'phone' })
  })

  it('allows two clients with one email address, as a CRM does (shared mailboxes, people who change company)', async () => {
    const owner = await buildOwner(app)
    const first = await buildClient(owner, { email: 'buying@acme.example' })
    const second = await buildClient(owner, { name: 'Ben Buyer', email: 'buying@acme.example' })
    expect(second.id).not.toBe(first.id)
    const found = (await call(owner, 'GET', '/api/clients?q=buying@acme')).json().clients
    expect(found.map((c: { id: string }) => c.id).sort()).toEqual([first.id, second.id].sort())
  })

  it('searches name, email and company without regard to case, in name order, up to the limit', async () => {
    const owner = await buildOwner(app)
    await buildClient(owner, { name: 'Zoe Zed', company: 'Northwind' })
    await buildClient(owner, { name: 'Adam North' })
    await buildClient(owner, { name: 'Carl Case', email: 'carl@NORTHpole.example' })
    await buildClient(owner, { name: 'Other Person', company: 'Acme' })
    const names = async (url: string) => (await call(owner, 'GET', url)).json().clients.map((c: { name: string }) => c.name)
    expect(await names('/api/clients?q=north')).toEqual(['Adam North', 'Carl Case', 'Zoe Zed'])
    expect(await names('/api/clients')).toEqual(['Adam North', 'Carl Case', 'Other Person', 'Zoe Zed'])
    expect(await names('/api/clients?limit=2')).toEqual(['Adam North', 'Carl Case'])
    // Wildcards typed by the user are looked for as text.
    expect(await names('/api/clients?q=%25')).toEqual([])
    expect((await call(owner, 'GET', '/api/clients?limit=0')).statusCode).toBe(400)
  })

  it('lets any member edit a client, changing only the fields sent', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const created = await buildClient(owner, { email: 'bea@acme.example', phone: '+14155550123', title: 'CFO' })
    const res = await call(member, 'PATCH', `/api/clients/${created.id}`, { company: 'Acme Europe' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ...created, company: 'Acme Europe' })
    const cleared = await call(member, 'PATCH', `/api/clients/${created.id}`, { phone: '' })
    expect(cleared.json()).toMatchObject({ phone: '', email: 'bea@acme.example', title: 'CFO' })
    const bad = await call(member, 'PATCH', `/api/clients/${created.id}`, { email: 'nope' })
    expect(bad.json()).toEqual({ message: 'email: Must be a valid email address', code: 'invalid', field: 'email' })
  })

  it('lets only owners and admins delete a client', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const first = await buildClient(member)
    const refused = await call(member, 'DELETE', `/api/clients/${first.id}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ message: 'Only owners and admins can delete clients', code: 'forbidden' })
    expect((await call(admin, 'DELETE', `/api/clients/${first.id}`)).json()).toEqual({ ok: true })
    expect((await call(owner, 'GET', `/api/clients/${first.id}`)).statusCode).toBe(404)
    const second = await buildClient(member)
    expect((await call(owner, 'DELETE', `/api/clients/${second.id}`)).statusCode).toBe(200)
  })

  it("never shows, changes or deletes another organization's client, and asks for a session", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const theirs = await buildClient(stranger, { name: 'Their Buyer' })
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'Mine now' }], ['DELETE']] as const) {
      const res = await call(owner, method, `/api/clients/${theirs.id}`, payload)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Client not found', code: 'not_found' })
    }
    expect((await call(owner, 'GET', '/api/clients?q=their')).json()).toEqual({ clients: [] })
    expect((await call(stranger, 'GET', `/api/clients/${theirs.id}`)).json().name).toBe('Their Buyer')
    expect((await call(null, 'GET', '/api/clients')).statusCode).toBe(401)
    expect((await call(null, 'POST', '/api/clients', { name: 'Bea' })).statusCode).toBe(401)
  })
})
