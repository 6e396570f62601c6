import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember, buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../apps/server/src/testing/webhook-receiver.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// The webhooks section of the admin settings: an admin adds an endpoint, copies its secret (shown once), sends a
// test event to a real server and reads the attempt in the delivery log.

const PATH = '/admin-settings/crm-integrations'
let harness: Harness
let receiver: WebhookReceiver
let owner: Client

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  harness = await startHarness({ env: { ALLOW_PRIVATE_TARGETS: '127.0.0.1', WEBHOOK_TIMEOUT_SECONDS: '1' } })
  owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
})
afterAll(async () => {
  await harness?.close()
  await receiver?.close()
})

/** What the reader sees, for a person to look at. */
const screenshot = (page: Page, name: string) => page.screenshot({ path: `/tmp/closeroom-webhooks-${name}.png`, fullPage: true })

/** A signed-in page, dark or light, at this width. */
async function pageAs(options: { dark?: boolean; width?: number } = {}) {
  const page = await harness.newPage({ viewport: { width: options.width ?? 1280, height: 900 } })
  if (options.dark) await page.context().addCookies([{ name: 'themeMode', value: 'dark', url: harness.server.url }])
  await signIn(page, owner.user.email, 'Olivia Owner')
  return page
}

it('an admin adds an endpoint, sees its secret once, sends a test event and reads the attempt in the log', async () => {
  const page = await pageAs()
  await page.goto(PATH)
  await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor()
  await page.getByText('No endpoints yet.', { exact: false }).waitFor()
  expect(await violations(page)).toEqual([])

  await page.getByRole('button', { name: 'Add endpoint' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' })
  await dialog.getByLabel('Endpoint URL').fill(`${receiver.base}/crm`)
  await dialog.getByLabel('Description').fill('Our CRM')
  // No event chosen: the form says so and sends nothing.
  await dialog.getByRole('button', { name: 'Add endpoint' }).click()
  await dialog.getByText('Choose at least one event').waitFor()
  await dialog.getByRole('group', { name: 'Deals' }).getByLabel('Deal won').check()
  await dialog.getByRole('group', { name: 'Bookings' }).getByLabel('Booking created').check()
  expect(await violations(page)).toEqual([])
  await screenshot(page, 'dialog')
  await dialog.getByRole('button', { name: 'Add endpoint' }).click()

  const secretDialog = page.getByRole('dialog', { name: 'The endpoint’s signing secret' })
  const secret = (await secretDialog.getByTestId('webhook-secret').innerText()).trim()
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
  expect(await violations(page)).toEqual([])
  await screenshot(page, 'secret')
  await secretDialog.getByRole('button', { name: 'I have copied it' }).click()
  await secretDialog.waitFor({ state: 'detached' })

  const card = page.getByTestId('webhook-endpoint').filter({ hasText: `${receiver.base}/crm` })
  await card.getByText('Our CRM').waitFor()
  await card.getByText('Deal won').waitFor()
  await card.getByText('Active').waitFor()
  // Shown once: neither the page nor a reload shows it again.
  expect(await page.content()).not.toContain(secret)
  await page.reload()
  await card.waitFor()
  expect(await page.content()).not.toContain(secret)

  await card.getByRole('button', { name: 'Send test event' }).click()
  const ping = await receiver.next('/crm')
  // Verified by the standardwebhooks package with the secret the admin copied.
  expect(new Webhook(secret).verify(ping.body, ping.headers as Record<string, string>)).toMatchObject({ type: 'ping' })
  const delivery = card.getByTestId('webhook-delivery').filter({ hasText: 'Test event' })
  await delivery.getByText('Delivered').waitFor()
  await delivery.getByText(/HTTP 200/).waitFor()
  await delivery.getByRole('button', { name: /Show the attempts of Test event/ }).click()
  const attempts = card.getByTestId('webhook-attempts')
  await attempts.getByRole('button', { name: 'Redeliver' }).waitFor()
  await attempts.getByText('"type":"ping"', { exact: false }).waitFor()
  expect(await violations(page)).toEqual([])
  await screenshot(page, 'log-light')

  // Paused from its menu, it says so.
  await card.getByRole('button', { name: `More actions for ${receiver.base}/crm` }).click()
  await page.getByRole('menuitem', { name: 'Pause' }).click()
  await card.getByText('Paused', { exact: true }).waitFor()
  await card.getByRole('button', { name: `More actions for ${receiver.base}/crm` }).click()
  await page.getByRole('menuitem', { name: 'Resume' }).click()
  await card.getByText('Active', { exact: true }).waitFor()
})

it('tells a redirect, a timeout, an error status and a closed port apart in the log, in the reader’s language', async () => {
  receiver.answer('/moved', (res) => res.writeHead(302, { location: `${receiver.base}/elsewhere` }).end())
  receiver.answer('/slow', () => {})
  receiver.answer('/broken', (res) => res.writeHead(500).end('broken'))
  const closed = createServer()
  await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done))
  const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/gone`
  await new Promise((done) => closed.close(done))
  const cases = [
    [`${receiver.base}/moved`, 'HTTP 302 · Redirection non suivie'],
    [`${receiver.base}/slow`, 'Pas de réponse à temps'],
    [`${receiver.base}/broken`, 'HTTP 500'],
    [gone, 'Connexion impossible'],
  ] as const
  for (const [url] of cases) {
    const res = await request(harness.server.app, owner, 'POST', '/api/webhooks/endpoints', { url, events: ['deal.created'] })
    expect(res.statusCode, res.body).toBe(201)
  }
  const page = await pageAs()
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'fr'))
  await page.context().addCookies([{ name: 'language', value: 'fr', url: harness.server.url }])
  await page.goto(PATH)
  for (const [url, outcome] of cases) {
    const card = page.getByTestId('webhook-endpoint').filter({ hasText: url })
    await card.getByRole('button', { name: 'Envoyer un événement de test' }).click()
    const delivery = card.getByTestId('webhook-delivery').first()
    await delivery.getByText('Échoué').waitFor()
    await delivery.getByText(outcome, { exact: false }).waitFor()
  }
  expect(await violations(page)).toEqual([])
  await screenshot(page, 'failures-fr')
})

it('reads well in dark mode, on a phone and in Arabic', async () => {
  const dark = await pageAs({ dark: true })
  await dark.goto(PATH)
  const card = dark.getByTestId('webhook-endpoint').first()
  await card.getByRole('button', { name: 'Delivery log' }).click()
  await card.getByTestId('webhook-delivery').first().getByRole('button').click()
  await card.getByTestId('webhook-attempts').waitFor()
  expect(await violations(dark)).toEqual([])
  await screenshot(dark, 'log-dark')

  const phone = await pageAs({ width: 390 })
  await phone.goto(PATH)
  await phone.getByTestId('webhook-endpoint').first().getByRole('button', { name: 'Delivery log' }).click()
  await phone.getByTestId('webhook-delivery').first().waitFor()
  await screenshot(phone, 'phone')

  const arabic = await pageAs()
  await arabic.evaluate(() => localStorage.setItem('i18nextLng', 'ar'))
  await arabic.context().addCookies([{ name: 'language', value: 'ar', url: harness.server.url }])
  await arabic.goto(PATH)
  await arabic.getByRole('heading', { name: 'خطافات الويب' }).waitFor()
  expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl')
  await arabic.getByTestId('webhook-endpoint').first().getByRole('button', { name: 'سجل الإرسال' }).click()
  await arabic.getByTestId('webhook-delivery').first().waitFor()
  expect(await violations(arabic)).toEqual([])
  await screenshot(arabic, 'arabic')
})

it('is for owners and admins only', async () => {
  const member = await buildMember(harness.server.app, owner, { name: 'Maya Member' })
  const page = await harness.newPage()
  await signIn(page, member.user.email, 'Maya Member')
  await page.goto(PATH)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  expect(await page.getByRole('heading', { name: 'Webhooks' }).count()).toBe(0)
  expect(await page.getByRole('button', { name: 'Add endpoint' }).count()).toBe(0)
})
