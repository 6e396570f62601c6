import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildDeal, buildProduct } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const call = (client: Client | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  request(app, client, method, url, payload)

describe('products', () => {
  it('lets an admin create, edit and delete a product, and every member read the catalogue', async () => {
    const owner = await buildOwner(app)
    const admin = await buildMember(app, owner, { role: 'admin' })
    const member = await buildMember(app, owner)
    const created = await call(admin, 'POST', '/api/products', { name: 'Seats', price: 49_00, currency: 'eur', description: 'Per user' })
    expect(created.statusCode).toBe(201)
    const product = created.json()
    expect(product).toMatchObject({ name: 'Seats', price: 49_00, currency: 'EUR', description: 'Per user', active: true })
    expect((await call(member, 'GET', '/api/products')).json()).toEqual({ products: [product] })
    expect((await call(member, 'GET', `/api/products/${product.id}`)).json()).toEqual(product)

    const edited = await call(admin, 'PATCH', `/api/products/${product.id}`, { price: 59_00 })
    // A partial edit leaves what it does not name: the description stays, the product stays active.
    expect(edited.json()).toEqual({ ...product, price: 59_00 })
    const inactive = await call(admin, 'PATCH', `/api/products/${product.id}`, { active: false })
    expect(inactive.json()).toMatchObject({ active: false, description: 'Per user' })

    expect((await call(admin, 'DELETE', `/api/products/${product.id}`)).statusCode).toBe(200)
    expect((await call(admin, 'GET', `/api/products/${product.id}`)).statusCode).toBe(404)
  })

  it('refuses a member who manages products', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const product = await buildProduct(app, owner)
    for (const [method, url, body] of [
      ['POST', '/api/products', { name: 'Mine', price: 1, currency: 'EUR' }],
      ['PATCH', `/api/products/${product.id}`, { price: 1 }],
      ['DELETE', `/api/products/${product.id}`],
    ] as const) {
      const res = await call(member, method, url, body)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ message: 'Only owners and admins can manage products', code: 'forbidden' })
    }
  })

  it('keeps a product that is on a deal: 409 on delete or currency change, inactive instead', async () => {
    const owner = await buildOwner(app)
    const product = await buildProduct(app, owner)
    await buildDeal(app, owner, { lines: [{ productId: product.id, quantity: 3 }] })
    const res = await call(owner, 'DELETE', `/api/products/${product.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ message: 'This product is on deals: make it inactive instead', code: 'product_on_deals' })
    expect((await call(owner, 'PATCH', `/api/products/${product.id}`, { currency: 'USD' })).statusCode).toBe(409)
    expect((await call(owner, 'PATCH', `/api/products/${product.id}`, { active: false })).statusCode).toBe(200)
    // An inactive product is not sold on new deals.
    const newDeal = await call(owner, 'POST', '/api/deals', { name: 'Later', lines: [{ productId: product.id, quantity: 1 }] })
    expect(newDeal.statusCode).toBe(400)
  })

  it('should fail with status 400 on a price that is not whole cents or a currency that is not a code', async () => {
    const owner = await buildOwner(app)
    for (const body of [
      { name: 'x', price: 9.99, currency: 'EUR' },
      { name: 'x', price: -1, currency: 'EUR' },
      { name: 'x', price: 100, currency: 'euro' },
      { name: '', price: 100, currency: 'EUR' },
    ]) {
      const res = await call(owner, 'POST', '/api/products', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
  })

  it("keeps another organization's products out of reach", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const theirs = await buildProduct(app, stranger)
    expect((await call(owner, 'GET', `/api/products/${theirs.id}`)).statusCode).toBe(404)
    expect((await call(owner, 'PATCH', `/api/products/${theirs.id}`, { price: 1 })).statusCode).toBe(404)
    expect((await call(owner, 'DELETE', `/api/products/${theirs.id}`)).statusCode).toBe(404)
    expect((await call(owner, 'GET', '/api/products')).json()).toEqual({ products: [] })
    expect((await call(null, 'GET', '/api/products')).statusCode).toBe(401)
  })
})
