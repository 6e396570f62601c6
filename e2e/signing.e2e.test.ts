import type { Agreement, FieldInput } from '@closeroom/shared'
import type { BrowserContextOptions, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { uploadAgreement } from '../apps/server/src/testing/agreements.ts'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { drawOn, tabTo } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// A recipient signs from the link they were emailed (/sign/:token), on no account: by drawing with the mouse,
// or by keyboard alone with a typed signature; Finish refuses while a required field is empty; another declines
// with a reason; a buyer signs inside the deal's sales room. The agreements are made and sent through the API.

let harness: Harness
let seller: Client

beforeAll(async () => {
  harness = await startHarness()
  seller = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
})
afterAll(() => harness?.close())

type Person = { name: string; email: string; role?: 'signer' | 'approver' | 'viewer'; language?: 'en' | 'fr' | 'vi' | 'cn' | 'ar' }
type Placed = Omit<FieldInput, 'recipient'> & { recipient: Person }

/** An agreement on a two-page PDF, its recipients (signers unless said, all at once) and fields set, sent. */
async function sentAgreement(title: string, recipients: Person[], fields: Placed[], dealId?: string): Promise<Agreement> {
  const app = harness.server.app
  const { id } = await uploadAgreement(app, seller, { title, dealId })
  const patched = await request(app, seller, 'PATCH', `/api/agreements/${id}`, {
    recipients: recipients.map((r) => ({ role: 'signer', ...r })),
    fields: fields.map((f) => ({ ...f, recipient: f.recipient.email })),
  })
  expect(patched.statusCode, patched.body).toBe(200)
  const sent = await request(app, seller, 'POST', `/api/agreements/${id}/send`)
  expect(sent.statusCode, sent.body).toBe(200)
  return sent.json() as Agreement
}

const agreementOf = async (id: string) => (await request(harness.server.app, seller, 'GET', `/api/agreements/${id}`)).json() as Agreement

/** The path of the recipient's own link. */
function linkOf(agreement: Agreement, email: string): string {
  const url = agreement.recipients.find((r) => r.email === email)?.signingUrl
  if (!url) throw new Error(`${email} has no signing link`)
  return new URL(url, harness.server.url).pathname
}

/** A signed-out recipient: a browser context of its own, in `mode` and `language`. */
async function recipient(mode: 'light' | 'dark' = 'light', language = 'en', device: BrowserContextOptions = {}): Promise<Page> {
  const page = await harness.newPage(device)
  await page.context().addCookies([{ name: 'themeMode', value: mode, domain: new URL(harness.server.url).hostname, path: '/' }])
  await page.context().addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language)
  return page
}

/** The same stroke with a finger, on a touch screen (Chromium's touch events, as a phone sends them). */
async function drawWithFinger(page: Page, canvas: Locator) {
  await canvas.scrollIntoViewIfNeeded()
  const box = await canvas.boundingBox()
  if (!box) throw new Error('The signature pad is not on screen')
  const cdp = await page.context().newCDPSession(page)
  const at = (step: number) => ({ x: box.x + 20 + step * 9, y: box.y + box.height * (0.6 - 0.25 * Math.sin(step / 3)) })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] })
  for (let step = 1; step <= 24; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(step)] })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

const bea = { name: 'Bea Buyer', email: 'bea@acme.test' }
const carl = { name: 'Carl Counsel', email: 'carl@acme.test' }

it('a signer draws their signature with the mouse, ticks the box, uploads their initials and signs; the page says a link to the signed copy follows by email', async () => {
  const agreement = await sentAgreement(
    'Acme order form',
    [bea, carl],
    [
      { recipient: bea, type: 'signature', page: 1, x: 0.1, y: 0.7, width: 0.35, height: 0.07, required: true },
      { recipient: bea, type: 'checkbox', page: 1, x: 0.1, y: 0.6, width: 0.04, height: 0.03, required: true },
      { recipient: bea, type: 'initials', page: 2, x: 0.8, y: 0.9, width: 0.1, height: 0.05, required: true },
      { recipient: carl, type: 'signature', page: 1, x: 0.55, y: 0.7, width: 0.35, height: 0.07, required: true },
    ],
  )
  const page = await recipient()
  await page.goto(linkOf(agreement, bea.email))
  await page.getByRole('heading', { level: 1, name: 'Acme order form' }).waitFor()
  await page.getByText('Olivia Owner of').waitFor()
  // Only Bea's three fields are on the pages, in reading order: the box above the signature, then the initials.
  const document = page.getByRole('region', { name: 'The agreement' })
  await document.getByRole('button', { name: 'Checkbox, required, page 1' }).waitFor()
  expect(await document.locator('[data-field-id]').count()).toBe(3)
  expect(await violations(page), 'light').toEqual([])

  const fields = page.getByRole('region', { name: 'Your fields' })
  await fields.getByRole('checkbox', { name: 'Tick this box' }).check()
  await fields.getByRole('button', { name: 'Next field' }).click()
  await fields.getByRole('heading', { name: 'Signature' }).waitFor()
  await drawOn(page, fields.getByTestId('signature-canvas'))
  // The drawing shows on the page, where the field is.
  await document.getByRole('button', { name: 'Signature, required, page 1' }).locator('img').waitFor()
  await page.getByText('2 of 3 fields filled').waitFor()

  // The initials from a picture: a file that is not one is refused, a picture is taken.
  await fields.getByRole('button', { name: 'Next field' }).click()
  await fields.getByRole('heading', { name: 'Initials' }).waitFor()
  await fields.getByRole('tab', { name: 'Upload' }).click()
  const picture = fields.getByTestId('signature-upload')
  await picture.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
  await fields.getByText('This file is not a picture').waitFor()
  const scan = await page.getByRole('heading', { level: 1 }).screenshot()
  await picture.setInputFiles({ name: 'initials.png', mimeType: 'image/png', buffer: scan })
  await fields.getByRole('img', { name: 'Your signature, from the picture you chose' }).waitFor()
  await document.getByRole('button', { name: 'Initials, required, page 2' }).locator('img').waitFor()
  await page.getByText('3 of 3 fields filled').waitFor()

  await fields.getByRole('button', { name: 'Finish' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign the agreement?' })
  await dialog.getByText('You sign “Acme order form” electronically').waitFor()
  await dialog.getByRole('button', { name: 'Sign', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'You have signed' }).waitFor()
  await page.getByText('Once everyone has signed, we’ll email you a link to the signed copy.').waitFor()

  const after = await agreementOf(agreement.id)
  expect(after.recipients.find((r) => r.email === bea.email)?.status).toBe('signed')
  const values = after.fields.filter((f) => f.recipient === bea.email).map((f) => [f.type, f.value?.slice(0, 22)])
  expect(values).toEqual(
    expect.arrayContaining([
      ['checkbox', 'true'],
      ['signature', 'data:image/png;base64,'],
      ['initials', 'data:image/png;base64,'],
    ]),
  )
  // Opening the link again shows the same: nothing is signed twice.
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'You have signed' }).waitFor()
})

it('a signer signs by keyboard alone with a typed signature and a box ticked with Space, and cannot finish with a required field empty', async () => {
  const agreement = await sentAgreement(
    'Keyboard order form',
    [bea],
    [
      { recipient: bea, type: 'signature', page: 1, x: 0.1, y: 0.5, width: 0.35, height: 0.07, required: true },
      { recipient: bea, type: 'checkbox', page: 1, x: 0.1, y: 0.7, width: 0.04, height: 0.03, required: true },
      { recipient: bea, type: 'text', page: 2, x: 0.1, y: 0.3, width: 0.4, height: 0.04, required: true },
    ],
  )
  const page = await recipient('dark')
  await page.goto(linkOf(agreement, bea.email))
  await page.getByRole('heading', { level: 1, name: 'Keyboard order form' }).waitFor()
  await page.getByRole('button', { name: 'Signature, required, page 1' }).waitFor()
  expect(await violations(page), 'dark').toEqual([])

  // Tab to the signature on the page, Enter: the pad's tabs take the focus; the arrow picks "Type".
  await tabTo(page, page.getByRole('button', { name: 'Signature, required, page 1' }))
  await page.keyboard.press('Enter')
  const fields = page.getByRole('region', { name: 'Your fields' })
  await expect.poll(() => fields.getByRole('tab', { name: 'Draw' }).evaluate((tab) => tab === document.activeElement)).toBe(true)
  await page.keyboard.press('ArrowRight')
  await fields.getByRole('tab', { name: 'Type', selected: true }).waitFor()
  await page.keyboard.press('Tab')
  // The typed signature starts from the signer's name; Enter goes on to the next field.
  const typed = fields.getByLabel('Your name, as you sign it')
  expect(await typed.evaluate((input) => input === document.activeElement)).toBe(true)
  expect(await typed.inputValue()).toBe('Bea Buyer')
  await page
    .getByRole('region', { name: 'The agreement' })
    .getByRole('button', { name: 'Signature, required, page 1' })
    .locator('img')
    .waitFor()
  await page.keyboard.press('Enter')

  // The box takes the focus; Space ticks it, Tab and Enter go on.
  const box = fields.getByRole('checkbox', { name: 'Tick this box' })
  await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true)
  await page.keyboard.press('Space')
  expect(await box.isChecked()).toBe(true)
  await tabTo(page, fields.getByRole('button', { name: 'Next field' }))
  await page.keyboard.press('Enter')

  // The last field, left empty: Finish refuses and says so next to it.
  const text = fields.getByRole('textbox', { name: 'Text' })
  await expect.poll(() => text.evaluate((input) => input === document.activeElement)).toBe(true)
  await page.keyboard.press('Enter')
  await fields.getByText('Fill in this field to finish.').waitFor()
  await fields.getByText('1 required field is still empty.').waitFor()
  expect(await page.getByRole('dialog').count()).toBe(0)

  await page.keyboard.type('Purchase order 4471')
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Sign the agreement?' })
  const sign = dialog.getByRole('button', { name: 'Sign', exact: true })
  await tabTo(page, sign)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'This agreement is complete' }).waitFor()
  const download = page.waitForEvent('download')
  await tabTo(page, page.getByRole('link', { name: 'Download the signed PDF' }))
  await page.keyboard.press('Enter')
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/)

  const after = await agreementOf(agreement.id)
  expect(after.status).toBe('completed')
  const text2 = after.fields.find((f) => f.type === 'text')
  expect(text2?.value).toBe('Purchase order 4471')
})

it('a recipient declines with a reason, which the sender reads', async () => {
  const agreement = await sentAgreement(
    'Declined order form',
    [bea],
    [{ recipient: bea, type: 'signature', page: 1, x: 0.1, y: 0.5, width: 0.35, height: 0.07, required: true }],
  )
  const page = await recipient()
  await page.goto(linkOf(agreement, bea.email))
  await page.getByRole('heading', { level: 1, name: 'Declined order form' }).waitFor()
  await page.getByRole('button', { name: 'Decline' }).click()
  const dialog = page.getByRole('dialog', { name: 'Decline this agreement?' })
  await dialog.getByText('Olivia Owner is told, with your reason').waitFor()
  expect(await violations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Decline' }).click()
  await dialog.getByText('Say why you decline.').waitFor()
  await dialog.getByRole('textbox', { name: 'Your reason' }).fill('The payment terms are not the ones we agreed on.')
  await dialog.getByRole('button', { name: 'Decline' }).click()
  await page.getByRole('heading', { level: 1, name: 'You declined this agreement' }).waitFor()

  const after = await agreementOf(agreement.id)
  expect(after.status).toBe('declined')
  expect(after.recipients[0]?.declineReason).toBe('The payment terms are not the ones we agreed on.')
})

it('a recipient the sender wrote to in French opens their link in French, unless they chose a language on this device', async () => {
  const claire = { name: 'Claire Client', email: 'claire@example.com', language: 'fr' as const }
  const agreement = await sentAgreement(
    'Bon de commande',
    [claire],
    [{ recipient: claire, type: 'signature', page: 1, x: 0.1, y: 0.5, width: 0.35, height: 0.07, required: true }],
  )
  const fresh = await harness.newPage()
  await fresh.goto(linkOf(agreement, claire.email))
  await fresh.getByText('Remplissez les champs en surbrillance, puis terminez pour signer.').waitFor()
  expect(await fresh.evaluate(() => document.documentElement.lang)).toBe('fr')

  const chose = await recipient('light', 'vi')
  await chose.goto(linkOf(agreement, claire.email))
  await chose.getByRole('heading', { level: 1, name: 'Bon de commande' }).waitFor()
  expect(await chose.evaluate(() => document.documentElement.lang)).toBe('vi')
})

it('a link that leads nowhere, or to a withdrawn agreement, says so on a page of its own, in Arabic too', async () => {
  const agreement = await sentAgreement(
    'Withdrawn order form',
    [bea],
    [{ recipient: bea, type: 'signature', page: 1, x: 0.1, y: 0.5, width: 0.35, height: 0.07, required: true }],
  )
  expect(
    (await request(harness.server.app, seller, 'POST', `/api/agreements/${agreement.id}/void`, { reason: 'Wrong prices' })).statusCode,
  ).toBe(200)
  const page = await recipient()
  await page.goto(linkOf(agreement, bea.email))
  await page.getByRole('heading', { level: 1, name: 'This agreement was withdrawn' }).waitFor()
  await page.getByText('Olivia Owner called it off').waitFor()

  await page.goto(`/sign/${'x'.repeat(43)}`)
  await page.getByRole('heading', { level: 1, name: 'This signing link does not work' }).waitFor()

  const arabic = await recipient('dark', 'ar')
  await arabic.goto(`/sign/${'x'.repeat(43)}`)
  await arabic.getByRole('heading', { level: 1, name: 'رابط التوقيع هذا لا يعمل' }).waitFor()
  expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl')
  expect(await violations(arabic)).toEqual([])
})

it('a buyer signs inside the deal’s sales room with a finger, from the link they were sent', async () => {
  const deal = await buildDeal(harness.server.app, seller, { name: 'Acme rollout' })
  const room = await harness.server.app.inject({
    method: 'PUT',
    url: `/api/deals/${deal.id}/salesroom`,
    headers: { cookie: seller.cookie },
    payload: { title: 'Acme × Closeroom', welcome: 'Welcome, Acme team', published: true },
  })
  expect(room.statusCode, room.body).toBe(200)
  const agreement = await sentAgreement(
    'Acme rollout order form',
    [bea],
    [{ recipient: bea, type: 'signature', page: 1, x: 0.1, y: 0.5, width: 0.35, height: 0.07, required: true }],
    deal.id,
  )
  const token = linkOf(agreement, bea.email).split('/').pop()
  const { publicId } = room.json() as { publicId: string }

  // Another deal's room, with an agreement of its own.
  const other = await buildDeal(harness.server.app, seller, { name: 'Globex pilot' })
  const otherRoom = await harness.server.app.inject({
    method: 'PUT',
    url: `/api/deals/${other.id}/salesroom`,
    headers: { cookie: seller.cookie },
    payload: { title: 'Globex × Closeroom', published: true },
  })
  const otherId = (otherRoom.json() as { publicId: string }).publicId
  await sentAgreement(
    'Globex pilot terms',
    [carl],
    [{ recipient: carl, type: 'signature', page: 1, x: 0.1, y: 0.5, width: 0.35, height: 0.07, required: true }],
    other.id,
  )

  const page = await recipient('light', 'en', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  // The room names the agreement and where it stands to the whole buying team, and says how signers sign.
  await page.goto(`/d/${publicId}`)
  const listed = page.getByRole('region', { name: 'Agreements' })
  await listed.getByRole('listitem').filter({ hasText: 'Acme rollout order form' }).getByText('Awaiting signatures').waitFor()
  await listed.getByText('Each signer gets their own signing link by email when it is their turn.').waitFor()
  // Her link opens no signing in another deal's room: that room shows its own agreements only.
  await page.goto(`/d/${otherId}?sign=${token}`)
  await page.getByRole('heading', { level: 1, name: 'Globex × Closeroom' }).waitFor()
  await page.getByRole('region', { name: 'Agreements' }).getByText('Globex pilot terms').waitFor()
  expect(await page.getByText('Acme rollout order form').count()).toBe(0)
  expect(await page.getByRole('button', { name: 'Signature, required, page 1' }).count()).toBe(0)
  // In her deal's room, her link signs.
  await page.goto(`/d/${publicId}?sign=${token}`)
  await page.getByRole('heading', { level: 1, name: 'Acme × Closeroom' }).waitFor()
  expect(await page.getByRole('region', { name: 'Agreements' }).count()).toBe(0)
  const panel = page.getByRole('region', { name: 'Sign the agreement: Acme rollout order form' })
  await panel.getByRole('button', { name: 'Signature, required, page 1' }).waitFor()
  await drawWithFinger(page, panel.getByTestId('signature-canvas'))
  await panel.getByRole('button', { name: 'Signature, required, page 1' }).locator('img').waitFor()
  await panel.getByRole('button', { name: 'Finish' }).click()
  await page.getByRole('dialog', { name: 'Sign the agreement?' }).getByRole('button', { name: 'Sign', exact: true }).click()
  await page.getByRole('region', { name: 'Acme rollout order form' }).getByRole('heading', { name: 'This agreement is complete' }).waitFor()
  expect(await violations(page)).toEqual([])
  expect((await agreementOf(agreement.id)).status).toBe('completed')
})

it('an approver approves without fields to fill, and a viewer reads the document with nothing to do', async () => {
  const approver = { name: 'Carl Counsel', email: 'carl.approver@acme.test', role: 'approver' } as const
  const viewer = { name: 'Dana Viewer', email: 'dana@acme.test', role: 'viewer' } as const
  const agreement = await sentAgreement(
    'Reviewed order form',
    [bea, approver, viewer],
    [{ recipient: bea, type: 'signature', page: 1, x: 0.1, y: 0.5, width: 0.35, height: 0.07, required: true }],
  )
  const page = await recipient()
  await page.goto(linkOf(agreement, approver.email))
  await page.getByText('Read the agreement, then approve it.').waitFor()
  await page.getByRole('group', { name: 'Page 1 of 2' }).waitFor()
  expect(await page.locator('[data-field-id]').count()).toBe(0)
  await page.getByRole('region', { name: 'Your fields' }).getByRole('button', { name: 'Approve' }).click()
  const dialog = page.getByRole('dialog', { name: 'Approve the agreement?' })
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('heading', { level: 1, name: 'You have approved' }).waitFor()
  expect((await agreementOf(agreement.id)).recipients.find((r) => r.email === approver.email)?.status).toBe('approved')

  await page.goto(linkOf(agreement, viewer.email))
  await page.getByText('This copy is for you to read: you have nothing to sign.').waitFor()
  await page.getByRole('group', { name: 'Page 2 of 2' }).waitFor()
  expect(await page.getByRole('button', { name: 'Decline' }).count()).toBe(0)
  expect(await page.locator('[data-field-id]').count()).toBe(0)
})
