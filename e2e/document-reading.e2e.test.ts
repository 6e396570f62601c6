import type { Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, expect, it, onTestFinished } from 'vitest'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { form, pdfOfPages } from '../apps/server/src/testing/files.ts'
import { signIn } from './flows.ts'
import { CONTEXT_DEFAULTS, type Harness, startHarness } from './harness.ts'

// Document analytics as the issue asks for them: a buyer's time on a room's PDF is counted while the tab is
// visible, handed over when the tab hides, and still delivered when the buyer closes the tab without closing
// the viewer first. The seller is told, live, when a buyer first opens a document.

let harness: Harness
let seller: Client
beforeAll(async () => {
  harness = await startHarness()
})
// A seller of one's own per test: what one test's buyer opened (and the notifications it brought) is not the next's.
beforeEach(async () => {
  seller = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
})
afterAll(() => harness?.close())

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object | FormData) =>
  request(harness.server.app, seller, method, url, payload as object)

/** A published room for a new deal, showing `pdf` from the library as "Proposal". */
async function roomWithProposal(pdf: Buffer) {
  const deal = await buildDeal(harness.server.app, seller, { name: 'Acme rollout' })
  const room = await api('PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme × Closeroom', published: true })
  expect(room.statusCode, room.body).toBe(200)
  const file = await api('POST', '/api/library/files', form({ name: 'Proposal.pdf', bytes: pdf }))
  expect(file.statusCode, file.body).toBe(201)
  const shared = await api('POST', `/api/deals/${deal.id}/salesroom/documents/library`, { fileId: file.json().id })
  expect(shared.statusCode, shared.body).toBe(201)
  return { dealId: deal.id, publicId: room.json().publicId as string, fileId: file.json().id as string }
}

/** A signed-out buyer's tab on the room, its visit recorded. */
async function buyerOn(publicId: string): Promise<Page> {
  const context = await harness.browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: harness.server.url })
  onTestFinished(() => context.close())
  const buyer = await context.newPage()
  const visited = buyer.waitForResponse((r) => r.url().endsWith('/events') && r.request().method() === 'POST')
  await buyer.goto(`/d/${publicId}`)
  await visited
  return buyer
}

/**
 * Headless Chromium keeps every tab "visible" whatever is in front, so the tab switch is played as the browser
 * plays it: visibilityState turns to hidden and visibilitychange fires (and back).
 */
const setVisible = (page: Page, visible: boolean) =>
  page.evaluate((isVisible) => {
    if (isVisible) Reflect.deleteProperty(document, 'visibilityState')
    else Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
  }, visible)

const readingOf = async (dealId: string) => {
  const answer = await api('GET', `/api/deals/${dealId}/salesroom/documents/reading`)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json().documents[0] as { opens: number; ms: number }
}

it('counts a buyer’s reading while the tab is visible, not while it is hidden, and up to the tab being closed', async () => {
  const { dealId, publicId } = await roomWithProposal(await pdfOfPages(2))
  const buyer = await buyerOn(publicId)
  await buyer.getByRole('region', { name: 'Documents' }).getByRole('button', { name: 'Open “Proposal”', exact: true }).click()
  const viewer = buyer.getByRole('dialog', { name: 'Proposal' })
  await viewer.getByText('Page 1 of 2').waitFor()

  // A little over a second of reading, then the buyer switches to another tab: what was read is reported at once.
  await buyer.waitForTimeout(1200)
  const reported = buyer.waitForResponse((r) => r.url().endsWith('/pages') && r.request().method() === 'POST')
  await setVisible(buyer, false)
  expect((await reported).status()).toBe(200)
  const onHide = await readingOf(dealId)
  expect(onHide.opens).toBe(1)
  expect(onHide.ms).toBeGreaterThanOrEqual(1000)

  // Three seconds away in the other tab count for nothing; a little over a second more once back does.
  await buyer.waitForTimeout(3000)
  await setVisible(buyer, true)
  await buyer.waitForTimeout(1200)

  // The buyer closes the tab, the viewer still open: the last stretch arrives all the same.
  await buyer.close({ runBeforeUnload: true })
  await expect.poll(async () => (await readingOf(dealId)).ms, { timeout: 5000 }).toBeGreaterThanOrEqual(onHide.ms + 1000)
  const total = await readingOf(dealId)
  expect(total.opens).toBe(1)
  // Had the hidden three seconds counted, the total would pass 5.4 s.
  expect(total.ms).toBeLessThan(4500)
})

it('tells the seller, live, when a buyer first opens a document, and not again when they open it again', async () => {
  const { publicId } = await roomWithProposal(await pdfOfPages(1))
  const page = await harness.newPage()
  await signIn(page, seller.user.email, 'Olivia Owner')
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor()

  const buyer = await buyerOn(publicId)
  const open = buyer.getByRole('region', { name: 'Documents' }).getByRole('button', { name: 'Open “Proposal”', exact: true })
  await open.click()
  const sentence = 'Someone opened Proposal in the sales room of Acme rollout'
  await page.getByRole('alert').getByText(sentence).waitFor()
  await buyer.getByRole('dialog', { name: 'Proposal' }).getByRole('button', { name: 'Close the document' }).click()
  const opened = buyer.waitForResponse((r) => /\/documents\/[0-9a-f-]{36}\?visit=/.test(r.url()))
  await open.click()
  await opened
  await buyer.getByRole('dialog', { name: 'Proposal' }).getByText('Page 1 of 1').waitFor()

  const listed = await api('GET', '/api/notifications')
  const kinds = (listed.json().notifications as { kind: string }[]).map((n) => n.kind)
  expect(kinds.filter((kind) => kind === 'salesroom-document-opened')).toHaveLength(1)
  await page.getByRole('button', { name: /unread notification/ }).click()
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: new RegExp(sentence) })
    .waitFor()
})
