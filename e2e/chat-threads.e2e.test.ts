import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { buildContact, buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { CONTEXT_DEFAULTS, type Harness, startHarness } from './harness.ts'

// The deal, client and sales room threads in the team chat: a buyer's message in the room raises the seller's
// count and badge live, reading it there clears them, the answer reaches the buyer live; reading a deal chat on
// its own page clears it in the member's other tab; search finds thread messages and opens them at the message.

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

/** A published room for a new deal of the owner's, made through the API. */
async function publishedRoom(owner: Client, name: string) {
  const deal = await buildDeal(harness.server.app, owner, { name })
  const res = await harness.server.app.inject({
    method: 'PUT',
    url: `/api/deals/${deal.id}/salesroom`,
    headers: { cookie: owner.cookie },
    payload: { title: `${name} room`, welcome: 'Welcome', published: true },
  })
  expect(res.statusCode, res.body).toBe(200)
  return { deal, publicId: (res.json() as { publicId: string }).publicId }
}

/** A signed-out buyer in a browser context of their own. */
async function buyerPage(): Promise<Page> {
  const context = await harness.browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: harness.server.url })
  onTestFinished(() => context.close())
  return context.newPage()
}

const menuChat = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /Chat/ })

it("counts a buyer's room message live in the list and the menu, clears it on opening, and the answer reaches the buyer live", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const { deal, publicId } = await publishedRoom(owner, 'Globex pilot')

  const seller = await harness.newPage()
  await signIn(seller, owner.user.email, 'Olivia Owner')
  await seller.goto('/chat')
  await seller.getByText('No conversations yet. Start one with a teammate.').waitFor()

  // The buyer writes in the public room.
  const buyer = await buyerPage()
  await buyer.goto(`/d/${publicId}`)
  await buyer.getByLabel('Message').waitFor()
  await buyer.getByLabel('Your name').fill('Bea Buyer')
  await buyer.getByLabel('Message').fill('Can we start in January?')
  await buyer.getByRole('button', { name: 'Send', exact: true }).click()
  await buyer.getByTestId('room-chat-log').getByText('Can we start in January?').waitFor()

  // The seller, in /chat all along, sees the room's thread appear with its count, and the badge.
  const row = seller.getByTestId('thread').filter({ hasText: 'Globex pilot' })
  await row.getByText('Bea Buyer: Can we start in January?').waitFor()
  await row.getByText('1 unread message').waitFor()
  await menuChat(seller).getByText('1 unread message').waitFor()

  // Opening it reads it: the count and the badge go.
  await row.click()
  await seller.getByRole('heading', { name: 'Globex pilot', level: 2 }).waitFor()
  const log = seller.getByTestId('seller-chat-log')
  await log.getByText('Can we start in January?').waitFor()
  await row.getByText('1 unread message').waitFor({ state: 'detached' })
  await menuChat(seller).getByText('1 unread message').waitFor({ state: 'detached' })

  // A second message while it is open is read at once: no count comes back.
  await buyer.getByLabel('Message').fill('And the pricing for 40 seats?')
  await buyer.getByRole('button', { name: 'Send', exact: true }).click()
  await log.getByText('And the pricing for 40 seats?').waitFor()
  await row.getByText('Bea Buyer: And the pricing for 40 seats?').waitFor()
  expect(await seller.getByTestId('thread-unread').count()).toBe(0)
  await expect.poll(async () => (await request(harness.server.app, owner, 'GET', '/api/chat/unread')).json()).toEqual({ total: 0 })

  // The seller answers from the chat; the buyer sees it live.
  await seller.getByLabel('Message', { exact: true }).fill('Yes, January works.')
  await seller.getByRole('button', { name: 'Send', exact: true }).click()
  await buyer.getByTestId('room-chat-log').getByText('Yes, January works.').waitFor()
  await log.getByText('Yes, January works.').waitFor()
  expect(deal.id).toBeTruthy()
})

it("clears a deal chat's count in the member's other tab when they read it on the deal page", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const maya = await buildMember(harness.server.app, owner, { name: 'Maya Member' })
  const deal = await buildDeal(harness.server.app, owner, { name: 'Acme rollout' })

  const chatTab = await harness.newPage()
  await signIn(chatTab, maya.user.email, 'Maya Member')
  await chatTab.goto('/chat')
  await chatTab.getByText('No conversations yet. Start one with a teammate.').waitFor()

  // Olivia writes on the deal: Maya's chat tab counts it live.
  await request(harness.server.app, owner, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Procurement wants two quarters.' })
  const row = chatTab.getByTestId('thread').filter({ hasText: 'Acme rollout' })
  await row.getByText('1 unread message').waitFor()
  await menuChat(chatTab).getByText('1 unread message').waitFor()

  // Maya reads it on the deal page in another tab of the same browser: the chat tab follows.
  const dealTab = await chatTab.context().newPage()
  await dealTab.goto(`/deals/${deal.id}`)
  await dealTab.getByText('Procurement wants two quarters.').waitFor()
  await row.getByText('1 unread message').waitFor({ state: 'detached' })
  await menuChat(chatTab).getByText('1 unread message').waitFor({ state: 'detached' })
})

it('finds messages of deal, client and room threads and opens the thread at the message', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const maya = await buildMember(harness.server.app, owner, { name: 'Maya Member' })
  const deal = await buildDeal(harness.server.app, owner, { name: 'Acme rollout' })
  const client = await buildContact(harness.server.app, owner, { name: 'Bea Buyer' })
  await request(harness.server.app, maya, 'POST', `/api/deals/${deal.id}/messages`, { body: 'The Northwind budget is approved' })
  // Enough later messages that the hit starts out of view.
  for (let i = 1; i <= 14; i++) await request(harness.server.app, maya, 'POST', `/api/deals/${deal.id}/messages`, { body: `Update ${i}` })
  await request(harness.server.app, maya, 'POST', `/api/clients/${client.id}/messages`, { body: 'Bea mentioned Northwind again' })

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Olivia Owner')
  await page.goto('/chat')
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('northwind')
  const results = page.getByRole('list', { name: 'Messages found' })
  const dealHit = results.getByTestId('search-result').filter({ hasText: 'Maya Member: The Northwind budget is approved' })
  await dealHit.getByText('Acme rollout').waitFor()
  await dealHit.getByText('Deal chat').waitFor()
  await results.getByTestId('search-result').filter({ hasText: 'Bea mentioned Northwind again' }).getByText('Bea Buyer').waitFor()
  await dealHit.click()

  await page.getByRole('heading', { name: 'Acme rollout', level: 2 }).waitFor()
  const found = page.locator('[data-found]')
  await found.getByText('The Northwind budget is approved').waitFor()
  await expect
    .poll(() =>
      found.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const log = element.closest('[role="log"]')?.getBoundingClientRect()
        return !!log && box.top >= log.top && box.bottom <= log.bottom
      }),
    )
    .toBe(true)
})

for (const mode of ['light', 'dark'] as const) {
  it(`has no serious accessibility problem with thread counts and thread search results, ${mode} mode`, async () => {
    const owner = await buildOwner(harness.server.app, { name: 'Ada Access' })
    const maya = await buildMember(harness.server.app, owner, { name: 'Maya Member' })
    const deal = await buildDeal(harness.server.app, owner, { name: 'Acme rollout' })
    await request(harness.server.app, maya, 'POST', `/api/deals/${deal.id}/messages`, { body: 'Procurement wants two quarters.' })
    const page = await harness.newPage({ colorScheme: mode })
    await page.context().addCookies([{ name: 'themeMode', value: mode, url: harness.server.url }])
    await signIn(page, owner.user.email, 'Ada Access')
    await page.goto('/chat')
    await page.getByTestId('thread').getByText('1 unread message').waitFor()
    expect(await violations(page)).toEqual([])
    await page.getByRole('searchbox', { name: 'Search messages' }).fill('procurement')
    await page.getByTestId('search-result').getByText('Deal chat').waitFor()
    expect(await violations(page)).toEqual([])
  })
}
