import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { buildEventType, nextMonday } from '../apps/server/src/testing/booking.ts'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { dragWithMouse } from './drag.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// Issue 6's whole story in one go, as a seller and a buyer live it: the seller creates a deal, moves it on
// the board, publishes its sales room; the buyer opens it in a browser of their own, they chat both ways,
// the buyer books a meeting from the room, and the seller finds the visit and the booking on the deal.

const BUYER_ZONE = 'America/New_York'
const monday = nextMonday(3)

let harness: Harness
let seller: Client

beforeAll(async () => {
  harness = await startHarness()
  seller = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const handle = `olivia-${Math.random().toString(36).slice(2, 8)}`
  expect((await request(harness.server.app, seller, 'PATCH', '/api/booking-profile', { handle })).statusCode).toBe(200)
  // Working hours are Monday to Friday, 09:00–17:00 UTC (the owner's default schedule).
  await buildEventType(harness.server.app, seller, { title: 'Discovery call', durations: [30] })
  expect(
    (await request(harness.server.app, seller, 'POST', '/api/products', { name: 'Platform licence', price: 120_000, currency: 'EUR' }))
      .statusCode,
  ).toBe(201)
})
afterAll(() => harness?.close())

async function buyerPage(): Promise<Page> {
  const context = await harness.browser.newContext({ baseURL: harness.server.url, locale: 'en-US', timezoneId: BUYER_ZONE })
  onTestFinished(() => context.close())
  return context.newPage()
}

/** '10:00 AM' as the booker shows an instant to the buyer in New York. */
const shown = (iso: string) =>
  new Intl.DateTimeFormat('en', { timeZone: BUYER_ZONE, hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }).format(new Date(iso))

it('create a deal → move it on the board → publish its room → the buyer opens it, chats and books → the seller sees the visit and the booking on the deal', async () => {
  const page = await harness.newPage()
  await signIn(page, seller.user.email, 'Olivia Owner')

  // 1. The deal, with a product line.
  await page.goto('/deals/new')
  await page.getByLabel('Deal name').fill('Northwind pilot')
  await page.getByLabel('Company').fill('Northwind')
  await page.getByRole('button', { name: 'Add a product' }).click()
  await page.getByLabel('Product', { exact: true }).click()
  await page.getByRole('option', { name: /Platform licence/ }).click()
  await page.getByLabel('Quantity').fill('2')
  await page.getByRole('button', { name: 'Use as the amount' }).click()
  await page.getByRole('button', { name: 'Create the deal' }).click()
  await page.getByRole('heading', { name: 'Northwind pilot', level: 1 }).waitFor()
  const dealPath = new URL(page.url()).pathname

  // 2. On the board, dragged to the next stage.
  await page.goto('/kanban')
  const stages = (await request(harness.server.app, seller, 'GET', '/api/pipeline-stages')).json().stages as { name: string }[]
  const [first, second] = stages.map((s) => s.name)
  if (!first || !second) throw new Error('the default pipeline has at least two stages')
  const column = (stage: string) => page.getByRole('region', { name: stage, exact: true })
  const card = page.getByRole('button', { name: /^Northwind pilot/ })
  await column(first)
    .getByRole('button', { name: /^Northwind pilot/ })
    .waitFor()
  await dragWithMouse(page, card, column(second), {
    ready: column(second).getByTestId('drop-marker'),
  })
  await column(second)
    .getByRole('button', { name: /^Northwind pilot/ })
    .waitFor()

  // 3. The room, published from the deal page.
  await page.goto(dealPath)
  await page.getByRole('link', { name: 'Sales room' }).click()
  await page.getByRole('heading', { level: 1, name: 'Sales room · Northwind pilot' }).waitFor()
  await page.getByLabel('Welcome text').fill('Welcome, Northwind team.')
  await page.getByLabel('Published').check()
  await page.getByRole('button', { name: 'Create the room' }).click()
  await page.getByText('The sales room is saved').waitFor()
  const roomPath = new URL(await page.getByTestId('room-url').inputValue()).pathname

  // 4. The buyer, signed out, in a browser of their own.
  const buyer = await buyerPage()
  await buyer.goto(roomPath)
  await buyer.getByText('Welcome, Northwind team.').waitFor()
  await buyer.getByTestId('room-total').getByText('€2,400.00').waitFor()

  // 5. Chat both ways, live.
  await buyer.getByLabel('Your name').fill('Bea Buyer')
  await buyer.getByLabel('Message').fill('Could we see it on our data?')
  await buyer.getByRole('button', { name: 'Send', exact: true }).click()
  await page.getByTestId('seller-chat-log').getByText('Could we see it on our data?').waitFor()
  await page.getByLabel('Message').fill('Sure: pick a time below.')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await buyer.getByTestId('room-chat-log').getByText('Sure: pick a time below.').waitFor()

  // 6. The buyer books a meeting from the room's booking widget.
  await buyer.getByRole('button', { name: /^Discovery call/ }).click()
  const day = buyer.locator(`[data-date="${monday}"]`)
  // The month shows once its days are drawn: only then does a missing day mean next month.
  await buyer.locator('[data-date]').first().waitFor()
  if (!(await day.isVisible())) await buyer.getByRole('button', { name: 'Next month' }).click()
  await day.and(buyer.locator('[aria-disabled=false]')).click()
  await buyer.getByRole('button', { name: shown(`${monday}T14:00:00.000Z`), exact: true }).click()
  await buyer.getByLabel('Your name').fill('Bea Buyer')
  await buyer.getByLabel('Email address').fill('bea@northwind.example')
  await buyer.getByRole('button', { name: 'Confirm' }).click()
  await buyer.getByRole('status').getByText('This meeting is booked').waitFor()

  // 7. The seller finds all of it on the deal: the stage change, the visit and the booking.
  await page.goto(dealPath)
  const timeline = page.getByRole('list', { name: 'Timeline' })
  await timeline.getByText('Meeting booked: Discovery call').waitFor()
  await timeline
    .getByText(/^Sales room visited/)
    .first()
    .waitFor()
  await timeline.getByText(`Olivia Owner moved it from ${first} to ${second}`).waitFor()
})
