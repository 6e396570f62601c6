import { readFile } from 'node:fs/promises'
import type { Agreement } from '@closeroom/shared'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { samplePdf } from '../apps/server/src/modules/agreements/pdf/testing.ts'
import { sentAgreement, signAs, tokenOf, uploadAgreement } from '../apps/server/src/testing/agreements.ts'
import { buildDeal, buildProduct } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client } from '../apps/server/src/testing/factories.ts'
import { HTML } from '../apps/server/src/testing/files.ts'
import { violations } from './axe.ts'
import { dragWithMouse, dragWithTouch } from './drag.ts'
import { choose, drawn, signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// A deal closes with a signed document: the seller makes the deal's order form, places the signers' fields on
// its page with the mouse and with the keyboard, sends it to two signers one after the other, and watches them
// sign (through the public signing API: the signing page has its own test) until the sealed PDF downloads.
// Accessibility is checked on the page's own content: the toasts and the app bar are the shell's.

let harness: Harness
let seller: Client

beforeAll(async () => {
  harness = await startHarness()
  seller = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
})
afterAll(() => harness?.close())

const api = async (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) => {
  const res = await harness.server.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} })
  expect(res.statusCode, res.body).toBeLessThan(300)
  return res.json()
}

/** A field's place on its page, in fractions of the page as drawn. */
async function placeOf(field: Locator, page: Locator) {
  const [box, frame] = await Promise.all([field.boundingBox(), page.boundingBox()])
  if (!box || !frame) throw new Error('the field or its page is not on screen')
  return { x: (box.x - frame.x) / frame.width, y: (box.y - frame.y) / frame.height, width: box.width / frame.width }
}

/** Switches the page's colour scheme and waits for the theme to have followed (the body's background changes). */
async function inMode(page: Page, colorScheme: 'light' | 'dark') {
  const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  await page.emulateMedia({ colorScheme })
  await page.waitForFunction((was) => getComputedStyle(document.body).backgroundColor !== was, before)
}

/** Signs as the recipient whose link is `signingUrl`, as their signing page would: a typed signature. */
async function signThrough(signingUrl: string, name: string) {
  const signed = await signAs(harness.server.app, tokenOf(signingUrl), name)
  expect(signed.statusCode, signed.body).toBe(200)
}

it('the seller makes a deal’s order form, places two signers’ fields, sends in order and watches it signed and sealed', async () => {
  const product = await buildProduct(harness.server.app, seller, { name: 'Seat licence', price: 49_00, currency: 'EUR' })
  const deal = await buildDeal(harness.server.app, seller, { name: 'Acme rollout', lines: [{ productId: product.id, quantity: 3 }] })
  const page = await harness.newPage()
  await signIn(page, seller.user.email, 'Olivia Owner')

  // From the deal: its agreements card makes the order form and opens it.
  await page.goto(`/deals/${deal.id}`)
  const card = page.getByRole('region', { name: 'Agreements' })
  await card.getByText('No agreement for this deal yet.', { exact: false }).waitFor()
  await card.getByRole('button', { name: 'Create order form' }).click()
  await page.getByRole('heading', { level: 1, name: 'Order form: Acme rollout' }).waitFor()
  const id = new URL(page.url()).pathname.split('/')[2] ?? ''
  const sheet = page.getByRole('group', { name: 'Page 1 of 1' })
  await expect.poll(() => drawn(sheet)).toBe(true)

  // Two signers, one after the other.
  const recipients = page.getByRole('region', { name: 'Recipients' })
  await recipients.getByRole('radio', { name: 'One after the other' }).check()
  for (const [name, email] of [
    ['Bea Buyer', 'bea@example.com'],
    ['Cara Counsel', 'cara@example.com'],
  ]) {
    await recipients.getByRole('button', { name: 'Add recipient' }).click()
    await recipients
      .getByLabel('Name')
      .last()
      .fill(name as string)
    await recipients
      .getByLabel('Email')
      .last()
      .fill(email as string)
  }
  expect(await recipients.getByText(/Signs in position \d/).allTextContents()).toEqual(['Signs in position 1', 'Signs in position 2'])

  // With the mouse: a signature for each, dragged from the palette onto the page.
  const fields = page.getByRole('region', { name: 'Fields' })
  const ready = sheet.locator('[data-drop-target]')
  await choose(page, fields, 'Fields for', 'Bea Buyer')
  await dragWithMouse(page, fields.getByRole('button', { name: 'Add a Signature field' }), sheet, { ready, at: 0.3 })
  const beas = sheet.getByRole('button', { name: 'Signature for Bea Buyer' })
  await beas.waitFor()
  await choose(page, fields, 'Fields for', 'Cara Counsel')
  await dragWithMouse(page, fields.getByRole('button', { name: 'Add a Signature field' }), sheet, { ready, at: 0.7 })
  const caras = sheet.getByRole('button', { name: 'Signature for Cara Counsel' })
  await caras.waitFor()
  const [bea, cara] = [await placeOf(beas, sheet), await placeOf(caras, sheet)]
  expect(cara.y).toBeGreaterThan(bea.y + 0.05)

  // With the keyboard: pressed from the palette, then moved and widened with the arrows.
  await fields.getByRole('button', { name: 'Add a Date signed field' }).focus()
  await page.keyboard.press('Enter')
  const dated = sheet.getByRole('button', { name: 'Date signed for Cara Counsel' })
  await expect.poll(() => dated.evaluate((element) => element === document.activeElement)).toBe(true)
  for (let step = 0; step < 10; step++) await page.keyboard.press('ArrowRight')
  for (let step = 0; step < 20; step++) await page.keyboard.press('ArrowDown')
  for (let step = 0; step < 5; step++) await page.keyboard.press('Shift+ArrowRight')
  await page.getByRole('status').filter({ hasText: 'Date signed on page 1, 20% from the left, 40% from the top, 23% wide' }).waitFor()
  const date = await placeOf(dated, sheet)
  expect(date.x).toBeCloseTo(0.2, 2)
  expect(date.width).toBeCloseTo(0.23, 2)

  expect(await violations(page, 'main')).toEqual([])
  // Checked as first seen, from the top: text scrolled under the translucent app bar is not what anyone reads.
  await page.evaluate(() => window.scrollTo(0, 0))
  await inMode(page, 'dark')
  expect(await violations(page, 'main')).toEqual([])
  await inMode(page, 'light')

  // Saved as page fractions, each field with its signer.
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByText('All changes saved').waitFor()
  const saved: Agreement = await api('GET', `/api/agreements/${id}`, undefined, seller.cookie)
  expect(saved.signingOrder).toBe('sequential')
  expect(saved.recipients.map((r) => [r.email, r.order])).toEqual([
    ['bea@example.com', 1],
    ['cara@example.com', 2],
  ])
  expect(saved.fields.map((f) => [f.recipient, f.type, f.page])).toEqual([
    ['bea@example.com', 'signature', 1],
    ['cara@example.com', 'signature', 1],
    ['cara@example.com', 'date', 1],
  ])
  expect(saved.fields[2]?.x).toBeCloseTo(0.2, 6)
  expect(saved.fields[0]?.x).toBeCloseTo(bea.x, 2)

  // Sent: Bea's turn first.
  await page.getByRole('button', { name: 'Send' }).click()
  const confirm = page.getByRole('dialog', { name: 'Send this agreement?' })
  await confirm.getByText('The first recipient gets an email', { exact: false }).waitFor()
  await confirm.getByRole('button', { name: 'Send' }).click()
  const statusOf = (name: string) => page.getByRole('region', { name: 'Recipients' }).getByRole('listitem').filter({ hasText: name })
  await statusOf('Bea Buyer').getByText('Sent', { exact: true }).waitFor()
  await statusOf('Cara Counsel').getByText('Not sent', { exact: true }).waitFor()
  await page.getByRole('region', { name: 'Audit log' }).getByText('Sent', { exact: true }).waitFor()
  expect(await violations(page, 'main')).toEqual([])

  // They sign in turn; the page follows live.
  const sent: Agreement = await api('GET', `/api/agreements/${id}`, undefined, seller.cookie)
  const link = await statusOf('Bea Buyer').getByRole('textbox', { name: 'Signing link' }).inputValue()
  expect(link).toBe(sent.recipients[0]?.signingUrl)
  await signThrough(link, 'Bea Buyer')
  await statusOf('Bea Buyer').getByText('Signed', { exact: true }).waitFor()
  await statusOf('Cara Counsel').getByText('Sent', { exact: true }).waitFor()
  const invited: Agreement = await api('GET', `/api/agreements/${id}`, undefined, seller.cookie)
  await signThrough(invited.recipients[1]?.signingUrl ?? '', 'Cara Counsel')
  await statusOf('Cara Counsel').getByText('Signed', { exact: true }).waitFor()
  await page.getByRole('status').getByText('Completed').waitFor()

  // Once sealed, the signed PDF downloads.
  const download = page.getByRole('link', { name: 'Download signed PDF' })
  await download.waitFor({ timeout: 30_000 })
  const saving = page.waitForEvent('download')
  await download.click()
  const file = await (await saving).path()
  const bytes = await readFile(file)
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  expect(bytes.includes('ETSI.CAdES.detached')).toBe(true)
  await inMode(page, 'dark')
  expect(await violations(page, 'main')).toEqual([])

  // The deal's page lists it, completed.
  await page.goto(`/deals/${deal.id}`)
  await page
    .getByRole('region', { name: 'Agreements' })
    .getByRole('listitem')
    .filter({ hasText: 'Order form: Acme rollout' })
    .getByText('Completed')
    .waitFor()
  // Its timeline tells each step and who took it (in whatever order the seal job and the last signature landed);
  // names and titles come isolated for right-to-left lines, which the reader does not see.
  const steps = page
    .getByRole('list', { name: 'Timeline' })
    .getByRole('listitem')
    .filter({ hasText: 'Order form: Acme rollout' })
    .locator('p:first-child')
  await expect
    .poll(async () => (await steps.allTextContents()).map((line) => line.replace(/[\u2068\u2069]/g, '')).sort())
    .toEqual(
      [
        'Everyone signed “Order form: Acme rollout”',
        'Cara Counsel signed “Order form: Acme rollout”',
        'Cara Counsel opened “Order form: Acme rollout”',
        'Bea Buyer signed “Order form: Acme rollout”',
        'Bea Buyer opened “Order form: Acme rollout”',
        'Olivia Owner sent “Order form: Acme rollout” for signature',
        'Olivia Owner created the agreement “Order form: Acme rollout”',
      ].sort(),
    )
})

it('an upload that is not a PDF is refused in words that say what to do; a PDF opens in the editor', async () => {
  // An organization of its own, so its list starts empty.
  const owner = await buildOwner(harness.server.app, { name: 'Uma Uploader' })
  await buildDeal(harness.server.app, owner, { name: 'Globex pilot' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Uma Uploader')

  // The empty list says how to start.
  await page.goto('/agreements')
  await page.getByText('No agreement yet.', { exact: false }).waitFor()
  expect(await violations(page, 'main')).toEqual([])
  await inMode(page, 'dark')
  expect(await violations(page, 'main')).toEqual([])
  await inMode(page, 'light')
  await page.getByRole('button', { name: 'New agreement' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New agreement' })
  await dialog.getByRole('button', { name: 'Choose a PDF' }).waitFor()
  expect(await violations(page, '[role="dialog"]')).toEqual([])
  await dialog.getByRole('combobox', { name: 'Deal (optional)' }).fill('Globex')
  await page.getByRole('option', { name: 'Globex pilot' }).click()

  // A file that is not a PDF, whatever its name, is refused in words that say what to do; a PDF opens the editor.
  const upload = async (name: string, buffer: Buffer) => {
    const chooser = page.waitForEvent('filechooser')
    await dialog.getByRole('button', { name: 'Choose a PDF' }).click()
    await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer })
  }
  await upload('Globex MSA.pdf', HTML)
  await dialog.getByText('This file is not a PDF. Choose a PDF file.').waitFor()
  await upload('Globex MSA.pdf', Buffer.from(await samplePdf(1)))
  await page.getByRole('heading', { level: 1, name: 'Globex MSA' }).waitFor()
  await expect.poll(() => drawn(page.getByRole('group', { name: 'Page 1 of 1' }))).toBe(true)

  // Kept as a template, it starts the next agreement.
  await page.getByRole('button', { name: 'Save as template' }).click()
  await page.getByText('Saved as a template').waitFor()
  await page.getByRole('link', { name: 'Back to agreements' }).click()
  await page.getByRole('row').filter({ hasText: 'Globex MSA' }).getByRole('link', { name: 'Globex pilot' }).waitFor()
  await page.getByRole('tab', { name: 'Templates' }).click()
  await page.getByRole('row').filter({ hasText: 'Globex MSA' }).getByText('Template').waitFor()
  await page.getByRole('button', { name: 'New agreement' }).first().click()
  await dialog.getByRole('radio', { name: 'A saved template' }).check()
  await choose(page, dialog, 'Template', 'Globex MSA')
  await dialog.getByLabel('Title').fill('Globex MSA, second site')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await page.getByRole('heading', { level: 1, name: 'Globex MSA, second site' }).waitFor()
})

it('in Arabic the pages read right to left, while a field keeps its place on the page', async () => {
  const deal = await buildDeal(harness.server.app, seller, { name: 'صفقة أكمي' })
  const created = await uploadAgreement(harness.server.app, seller, { pages: 1, title: 'نموذج طلب', dealId: deal.id })
  const patch = await harness.server.app.inject({
    method: 'PATCH',
    url: `/api/agreements/${created.id}`,
    headers: { cookie: seller.cookie },
    payload: {
      recipients: [{ name: 'Bea Buyer', email: 'bea@example.com', role: 'signer' }],
      fields: [{ recipient: 'bea@example.com', type: 'signature', page: 1, x: 0.1, y: 0.5, width: 0.3, height: 0.06, required: true }],
    },
  })
  expect(patch.statusCode, patch.body).toBe(200)

  const page = await harness.newPage()
  await signIn(page, seller.user.email, 'Olivia Owner')
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'))
  await page.goto('/agreements')
  await page.getByRole('heading', { level: 1, name: 'الاتفاقيات' }).waitFor()
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
  await page.getByRole('link', { name: 'نموذج طلب' }).waitFor()
  expect(await violations(page, 'main')).toEqual([])

  await page.getByRole('link', { name: 'نموذج طلب' }).click()
  const sheet = page.getByRole('group', { name: 'الصفحة 1 من 1' })
  const field = sheet.getByRole('button', { name: 'التوقيع لـ Bea Buyer' })
  await field.waitFor()
  // The page is not mirrored: 10% from its left edge, as in every language.
  const place = await placeOf(field, sheet)
  expect(place.x).toBeCloseTo(0.1, 2)
  expect(place.width).toBeCloseTo(0.3, 2)
  await inMode(page, 'dark')
  expect(await violations(page, 'main')).toEqual([])
})

it('the seller voids a sent agreement: its links go and the page says why, with nothing left to void', async () => {
  const sent = await sentAgreement(harness.server.app, seller, [{ name: 'Bea Buyer', email: 'bea@example.com', role: 'signer' }])
  const page = await harness.newPage()
  await signIn(page, seller.user.email, 'Olivia Owner')
  await page.goto(`/agreements/${sent.id}/edit`)
  const bea = page.getByRole('region', { name: 'Recipients' }).getByRole('listitem').filter({ hasText: 'Bea Buyer' })
  await bea.getByRole('textbox', { name: 'Signing link' }).waitFor()

  await page.getByRole('button', { name: 'Void' }).click()
  const dialog = page.getByRole('dialog', { name: 'Void this agreement?' })
  await dialog.getByLabel('Reason (optional)').fill('Prices changed')
  expect(await violations(page, '[role="dialog"]')).toEqual([])
  await dialog.getByRole('button', { name: 'Void' }).click()
  await page.getByText('This agreement was voided: Prices changed').waitFor()
  await page.getByRole('status').getByText('Voided').waitFor()
  expect(await page.getByRole('button', { name: 'Void' }).count()).toBe(0)
  expect(await bea.getByRole('textbox', { name: 'Signing link' }).count()).toBe(0)
  await page.getByRole('region', { name: 'Audit log' }).getByText('Prices changed', { exact: false }).waitFor()
})

it('on a phone, a finger moves a field to the next page', async () => {
  const draft = await uploadAgreement(harness.server.app, seller, { pages: 2, title: 'Pocket MSA' })
  const patch = await harness.server.app.inject({
    method: 'PATCH',
    url: `/api/agreements/${draft.id}`,
    headers: { cookie: seller.cookie },
    payload: {
      recipients: [{ name: 'Bea Buyer', email: 'bea@example.com', role: 'signer' }],
      fields: [{ recipient: 'bea@example.com', type: 'signature', page: 1, x: 0.1, y: 0.6, width: 0.3, height: 0.06, required: true }],
    },
  })
  expect(patch.statusCode, patch.body).toBe(200)
  const page = await harness.newPage({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
  await signIn(page, seller.user.email, 'Olivia Owner')
  await page.goto(`/agreements/${draft.id}/edit`)
  const [first, second] = [page.getByRole('group', { name: 'Page 1 of 2' }), page.getByRole('group', { name: 'Page 2 of 2' })]
  await first.getByRole('button', { name: 'Signature for Bea Buyer' }).waitFor()
  await dragWithTouch(page, first.getByRole('button', { name: 'Signature for Bea Buyer' }), second, {
    ready: second.locator('[data-drop-target]'),
    at: 0.3,
  })
  await second.getByRole('button', { name: 'Signature for Bea Buyer' }).waitFor()
  expect(await first.getByRole('button').count()).toBe(0)
  await page.getByText('Unsaved changes').waitFor()
})
