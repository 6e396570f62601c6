import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildProduct } from '../apps/server/src/testing/deals.ts'
import { buildMember, buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// A product's automations: an admin writes a rule in the browser, a buyer's form sets it off, the run shows with its log.

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

async function api<T = Record<string, unknown>>(
  client: Client | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
) {
  const response = await request(harness.server.app, client, method as 'GET', `/api${url}`, body)
  if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
  return response.json() as T
}

it("an admin writes a rule; a buyer's form sets it off; the run shows each action, and a failing one its error", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  await buildMember(harness.server.app, owner, { name: 'Sam Seller' })
  const product = await buildProduct(harness.server.app, owner, { name: 'Platform', price: 1_200_00, currency: 'EUR' })
  const room = await api<{ roomId: string }>(owner, 'PUT', `/products/${product.id}/room`, { published: true, eventTypeId: null })
  const inquire = (company: string) =>
    api(null, 'POST', `/public/products/${room.roomId}/inquiries`, { name: 'Bea Buyer', email: 'bea@acme.example', company })

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Olivia Owner')
  await page.goto(`/products/${product.id}`)
  await page.getByRole('link', { name: 'Automations' }).click()
  await page.getByRole('heading', { name: 'Automations · Platform', level: 1 }).waitFor()
  await page.getByText('No rule yet.', { exact: false }).waitFor()
  await page.getByText('No run yet.', { exact: false }).waitFor()

  await page.getByRole('button', { name: 'New rule' }).click()
  const editor = page.getByRole('dialog', { name: 'New rule' })
  await editor.getByLabel('Name').fill('New inquiry')
  // Saved with its stage left empty: the message sits under the stage, and nothing is saved.
  await editor.getByRole('button', { name: 'Save the rule' }).click()
  await editor.getByText('Required').waitFor()
  await editor.getByLabel('Stage').click()
  await page.getByRole('option', { name: 'Qualified' }).click()

  await editor.getByRole('button', { name: 'Add an action' }).click()
  await editor.getByLabel('Subject').fill('Thanks {{name}}')
  await editor.getByLabel('Email').fill('Hello {{name}}, we will call you about {{product}}.')
  await editor.getByRole('button', { name: 'Add an action' }).click()
  const third = editor.getByTestId('automation-action').nth(2)
  await third.getByLabel('Action', { exact: true }).click()
  await page.getByRole('option', { name: 'Notify a teammate' }).click()
  await third.getByLabel('Teammate').click()
  await page.getByRole('option', { name: 'Olivia Owner' }).click()
  await third.getByLabel('Message').fill('{{company}} asked about {{product}}')
  // The teammate hears of it before the buyer's email goes.
  await editor.getByRole('button', { name: 'Move action 3 up' }).click()
  expect(await violations(page)).toEqual([])
  await editor.getByRole('button', { name: 'Save the rule' }).click()
  await editor.waitFor({ state: 'detached' })

  const rule = page.getByTestId('automation-rule')
  await rule.getByText('When a buyer sends the product room’s form, then:').waitFor()
  expect(await rule.getByRole('listitem').allTextContents()).toEqual([
    'create a deal in Qualified',
    'notify Olivia Owner',
    'email “Thanks {{name}}” to the buyer',
  ])

  // The buyer sends the room's form: the notify action's toast comes, and the run shows as it ends.
  await inquire('Acme')
  await page.getByText('New inquiry: Acme asked about Platform').waitFor()
  const run = page.getByTestId('automation-run').filter({ hasText: 'Bea Buyer <bea@acme.example> · Acme' })
  await run.getByText('Succeeded').waitFor()
  await run.getByRole('button', { name: /Show the log/ }).click()
  const log = page.getByTestId('automation-run-log')
  await log.getByText(/Moved deal '.+' to Qualified/).waitFor()
  await log.getByText('Notified Olivia Owner').waitFor()
  await log.getByText("Sent 'Thanks Bea Buyer' to bea@acme.example").waitFor()
  const [mail] = await harness.server.outbox('bea@acme.example')
  expect(mail?.text).toBe('Hello Bea Buyer, we will call you about Platform.')

  // The stage goes: the next run stops at its first action and says why, in red.
  const stages = await api<{ stages: { id: string; name: string }[] }>(owner, 'GET', '/pipeline-stages')
  const [lead, qualified] = stages.stages
  await api(owner, 'DELETE', `/pipeline-stages/${qualified?.id}?moveTo=${lead?.id}`)
  await inquire('Globex')
  await page.reload()
  const failed = page.getByTestId('automation-run').filter({ hasText: 'Globex' })
  await failed.getByText('Failed').waitFor()
  await failed.getByRole('button', { name: /Show the log/ }).click()
  const error = page.getByText('The stage of this action no longer exists: choose another one in the rule')
  await error.waitFor()
  const [red, green, blue] = (await error.evaluate((node) => getComputedStyle(node).color)).match(/\d+/g)?.map(Number) ?? []
  expect(red).toBeGreaterThan((green ?? 0) + 60)
  expect(red).toBeGreaterThan((blue ?? 0) + 60)
  await page.getByTestId('automation-rule').getByText('create a deal in deleted').waitFor()
  expect(await violations(page)).toEqual([])
})
