import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { buildDeal, buildProduct } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { CONTEXT_DEFAULTS, type Harness, startHarness } from './harness.ts'

// A deal's sales room: the seller shapes and publishes it in the editor, the buyer opens /d/:id signed out,
// works through the plan, opens a link and chats with the seller live; a private room asks for a code.

let harness: Harness
let seller: Client

beforeAll(async () => {
  harness = await startHarness()
  seller = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
})
afterAll(() => harness?.close())

/** A deal of two "Platform" seats at 1,200.00 € each. */
async function dealWithLines(name = 'Acme rollout') {
  const product = await buildProduct(harness.server.app, seller, { name: 'Platform', price: 120_000, currency: 'EUR' })
  return buildDeal(harness.server.app, seller, { name, amount: 240_000, currency: 'EUR', lines: [{ productId: product.id, quantity: 2 }] })
}

/** A room made through the API (PUT is not in the factories' request helper's methods). */
async function roomThroughApi(dealId: string, settings: Record<string, unknown>) {
  const res = await harness.server.app.inject({
    method: 'PUT',
    url: `/api/deals/${dealId}/salesroom`,
    headers: { cookie: seller.cookie },
    payload: { title: 'Acme × Closeroom', welcome: 'Welcome, Acme team', published: true, ...settings },
  })
  expect(res.statusCode, res.body).toBe(200)
  const base = `/api/deals/${dealId}/salesroom`
  await request(harness.server.app, seller, 'POST', `${base}/links`, {
    title: 'Security overview',
    url: 'https://docs.example.com/security',
  })
  await request(harness.server.app, seller, 'POST', `${base}/steps`, { title: 'Send the order form', side: 'seller' })
  await request(harness.server.app, seller, 'POST', `${base}/steps`, { title: 'Legal review', side: 'buyer', ownerName: 'Bea' })
  return res.json() as { publicId: string }
}

/** A signed-out buyer: a browser context of its own, no cookies, in `mode` and `language`. */
async function buyer(mode: 'light' | 'dark' = 'light', language = 'en'): Promise<Page> {
  const context = await harness.browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: harness.server.url })
  await context.addCookies([{ name: 'themeMode', value: mode, domain: new URL(harness.server.url).hostname, path: '/' }])
  await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language)
  onTestFinished(() => context.close())
  return context.newPage()
}

it('the seller publishes the room; the buyer sees it, ticks a step, opens a link and chats, each side following the other live', async () => {
  const deal = await dealWithLines()
  const editor = await harness.newPage()
  await signIn(editor, seller.user.email, 'Olivia Owner')

  // The room's settings, then its links and plan, in the editor.
  await editor.goto(`/deals/${deal.id}/room`)
  await editor.getByRole('heading', { level: 1, name: 'Sales room · Acme rollout' }).waitFor()
  await editor.getByRole('textbox', { name: 'Title', exact: true }).fill('Acme × Closeroom')
  await editor.getByLabel('Welcome text').fill('Welcome, Acme team.\nEverything for your rollout is here.')
  await editor.getByLabel('Published').check()
  await editor.getByRole('button', { name: 'Create the room' }).click()
  await editor.getByText('The sales room is saved').waitFor()

  await editor.getByLabel('Link title').fill('Security overview')
  await editor.getByLabel('Link (https)').fill('https://docs.example.com/security')
  await editor.getByRole('button', { name: 'Add the link' }).click()
  await editor.getByRole('button', { name: 'Edit “Security overview”' }).waitFor()

  await editor.getByLabel('Step', { exact: true }).fill('Send the order form')
  await editor.getByRole('button', { name: 'Add the step' }).click()
  await editor.getByRole('checkbox', { name: '“Send the order form” done' }).waitFor()
  await editor.getByLabel('Step', { exact: true }).fill('Legal review')
  await editor.getByRole('combobox', { name: 'Side' }).click()
  await editor.getByRole('option', { name: 'Buyer' }).click()
  await editor.getByLabel('Owner').fill('Bea')
  await editor.getByRole('button', { name: 'Add the step' }).click()
  await editor.getByRole('checkbox', { name: '“Legal review” done' }).waitFor()

  const address = await editor.getByTestId('room-url').inputValue()
  const path = new URL(address).pathname
  expect(path).toMatch(/^\/d\/[A-Za-z0-9_-]{22}$/)

  // The buyer, signed out, in a browser of their own.
  const page = await buyer()
  await page.goto(path)
  await page.getByRole('heading', { level: 1, name: 'Acme × Closeroom' }).waitFor()
  await page.getByText('Everything for your rollout is here.').waitFor()
  await page.getByText('Shared by Olivia Owner').waitFor()
  const pricing = page.getByRole('region', { name: 'Products and pricing' })
  await pricing.getByRole('cell', { name: 'Platform' }).waitFor()
  expect(await page.getByTestId('room-total').textContent()).toBe('€2,400.00')
  const plan = page.getByRole('region', { name: 'Mutual action plan' })
  await plan.getByText('Send the order form').waitFor()
  // The seller's steps are theirs to tick; the buyer's have a checkbox.
  expect(await plan.getByRole('checkbox').count()).toBe(1)
  // The room comes rendered by the server, its checkbox too: it answers once the page is hydrated, which is when
  // the chat (mounted only then) appears. Ticked before that, the box would change with no request sent.
  await page.getByLabel('Message').waitFor()

  const ticked = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/steps/'))
  await plan.getByRole('checkbox', { name: 'Mark “Legal review” as done' }).check()
  expect((await ticked).status()).toBe(200)

  const reported = page.waitForRequest((r) => r.url().endsWith('/events') && (r.postData() ?? '').includes('link_opened'))
  const popup = page.waitForEvent('popup')
  await page.getByRole('link', { name: /Security overview/ }).click()
  await reported
  await (await popup).close()

  // The seller's editor, open all along, follows the buyer: the tick, the visit and the link opened.
  await editor.getByRole('checkbox', { name: '“Legal review” done', checked: true }).waitFor()
  const visits = editor.getByRole('table', { name: 'Engagement' })
  await visits.getByRole('cell', { name: 'Security overview' }).waitFor()
  await visits.getByRole('cell', { name: 'Someone with the link' }).first().waitFor()
  expect(await editor.getByTestId('first-visit').textContent()).not.toBe('Not visited yet')

  // And the buyer's page follows the seller: a new step appears without a reload.
  await editor.getByLabel('Step', { exact: true }).fill('Kick-off call')
  await editor.getByRole('button', { name: 'Add the step' }).click()
  await plan.getByText('Kick-off call').waitFor()

  // Chat: the buyer's message reaches the seller live, as text; the seller's answer reaches the buyer.
  await editor.getByText('No messages yet.').waitFor()
  const hostile = '<script>window.hacked = true</script> Can we start in January?'
  await page.getByLabel('Your name').fill('Bea Buyer')
  await page.getByLabel('Message').fill(hostile)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await editor.getByTestId('seller-chat-log').getByText(hostile).waitFor()
  await page.getByTestId('room-chat-log').getByText(hostile).waitFor()
  // Asked once: the name stays known.
  await page.getByLabel('Your name').waitFor({ state: 'detached' })

  await editor.getByLabel('Message').fill('Yes, January works.')
  await editor.getByRole('button', { name: 'Send', exact: true }).click()
  await page.getByTestId('room-chat-log').getByText('Yes, January works.').waitFor()
  expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined()
  expect(await page.getByTestId('room-chat-log').locator('script').count()).toBe(0)

  // All of it stays after a reload: it was stored, not only shown.
  await editor.reload()
  await editor.getByRole('checkbox', { name: '“Legal review” done', checked: true }).waitFor()
  await editor.getByTestId('seller-chat-log').getByText('Yes, January works.').waitFor()
})

it('asks for the invited email and the code before it opens a private room', async () => {
  const deal = await dealWithLines('Private deal')
  const email = `bea-${Math.random().toString(36).slice(2, 8)}@buyer.example`
  const room = await roomThroughApi(deal.id, { title: 'Private room', access: 'invited', invitedEmails: [email] })
  const page = await buyer()
  await page.goto(`/d/${room.publicId}`)
  await page.getByRole('heading', { level: 1, name: 'This sales room is private' }).waitFor()
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await page.getByText(`We sent a code to ${email} if this address is invited.`).waitFor()

  const [mail] = await harness.server.outbox(email)
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1] ?? ''
  expect(code).toMatch(/^\d{6}$/)
  await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Open the room' }).click()
  await page.getByText('This code is wrong or has expired').waitFor()
  await page.getByLabel('6-digit code').fill(code)
  await page.getByRole('button', { name: 'Open the room' }).click()
  await page.getByRole('heading', { level: 1, name: 'Private room' }).waitFor()
  // The pass cookie keeps the room open on the next visit.
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Private room' }).waitFor()
})

for (const mode of ['light', 'dark'] as const) {
  it(`finds no serious or critical accessibility problem in a sales room, ${mode} mode`, async () => {
    const deal = await dealWithLines(`Accessible deal ${mode}`)
    const room = await roomThroughApi(deal.id, {})
    const page = await buyer(mode)
    await page.goto(`/d/${room.publicId}`)
    await page.getByRole('heading', { level: 1, name: 'Acme × Closeroom' }).waitFor()
    await page.getByRole('heading', { name: 'Questions? Chat with Olivia Owner' }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(await violations(page)).toEqual([])
  })
}
