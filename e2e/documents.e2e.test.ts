import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client } from '../apps/server/src/testing/factories.ts'
import { PDF } from '../apps/server/src/testing/files.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { CONTEXT_DEFAULTS, type Harness, startHarness } from './harness.ts'

// A document in a deal's sales room: the seller uploads a PDF in the editor, the buyer (signed out) finds it
// on /d/:id, opens and downloads it, and the seller's engagement says so.

let harness: Harness
let seller: Client

beforeAll(async () => {
  harness = await startHarness()
  seller = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
})
afterAll(() => harness?.close())

it('the seller shares a PDF in the room; the buyer opens and downloads it; the seller sees both', async () => {
  const deal = await buildDeal(harness.server.app, seller, { name: 'Acme rollout' })
  const room = await harness.server.app.inject({
    method: 'PUT',
    url: `/api/deals/${deal.id}/salesroom`,
    headers: { cookie: seller.cookie },
    payload: { title: 'Acme × Closeroom', published: true },
  })
  expect(room.statusCode, room.body).toBe(200)
  const { publicId } = room.json() as { publicId: string }

  const editor = await harness.newPage()
  await signIn(editor, seller.user.email, 'Olivia Owner')
  await editor.goto(`/deals/${deal.id}/room`)
  const card = editor.getByRole('region', { name: 'Documents' })
  await card.getByText('No documents yet.', { exact: false }).waitFor()

  // The file chooser the button opens takes the PDF; it uploads at once, titled by its name.
  const chooser = editor.waitForEvent('filechooser')
  await card.getByRole('button', { name: 'Choose files' }).click()
  await (await chooser).setFiles({ name: 'Proposal Q3.pdf', mimeType: 'application/pdf', buffer: PDF })
  await card.getByRole('link', { name: 'Open “Proposal Q3”' }).waitFor()
  await card.getByText(/Proposal Q3\.pdf · PDF · \d+\s?B/).waitFor()
  expect(await violations(editor, '[aria-labelledby="room-documents-title"]')).toEqual([])

  // A better title, in place.
  await card.getByRole('button', { name: 'Edit “Proposal Q3”' }).click()
  await card.getByLabel('Document title').fill('Our proposal')
  await card.getByRole('button', { name: 'Save' }).click()
  await card.getByRole('link', { name: 'Open “Our proposal”' }).waitFor()

  // The buyer, signed out, in a browser of their own.
  const context = await harness.browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: harness.server.url })
  onTestFinished(() => context.close())
  const page = await context.newPage()
  const visited = page.waitForResponse((r) => r.url().endsWith('/events') && r.request().method() === 'POST')
  await page.goto(`/d/${publicId}`)
  const documents = page.getByRole('region', { name: 'Documents' })
  await documents.getByText('Our proposal').waitFor()
  await documents.getByText(/PDF · \d+\s?B/).waitFor()
  await visited
  expect(await violations(page, '[aria-labelledby="room-documents"]')).toEqual([])

  // Open: the PDF in the room's own viewer, read from the room's address.
  const opened = context.waitForEvent('response', (r) => r.url().includes('/documents/') && !r.url().includes('download=1'))
  await documents.getByRole('button', { name: 'Open “Our proposal”', exact: true }).click()
  const openedResponse = await opened
  expect(openedResponse.status()).toBe(200)
  expect(openedResponse.headers()['content-type']).toBe('application/pdf')
  const viewer = page.getByRole('dialog', { name: 'Our proposal' })
  await viewer.getByText('Page 1 of 1').waitFor()
  await viewer.getByRole('button', { name: 'Close the document' }).click()
  await viewer.waitFor({ state: 'detached' })

  // Download: the browser saves it under its name.
  const download = page.waitForEvent('download')
  await documents.getByRole('link', { name: 'Download “Our proposal”' }).click()
  expect((await download).suggestedFilename()).toBe('Proposal Q3.pdf')

  // The seller's engagement, live: the buyer opened and downloaded it.
  const visits = editor.getByRole('table', { name: 'Engagement' })
  await visits.getByRole('cell', { name: 'Our proposal (opened, downloaded)' }).waitFor()

  // Deleting asks first, then the buyer's page no longer lists it.
  await card.getByRole('button', { name: 'Remove “Our proposal”' }).click()
  await editor.getByRole('dialog', { name: 'Delete “Our proposal”?' }).getByRole('button', { name: 'Delete' }).click()
  await card.getByText('No documents yet.', { exact: false }).waitFor()
  await documents.waitFor({ state: 'detached' })
})
