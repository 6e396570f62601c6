import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildProduct } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, invalidField, request } from '../../testing/factories.ts'
import { buildForm } from '../../testing/routing.ts'

// A landing page and a product room may each show one routing form of the organization: the editor chooses
// it by id, the visitor's page gets only its slug and name (to load it like /f/{slug}), while it is published.

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
const call = (client: Client | null, method: Method, url: string, payload?: object) =>
  method === 'PUT'
    ? app.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload })
    : request(app, client, method, url, payload)

describe('a routing form on a landing page', () => {
  it('is chosen by the editor, shown to visitors by slug and name while published, and dropped when deleted', async () => {
    const owner = await buildOwner(app)
    const form = await buildForm(app, owner, { name: 'Find your seller' })
    const created = await call(owner, 'POST', '/api/landing-pages', { title: 'Acme', published: true, routingFormId: form.id })
    expect(created.statusCode, created.body).toBe(201)
    const page = created.json()
    expect(page.routingFormId).toBe(form.id)
    const shown = await call(null, 'GET', `/api/public/landing/${page.publicId}`)
    expect(shown.json().routingForm).toEqual({ slug: form.slug, name: 'Find your seller' })

    // An unpublished form is not shown; a page without one shows none.
    await call(owner, 'PATCH', `/api/routings/${form.id}`, { published: false })
    expect((await call(null, 'GET', `/api/public/landing/${page.publicId}`)).json().routingForm).toBeNull()
    await call(owner, 'PATCH', `/api/routings/${form.id}`, { published: true })
    expect((await call(owner, 'PATCH', `/api/landing-pages/${page.id}`, { routingFormId: null })).json().routingFormId).toBeNull()
    expect((await call(null, 'GET', `/api/public/landing/${page.publicId}`)).json().routingForm).toBeNull()

    await call(owner, 'PATCH', `/api/landing-pages/${page.id}`, { routingFormId: form.id })
    expect((await call(owner, 'DELETE', `/api/routings/${form.id}`)).statusCode).toBe(200)
    expect((await call(owner, 'GET', `/api/landing-pages/${page.id}`)).json().routingFormId).toBeNull()
  })

  it("should fail with status 400 naming the field when the form is another organization's or the id is malformed", async () => {
    const owner = await buildOwner(app)
    const other = await buildOwner(app)
    const theirs = await buildForm(app, other)
    const refused = await call(owner, 'POST', '/api/landing-pages', { title: 'Acme', routingFormId: theirs.id })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual(invalidField('routingFormId: Choose a routing form of your organization'))
    const page = (await call(owner, 'POST', '/api/landing-pages', { title: 'Acme' })).json()
    const patched = await call(owner, 'PATCH', `/api/landing-pages/${page.id}`, { routingFormId: theirs.id })
    expect(patched.statusCode).toBe(400)
    expect(patched.json()).toEqual(invalidField('routingFormId: Choose a routing form of your organization'))
    expect((await call(owner, 'PATCH', `/api/landing-pages/${page.id}`, { routingFormId: 'nope' })).statusCode).toBe(400)
  })
})

describe('a routing form in a product room', () => {
  it('is chosen in the room settings, kept when left out, shown to buyers while published, and refused from another organization', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const product = await buildProduct(app, owner, { name: 'Platform' })
    const form = await buildForm(app, member, { name: 'Which plan fits?' })
    const saved = await call(owner, 'PUT', `/api/products/${product.id}/room`, {
      published: true,
      eventTypeId: null,
      routingFormId: form.id,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const room = saved.json()
    expect(room.routingFormId).toBe(form.id)
    expect((await call(null, 'GET', `/api/public/products/${room.roomId}`)).json().routingForm).toEqual({
      slug: form.slug,
      name: 'Which plan fits?',
    })
    // Settings saved without the field keep the form.
    const kept = await call(owner, 'PUT', `/api/products/${product.id}/room`, { published: true, eventTypeId: null })
    expect(kept.json().routingFormId).toBe(form.id)

    const other = await buildOwner(app)
    const theirs = await buildForm(app, other)
    const refused = await call(owner, 'PUT', `/api/products/${product.id}/room`, {
      published: true,
      eventTypeId: null,
      routingFormId: theirs.id,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual(invalidField('routingFormId: Choose a routing form of your organization'))

    // A deleted form reads as none on both sides.
    expect((await call(member, 'DELETE', `/api/routings/${form.id}`)).statusCode).toBe(200)
    expect((await call(owner, 'GET', `/api/products/${product.id}/room`)).json().routingFormId).toBeNull()
    expect((await call(null, 'GET', `/api/public/products/${room.roomId}`)).json().routingForm).toBeNull()
  })
})
