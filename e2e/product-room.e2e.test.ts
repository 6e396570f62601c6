import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { bookings } from '../apps/server/src/db/schema/index.ts'
import { buildEventType, nextMonday } from '../apps/server/src/testing/booking.ts'
import { buildProduct } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client } from '../apps/server/src/testing/factories.ts'
import { PDF, PNG } from '../apps/server/src/testing/files.ts'
import { violations } from './axe.ts'
import { revealPart, signIn } from './flows.ts'
import { CONTEXT_DEFAULTS, type Harness, startHarness } from './harness.ts'

// A product's public room: the seller publishes it from the product page and picks its booking widget; a
// signed-out buyer opens /p/:id, books a time and sends the "talk to sales" form; the seller finds the deal.
// The product's images and documents, added on its page, show in the room.

let harness: Harness
let seller: Client
let eventType: { id: string }
const monday = nextMonday(3)

beforeAll(async () => {
  harness = await startHarness()
  seller = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  // Working hours are Monday to Friday, 09:00–17:00 UTC (the owner's default schedule).
  eventType = await buildEventType(harness.server.app, seller, { title: 'Product demo', durations: [30] })
})
afterAll(() => harness?.close())

/** A signed-out buyer: a browser context of its own, no cookies, in UTC, in `mode`. */
async function buyer(mode: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await harness.browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: harness.server.url })
  await context.addCookies([{ name: 'themeMode', value: mode, domain: new URL(harness.server.url).hostname, path: '/' }])
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'en'))
  onTestFinished(() => context.close())
  return context.newPage()
}

/** Publishes a product's room with the Product demo booking widget, as the seller's card does; its public id. */
async function publishRoom(productId: string): Promise<string> {
  const res = await harness.server.app.inject({
    method: 'PUT',
    url: `/api/products/${productId}/room`,
    headers: { cookie: seller.cookie },
    payload: { published: true, eventTypeId: eventType.id },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().roomId
}

it('the seller publishes the room; a buyer books a time and talks to sales; the seller finds the new deal', async () => {
  const product = await buildProduct(harness.server.app, seller, {
    name: 'Platform',
    price: 120_000,
    currency: 'EUR',
    description: 'Everything your team needs.\n\nPer seat and month.',
  })
  const editor = await harness.newPage()
  await signIn(editor, seller.user.email, 'Olivia Owner')

  // The product page's room card: the booking widget, then publishing gives the room its address.
  await editor.goto(`/products/${product.id}`)
  await editor.getByRole('heading', { name: 'Product room' }).waitFor()
  await editor.getByRole('combobox', { name: 'Booking widget' }).click()
  await editor.getByRole('option', { name: 'Product demo' }).click()
  await editor.getByText('The product room is saved').waitFor()
  await editor.getByLabel('Published').check()
  const first = await editor.getByTestId('product-room-url').inputValue()
  // A new address, after a confirmation: the buyer gets that one.
  await editor.getByRole('button', { name: 'New address' }).click()
  await editor.getByRole('dialog').getByRole('button', { name: 'Change the address' }).click()
  await editor.getByRole('dialog').waitFor({ state: 'detached' })
  await expect.poll(() => editor.getByTestId('product-room-url').inputValue()).not.toBe(first)
  const path = new URL(await editor.getByTestId('product-room-url').inputValue()).pathname
  expect(path).toMatch(/^\/p\/[A-Za-z0-9_-]{22}$/)

  // The buyer, signed out, in a browser of their own.
  const page = await buyer()
  await page.goto(path)
  await page.getByRole('heading', { level: 1, name: 'Platform' }).waitFor()
  expect(await page.getByTestId('product-price').textContent()).toBe('€1,200.00')
  await page.getByText('Per seat and month.').waitFor()

  // The booking widget: a day, a time, the booking form.
  const booking = await revealPart(page, 'Book a meeting')
  const day = booking.locator(`[data-date="${monday}"]`)
  // The month shows once its days are drawn: only then does a missing day mean next month.
  await booking.locator('[data-date]').first().waitFor()
  if (!(await day.isVisible())) await booking.getByRole('button', { name: 'Next month' }).click()
  await day.and(page.locator('[aria-disabled=false]')).click()
  await booking.getByRole('button', { name: '10:00 AM', exact: true }).click()
  await booking.getByRole('heading', { name: 'Your details' }).waitFor()
  await booking.getByLabel('Your name').fill('Bea Buyer')
  await booking.getByLabel('Email address').fill('bea@northwind.example')
  await booking.getByRole('button', { name: 'Confirm' }).click()
  await booking.getByRole('status').getByText('This meeting is booked').waitFor()
  // The booking remembers the room it came from.
  const [booked] = await harness.server.app.database.db.select().from(bookings).where(eq(bookings.attendeeEmail, 'bea@northwind.example'))
  expect(booked).toMatchObject({ productId: product.id, eventTypeId: eventType.id, startAt: new Date(`${monday}T10:00:00.000Z`) })

  // Talk to sales: the fields say what is missing, then a thank-you.
  const talk = await revealPart(page, 'Talk to sales')
  await talk.getByRole('button', { name: 'Send' }).click()
  await talk.getByText('Name is required').waitFor()
  await talk.getByText('Must be a valid email address').waitFor()
  const hostile = '<script>window.hacked = true</script> Do you do volume pricing?'
  await talk.getByLabel('Your name').fill('Bea Buyer')
  await talk.getByLabel('Email address').fill('bea@northwind.example')
  await talk.getByLabel('Company').fill('Northwind')
  await talk.getByLabel('Message').fill(hostile)
  await talk.getByRole('button', { name: 'Send' }).click()
  await talk.getByRole('status').getByText('Thank you, Bea Buyer!').waitFor()
  await talk.getByText('We will reply to bea@northwind.example soon.').waitFor()

  // The seller finds the deal in the list, and on it who asked, about what, and what they wrote, as text.
  await editor.goto('/deals')
  await editor.getByRole('row').filter({ hasText: 'Northwind — Platform' }).getByText('€1,200.00').waitFor()
  await editor.getByRole('link', { name: 'Northwind — Platform' }).click()
  await editor.getByText('Bea Buyer asked about Platform in its product room').waitFor()
  await editor.getByText(hostile).first().waitFor()
  expect(await editor.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined()
})

it('the seller adds images and a document to a product and puts the second image first; the buyer sees them so', async () => {
  const product = await buildProduct(harness.server.app, seller, { name: 'Media kit' })
  const roomId = await publishRoom(product.id)
  const editor = await harness.newPage()
  await signIn(editor, seller.user.email, 'Olivia Owner')
  await editor.goto(`/products/${product.id}`)
  const card = editor.getByRole('region', { name: 'Images and documents' })
  await card.getByText('No images yet.', { exact: false }).waitFor()

  // Two images at once from the file chooser, in the order chosen.
  const images = editor.waitForEvent('filechooser')
  await card.getByRole('button', { name: 'Add images' }).click()
  await (await images).setFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: PNG },
    { name: 'side.png', mimeType: 'image/png', buffer: PNG },
  ])
  const order = () => card.locator('ol img').evaluateAll((shown) => shown.map((image) => image.getAttribute('alt')))
  await expect.poll(order).toEqual(['front.png', 'side.png'])
  await card.getByRole('button', { name: 'Move “side.png” earlier' }).click()
  await expect.poll(order).toEqual(['side.png', 'front.png'])
  expect(await card.getByRole('button', { name: 'Move “side.png” earlier' }).isDisabled()).toBe(true)

  const documents = editor.waitForEvent('filechooser')
  await card.getByRole('button', { name: 'Add documents' }).click()
  await (await documents).setFiles({ name: 'Price list.pdf', mimeType: 'application/pdf', buffer: PDF })
  await card.getByRole('link', { name: 'Open “Price list.pdf”' }).waitFor()
  await card.getByText(/^\d+\s?B$/).waitFor()

  // The buyer's room leads with the image moved first and offers the document.
  const page = await buyer()
  await page.goto(`/p/${roomId}`)
  await page.getByRole('group', { name: 'Pictures of Media kit' }).getByRole('img', { name: 'side.png' }).waitFor()
  await page.getByRole('region', { name: 'Documents' }).getByRole('link', { name: 'Download Price list.pdf' }).waitFor()

  // Deleted, after a confirmation, it leaves the product and its room.
  await card.getByRole('button', { name: 'Delete “Price list.pdf”' }).click()
  await editor.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await card.getByText('No documents yet.').waitFor()
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Media kit' }).waitFor()
  expect(await page.getByRole('region', { name: 'Documents' }).count()).toBe(0)
})

for (const mode of ['light', 'dark'] as const) {
  it(`finds no serious or critical accessibility problem in a product room, ${mode} mode`, async () => {
    const product = await buildProduct(harness.server.app, seller, { name: `Accessible ${mode}`, description: 'One.\n\nTwo.' })
    const roomId = await publishRoom(product.id)
    const page = await buyer(mode)
    await page.goto(`/p/${roomId}`)
    await page.getByRole('heading', { level: 1, name: `Accessible ${mode}` }).waitFor()
    await (await revealPart(page, 'Talk to sales')).getByRole('button', { name: 'Send' }).waitFor()
    await (await revealPart(page, 'Book a meeting')).locator('[data-date]').first().waitFor()
    await page.waitForLoadState('networkidle')
    expect(await violations(page)).toEqual([])
  })
}
