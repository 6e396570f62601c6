import { readFile } from 'node:fs/promises'
import type { Agreement, Client as Contact } from '@closeroom/shared'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { onPdfFile, pdfSignatures, pdfText } from '../apps/server/src/modules/agreements/pdf/testing.ts'
import { tokenOf } from '../apps/server/src/testing/agreements.ts'
import { buildProduct } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { dragWithMouse } from './drag.ts'
import { choose, drawn, drawOn, signIn, tabTo } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// The whole close of a deal, through the real UI, each person in a browser of their own: the seller makes the
// deal's order form, places a signature for the buyer and for a colleague of hers with the mouse and sends it
// to them one after the other; the buyer signs inside the deal's sales room, where her emailed link leads, her
// colleague from his plain signing link with a typed signature; the seller's page, left open, follows each step
// live, and the sealed PDF it downloads passes pdfsig and qpdf as any reader would check it. The pieces have their own tests
// (agreements.e2e.test.ts, signing.e2e.test.ts); this one is about their joints.

let harness: Harness
let seller: Client

beforeAll(async () => {
  harness = await startHarness()
  seller = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
})
afterAll(() => harness?.close())

async function api<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> {
  const res = await request(harness.server.app, seller, method, url, payload)
  expect(res.statusCode, res.body).toBeLessThan(300)
  return res.json() as T
}

it('a deal’s order form is made, placed, signed in order in the sales room and from a link, watched live and sealed', async () => {
  // The deal: its client is the buyer, and it has a published sales room.
  const product = await buildProduct(harness.server.app, seller, { name: 'Seat licence', price: 49_00, currency: 'EUR' })
  const buyer = await api<Contact>('POST', '/api/clients', { name: 'Bea Buyer', email: 'bea@acme.test', company: 'Acme' })
  const deal = await api<{ id: string }>('POST', '/api/deals', {
    name: 'Acme rollout',
    company: 'Acme',
    amount: 147_00,
    contactIds: [buyer.id],
    lines: [{ productId: product.id, quantity: 3 }],
  })
  const room = await harness.server.app.inject({
    method: 'PUT',
    url: `/api/deals/${deal.id}/salesroom`,
    headers: { cookie: seller.cookie },
    payload: { title: 'Acme × Closeroom', welcome: 'Welcome, Acme team', published: true },
  })
  expect(room.statusCode, room.body).toBe(200)
  const { publicId } = room.json() as { publicId: string }

  // 1. The seller makes the order form from the deal's page; the deal's client is its first signer already.
  const sender = await harness.newPage()
  await signIn(sender, seller.user.email, 'Olivia Owner')
  await sender.goto(`/deals/${deal.id}`)
  await sender.getByRole('region', { name: 'Agreements' }).getByRole('button', { name: 'Create order form' }).click()
  await sender.getByRole('heading', { level: 1, name: 'Order form: Acme rollout' }).waitFor()
  const id = new URL(sender.url()).pathname.split('/')[2] ?? ''
  const sheet = sender.getByRole('group', { name: 'Page 1 of 1' })
  await expect.poll(() => drawn(sheet)).toBe(true)

  const recipients = sender.getByRole('region', { name: 'Recipients' })
  await expect.poll(() => recipients.getByLabel('Email').first().inputValue()).toBe('bea@acme.test')
  await recipients.getByRole('radio', { name: 'One after the other' }).check()
  await recipients.getByRole('button', { name: 'Add recipient' }).click()
  await recipients.getByLabel('Name').last().fill('Carl Counsel')
  await recipients.getByLabel('Email').last().fill('carl@acme.test')
  expect(await recipients.getByText(/Signs in position \d/).allTextContents()).toEqual(['Signs in position 1', 'Signs in position 2'])

  // A signature for each, dragged from the palette with the mouse: Bea's above Carl's.
  const fields = sender.getByRole('region', { name: 'Fields' })
  const ready = sheet.locator('[data-drop-target]')
  await choose(sender, fields, 'Fields for', 'Bea Buyer')
  await dragWithMouse(sender, fields.getByRole('button', { name: 'Add a Signature field' }), sheet, { ready, at: 0.55 })
  await sheet.getByRole('button', { name: 'Signature for Bea Buyer' }).waitFor()
  await choose(sender, fields, 'Fields for', 'Carl Counsel')
  await dragWithMouse(sender, fields.getByRole('button', { name: 'Add a Signature field' }), sheet, { ready, at: 0.8 })
  await sheet.getByRole('button', { name: 'Signature for Carl Counsel' }).waitFor()

  await sender.getByRole('button', { name: 'Send' }).click()
  const confirm = sender.getByRole('dialog', { name: 'Send this agreement?' })
  await confirm.getByRole('button', { name: 'Send' }).click()
  const statusOf = (name: string) => recipients.getByRole('listitem').filter({ hasText: name })
  await statusOf('Bea Buyer').getByText('Sent', { exact: true }).waitFor()
  await statusOf('Carl Counsel').getByText('Not sent', { exact: true }).waitFor()
  // What was sent is what was placed: one signature each, in that order.
  const sent = await api<Agreement>('GET', `/api/agreements/${id}`)
  expect(sent.signingOrder).toBe('sequential')
  expect(sent.recipients.map((r) => [r.email, r.order])).toEqual([
    ['bea@acme.test', 1],
    ['carl@acme.test', 2],
  ])
  expect(sent.fields.map((f) => [f.recipient, f.type])).toEqual([
    ['bea@acme.test', 'signature'],
    ['carl@acme.test', 'signature'],
  ])

  const navigations = countNavigations(sender)

  // 2. Bea follows the link in her email, which opens the deal's sales room (the seller's page shows the same
  // link beside her signing link), and signs there, drawing with the mouse.
  const [invitation] = await harness.server.outbox('bea@acme.test')
  const emailed = new URL(invitation?.text.match(/https?:\/\/\S+/)?.[0] ?? '')
  const beasLink = await statusOf('Bea Buyer').getByRole('textbox', { name: 'Signing link' }).inputValue()
  expect(emailed.pathname + emailed.search).toBe(`/d/${publicId}?sign=${tokenOf(beasLink)}`)
  expect(await statusOf('Bea Buyer').getByRole('textbox', { name: 'Sales room link' }).inputValue()).toBe(emailed.href)
  const bea = await harness.newPage()
  await bea.goto(emailed.pathname + emailed.search)
  await bea.getByRole('heading', { level: 1, name: 'Acme × Closeroom' }).waitFor()
  const panel = bea.getByRole('region', { name: 'Sign the agreement: Order form: Acme rollout' })
  await panel.getByRole('button', { name: 'Signature, required, page 1' }).waitFor()
  await drawOn(bea, panel.getByTestId('signature-canvas'))
  await panel.getByRole('button', { name: 'Signature, required, page 1' }).locator('img').waitFor()
  await panel.getByRole('button', { name: 'Finish' }).click()
  await bea.getByRole('dialog', { name: 'Sign the agreement?' }).getByRole('button', { name: 'Sign', exact: true }).click()
  await bea.getByRole('heading', { name: 'You have signed' }).waitFor()

  // 3. The seller's page, never reloaded, follows: Bea signed, Carl's turn.
  await statusOf('Bea Buyer').getByText('Signed', { exact: true }).waitFor()
  await statusOf('Carl Counsel').getByText('Sent', { exact: true }).waitFor()

  // 4. Carl signs from his own link by keyboard: Type, his name as written, Enter to finish, Sign.
  const carlsLink = statusOf('Carl Counsel').getByRole('textbox', { name: 'Signing link' })
  await carlsLink.waitFor()
  const carl = await harness.newPage()
  await carl.goto(new URL(await carlsLink.inputValue(), harness.server.url).pathname)
  await carl.getByRole('heading', { level: 1, name: 'Order form: Acme rollout' }).waitFor()
  const signature = carl.getByRole('button', { name: 'Signature, required, page 1' })
  await tabTo(carl, signature)
  await carl.keyboard.press('Enter')
  const carlsFields = carl.getByRole('region', { name: 'Your fields' })
  await expect.poll(() => carlsFields.getByRole('tab', { name: 'Draw' }).evaluate((tab) => tab === document.activeElement)).toBe(true)
  await carl.keyboard.press('ArrowRight')
  await carlsFields.getByRole('tab', { name: 'Type', selected: true }).waitFor()
  await carl.keyboard.press('Tab')
  const typed = carlsFields.getByLabel('Your name, as you sign it')
  expect(await typed.evaluate((input) => input === document.activeElement)).toBe(true)
  await carl.keyboard.press('ControlOrMeta+A')
  await carl.keyboard.type('Carl J. Counsel')
  expect(await typed.inputValue()).toBe('Carl J. Counsel')
  await carl.getByRole('region', { name: 'The agreement' }).locator('img').waitFor()
  await carl.keyboard.press('Enter')
  const sign = carl.getByRole('dialog', { name: 'Sign the agreement?' }).getByRole('button', { name: 'Sign', exact: true })
  await tabTo(carl, sign)
  await carl.keyboard.press('Enter')
  await carl.getByRole('heading', { level: 1, name: 'This agreement is complete' }).waitFor()

  // 5. The seller's page says Completed, live, and serves the sealed PDF.
  await statusOf('Carl Counsel').getByText('Signed', { exact: true }).waitFor()
  await sender.getByRole('status').getByText('Completed').waitFor()
  const link = sender.getByRole('link', { name: 'Download signed PDF' })
  await link.waitFor({ timeout: 30_000 })
  expect(navigations()).toBe(0)
  const saving = sender.waitForEvent('download')
  await link.click()
  const download = await saving
  expect(download.suggestedFilename()).toMatch(/\.pdf$/)
  const file = await download.path()
  const pdf = new Uint8Array(await readFile(file))

  // One valid signature over the whole file, as poppler's pdfsig reads it; and qpdf finds nothing wrong.
  const signatures = await pdfSignatures(pdf)
  expect(signatures).toEqual([
    expect.objectContaining({
      'Signature Type': 'ETSI.CAdES.detached',
      'Total document signed': 'yes',
      'Signature Validation': 'Signature is Valid.',
    }),
  ])
  expect(signatures[0]?.['Signed Ranges']).toMatch(new RegExp(`^\\[0 - \\d+\\], \\[\\d+ - ${pdf.length}\\]$`))
  const check = await onPdfFile(pdf, 'qpdf', (path) => ['--check', path])
  expect(check).toMatchObject({ code: 0, stderr: '' })
  expect(check.stdout).toContain('No syntax or stream encoding errors found')
  // The certificate page after the order form names both signers.
  const certificate = await pdfText(pdf, { page: 2 })
  expect(certificate).toContain('Certificate of completion')
  expect(certificate).toContain('bea@acme.test')
  expect(certificate).toContain('carl@acme.test')
})

/** Counts the page's own navigations from now on (a reload or a new address): a live page has none. */
function countNavigations(page: Page) {
  let count = 0
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) count++
  })
  return () => count
}
