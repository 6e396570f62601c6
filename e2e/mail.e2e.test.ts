import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { clients, outboxEmails } from '../apps/server/src/db/schema/index.ts'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildMember, buildOwner, request } from '../apps/server/src/testing/factories.ts'
import { type MailServers, startMailServers } from '../apps/server/src/testing/mailservers.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// The seller's mail: a buyer's email reaches the member's mailbox, shows in /mail tied to its deal, and is answered from there;
// a new email is written from /mail, and an admin reads a teammate's mail under /mail/all.

// One mailbox per test, on one Dovecot; the SMTP server takes the same usernames and passwords.
const mailboxes = {
  mia: { username: 'mia', password: `pw-${randomBytes(6).toString('hex')}` },
  mo: { username: 'mo', password: `pw-${randomBytes(6).toString('hex')}` },
  lu: { username: 'lu', password: `pw-${randomBytes(6).toString('hex')}` },
  kai: { username: 'kai', password: `pw-${randomBytes(6).toString('hex')}` },
}
const mailbox = mailboxes.mia
let harness: Harness
let servers: MailServers
let dovecot: MailServers['dovecot']
let smtpPort = 0

beforeAll(async () => {
  servers = await startMailServers(Object.values(mailboxes))
  dovecot = servers.dovecot
  smtpPort = servers.smtpPort
  // The test's mail servers listen on loopback, which the server refuses to reach unless told it may.
  harness = await startHarness({ env: { ALLOW_PRIVATE_TARGETS: '127.0.0.1/32' } })
})
afterAll(async () => {
  await harness?.close()
  await servers?.stop()
})

const deliver = (lines: string[], body: string, to = mailbox) => servers.deliver(to, lines, body)
const smtpMessage = (subject: string) => servers.sent(subject)

/** Screenshots to look at by hand, written only when MAIL_SCREENSHOTS is set. */
async function shoot(page: Page, name: string) {
  if (process.env.MAIL_SCREENSHOTS) await page.screenshot({ path: join(tmpdir(), `closeroom-mail-${name}.png`), fullPage: true })
}

it('connects a mailbox, reads a buyer’s email on its deal and answers it, threaded', async () => {
  const app = harness.server.app
  const owner = await buildOwner(app, { name: 'Mia Seller' })
  const [buyer] = await app.database.db
    .insert(clients)
    .values({ organizationId: owner.user.organizationId, name: 'Bruno Buyer', email: 'bruno@buyer.test', company: 'Bricks' })
    .returning()
  if (!buyer) throw new Error('no client')
  const deal = await buildDeal(app, owner, { name: 'Bricks rollout', contactIds: [buyer.id] })

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Mia Seller')
  await page.goto('/mail')
  await page.getByText('Connect your mailbox to read and answer').waitFor()
  await page.getByRole('link', { name: 'Connect my mailbox' }).click()

  const card = page.getByRole('region', { name: 'Mailbox' })
  await card.getByLabel('Your email address').fill('mia@seller.test')
  const imap = card.getByRole('group', { name: 'Incoming mail (IMAP)' })
  await imap.getByLabel('Server').fill(dovecot.host)
  await imap.getByLabel('Port').fill(String(dovecot.port))
  await imap.getByLabel(/^TLS from the start/).uncheck()
  const out = card.getByRole('group', { name: 'Outgoing mail (SMTP)' })
  await out.getByLabel('Server').fill('127.0.0.1')
  await out.getByLabel('Port').fill(String(smtpPort))
  await out.getByLabel(/^TLS from the start/).uncheck()
  await card.getByLabel('Username').fill(mailbox.username)
  // A wrong password first: the refusal says what to check, and nothing is saved.
  await card.getByLabel('Password').fill('wrong')
  await card.getByRole('button', { name: 'Connect' }).click()
  await card.getByRole('alert').getByText('Could not sign in to this mail server').waitFor()
  await card.getByLabel('Password').fill(mailbox.password)
  await card.getByRole('button', { name: 'Connect' }).click()
  await page.getByText('Mailbox connected').waitFor()
  await card.getByText('Working').waitFor()
  await shoot(page, 'settings')
  expect(await violations(page)).toEqual([])

  const accountId = (await request(app, owner, 'GET', '/api/mail/mailbox')).json().mailbox.id
  const uid = await deliver(
    [
      'From: Bruno Buyer <bruno@buyer.test>',
      'To: Mia Seller <mia@seller.test>',
      'Subject: Delivery dates',
      'Message-ID: <dates@buyer.test>',
      'Content-Type: text/plain; charset=utf-8',
    ],
    'Hi Mia, can you deliver by March?',
  )
  await app.inbox.sync.readUpTo(accountId, uid)

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Mail' }).click()
  const list = page.getByRole('region', { name: 'Conversations' })
  await list.getByText('Delivery dates').click()
  await page.getByRole('heading', { name: 'Delivery dates', level: 2 }).waitFor()
  await page.getByRole('article').getByText('Hi Mia, can you deliver by March?').waitFor()
  await page.getByRole('link', { name: 'Deal: Bricks rollout' }).waitFor()
  await shoot(page, 'thread-light')
  expect(await violations(page)).toEqual([])

  await page.getByRole('button', { name: 'Reply' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reply to bruno@buyer.test' })
  await dialog.getByRole('button', { name: 'Send' }).click()
  await dialog.getByText('Write a message first').waitFor()
  await dialog.getByLabel('Message').fill('Yes, the first week of March.')
  await shoot(page, 'reply')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await page.getByText('Email sent').waitFor()
  const sent = await smtpMessage('Re: Delivery dates')
  expect(sent.inReplyTo).toBe('<dates@buyer.test>')
  expect(sent.references).toBe('<dates@buyer.test>')
  await page.getByRole('article').filter({ hasText: 'Yes, the first week of March.' }).waitFor()

  // The deal's timeline has both emails, and opens the conversation.
  await page.goto(`/deals/${deal.id}`)
  // Names and subjects are isolated (FSI…PDI) in the line, so that either direction of text keeps its place.
  const timeline = page.getByRole('list', { name: 'Timeline' })
  await timeline.getByText(/^\u2068Mia Seller\u2069 emailed: \u2068Re: Delivery dates\u2069$/).waitFor()
  await timeline.getByText(/^\u2068Bruno Buyer\u2069 emailed: \u2068Delivery dates\u2069$/).waitFor()
  await timeline.getByRole('link', { name: 'Open the conversation' }).first().click()
  await page.getByRole('heading', { name: 'Delivery dates', level: 2 }).waitFor()

  // New mail shows up by itself: the mailbox waits in IDLE and the page is told (one's own mailbox is not polled).
  await deliver(
    [
      'From: Bruno Buyer <bruno@buyer.test>',
      'To: Mia Seller <mia@seller.test>',
      'Subject: Invoice address',
      'Message-ID: <invoice@buyer.test>',
      'Content-Type: text/plain; charset=utf-8',
    ],
    'Please send the invoice to our Lyon office.',
  )
  await list.getByText('Invoice address').waitFor()
})

it('shows the mail, Closeroom’s own emails, a phone in Arabic and the dark theme, then disconnects', async () => {
  const app = harness.server.app
  const owner = await buildOwner(app, { name: 'Mo Seller' })
  // Inviting a teammate makes Closeroom send an email of its own, shown under its label.
  const teammate = await buildMember(app, owner)
  const settings = servers.settingsFor(mailboxes.mo)
  const connected = await request(app, owner, 'PUT', '/api/mail/mailbox', settings)
  expect(connected.statusCode, connected.body).toBe(200)
  const uid = await deliver(
    ['From: Lena Lead <lena@buyer.test>', 'To: mo@seller.test', 'Subject: Pricing question', 'Message-ID: <pricing@buyer.test>'],
    'Do you have a yearly plan?',
    mailboxes.mo,
  )
  await app.inbox.sync.readUpTo(connected.json().id, uid)
  const [thread] = (await request(app, owner, 'GET', '/api/mail/threads')).json().threads
  const reply = await request(app, owner, 'POST', '/api/mail/send', { threadId: thread.id, text: 'Yes, with two months free.' })
  expect(reply.statusCode).toBe(201)

  const dark = await harness.newPage()
  await dark.context().addCookies([{ name: 'themeMode', value: 'dark', url: harness.server.url }])
  await signIn(dark, owner.user.email, 'Mo Seller')
  await dark.goto('/mail')
  await dark.getByRole('region', { name: 'Conversations' }).getByText('Pricing question').click()
  await dark.getByRole('article').getByText('Yes, with two months free.').waitFor()
  await shoot(dark, 'thread-dark')
  expect(await violations(dark)).toEqual([])
  await dark.getByRole('button', { name: 'Sent by Closeroom' }).click()
  await dark.getByRole('region', { name: 'Conversations' }).getByText(teammate.user.email).first().waitFor()
  expect(await violations(dark)).toEqual([])

  // On a phone the list and the thread take turns; in Arabic the page reads right to left.
  const phone = await harness.newPage({ viewport: { width: 390, height: 844 } })
  await signIn(phone, owner.user.email, 'Mo Seller')
  await phone.context().addCookies([{ name: 'language', value: 'ar', url: harness.server.url }])
  await phone.evaluate(() => localStorage.setItem('i18nextLng', 'ar'))
  await phone.goto('/mail')
  await phone.getByText('Pricing question').click()
  await phone.getByRole('button', { name: 'العودة إلى القائمة' }).waitFor()
  await shoot(phone, 'phone-ar')
  expect(await violations(phone)).toEqual([])

  // Disconnecting asks first, then the mailbox's conversations leave /mail.
  await dark.goto('/settings/connected-apps')
  dark.once('dialog', (dialog) => void dialog.accept())
  await dark.getByRole('region', { name: 'Mailbox' }).getByRole('button', { name: 'Disconnect' }).click()
  await dark.getByText('Mailbox disconnected').waitFor()
  await dark.goto('/mail')
  await dark.getByText('Connect your mailbox to read and answer').waitFor()
  // No mailbox: nothing promises mail that cannot come; everyone's mail says whose it would be.
  await dark.getByText('No email here yet.', { exact: true }).waitFor()
  await dark.getByRole('tab', { name: 'Everyone’s mail' }).click()
  await dark.getByText('No email in your team’s mailboxes yet.', { exact: true }).waitFor()
})

it('writes a new email to a client from /mail, filed under Sent on their deal; an admin reads it in everyone’s mail, in dark', async () => {
  const app = harness.server.app
  const owner = await buildOwner(app, { name: 'Ida Admin' })
  const lu = await buildMember(app, owner, { name: 'Lu Member' })
  const [buyer] = await app.database.db
    .insert(clients)
    .values({ organizationId: owner.user.organizationId, name: 'Cara Client', email: 'cara@buyer.test', company: 'Cara Co' })
    .returning()
  if (!buyer) throw new Error('no client')
  await buildDeal(app, owner, { name: 'Cara pilot', contactIds: [buyer.id] })
  const connected = await request(app, lu, 'PUT', '/api/mail/mailbox', servers.settingsFor(mailboxes.lu))
  expect(connected.statusCode, connected.body).toBe(200)

  const page = await harness.newPage()
  await signIn(page, lu.user.email, 'Lu Member')
  await page.goto('/mail')
  await page.getByRole('button', { name: 'New email' }).click()
  const dialog = page.getByRole('dialog', { name: 'New email' })
  await dialog.getByLabel('To').fill('cara@buyer.test')
  await dialog.getByLabel('Message').fill('Here is the pilot plan we discussed.')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await dialog.getByText('Write a subject').waitFor()
  await dialog.getByLabel('Subject').fill('Pilot plan')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await page.getByText('Email sent').waitFor()
  const sent = await smtpMessage('Pilot plan')
  expect(sent.from?.text).toContain('lu@seller.test')
  expect(sent.text?.trim()).toBe('Here is the pilot plan we discussed.')
  // Filed under Sent, open, tied to the client's deal by the address.
  await page.getByRole('navigation', { name: 'Labels' }).locator('[aria-current="page"]', { hasText: 'Sent' }).waitFor()
  await page.getByRole('heading', { name: 'Pilot plan', level: 2 }).waitFor()
  await page.getByRole('link', { name: 'Deal: Cara pilot' }).waitFor()
  await page.getByRole('region', { name: 'Conversations' }).getByText('Pilot plan', { exact: true }).waitFor()

  // The admin, in dark, reads it among everyone's mail, and is told who may answer.
  const dark = await harness.newPage()
  await dark.context().addCookies([{ name: 'themeMode', value: 'dark', url: harness.server.url }])
  await signIn(dark, owner.user.email, 'Ida Admin')
  await dark.goto('/mail')
  await dark.getByRole('tab', { name: 'Everyone’s mail' }).click()
  await dark.waitForURL('**/mail/all')
  await dark.getByRole('navigation', { name: 'Labels' }).getByRole('button', { name: 'Sent', exact: true }).click()
  await dark.getByRole('region', { name: 'Conversations' }).getByText('Pilot plan', { exact: true }).click()
  await dark.getByRole('article').getByText('Here is the pilot plan we discussed.').waitFor()
  await dark.getByText('Only Lu Member can answer from their mailbox.').waitFor()
  expect(await dark.getByRole('button', { name: 'Reply' }).count()).toBe(0)
  await shoot(dark, 'all-dark')
  expect(await violations(dark)).toEqual([])
  // The mailbox settings, in dark, before any mailbox is connected.
  await dark.goto('/settings/connected-apps')
  await dark.getByRole('region', { name: 'Mailbox' }).getByRole('button', { name: 'Connect' }).waitFor()
  await shoot(dark, 'settings-dark')
  expect(await violations(dark)).toEqual([])
})

it('shows the latest conversations of a full mailbox and of Closeroom’s emails first, and older ones on request', async () => {
  const app = harness.server.app
  const owner = await buildOwner(app, { name: 'Kai Seller' })
  const connected = await request(app, owner, 'PUT', '/api/mail/mailbox', servers.settingsFor(mailboxes.kai))
  expect(connected.statusCode, connected.body).toBe(200)
  // One more conversation than a page holds (50), each an hour after the one before.
  let uid = 0
  for (let n = 1; n <= 51; n++) {
    const date = new Date(Date.UTC(2026, 9, 1, n)).toUTCString()
    uid = await deliver(
      [
        'From: Lead <lead@buyer.test>',
        'To: kai@seller.test',
        `Subject: Enquiry ${n}`,
        `Message-ID: <enquiry-${n}@buyer.test>`,
        `Date: ${date}`,
      ],
      `Question ${n}`,
      mailboxes.kai,
    )
  }
  await app.inbox.sync.readUpTo(connected.json().id, uid)

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Kai Seller')
  await page.goto('/mail')
  const list = page.getByRole('region', { name: 'Conversations' })
  await list.getByText('Enquiry 51', { exact: true }).waitFor()
  await list.getByText('Enquiry 2', { exact: true }).waitFor()
  expect(await list.getByText('Enquiry 1', { exact: true }).count()).toBe(0)
  await list.getByRole('button', { name: 'Show older conversations' }).click()
  await list.getByText('Enquiry 1', { exact: true }).click()
  await page.getByRole('article').getByText('Question 1', { exact: true }).waitFor()
  await list.getByRole('button', { name: 'Show older conversations' }).waitFor({ state: 'detached' })
  // All 51, once each.
  expect(await list.getByText(/^Enquiry \d+$/).count()).toBe(51)

  // Closeroom's own emails, as many, the same way.
  await app.database.db.insert(outboxEmails).values(
    Array.from({ length: 51 }, (_, i) => ({
      organizationId: owner.user.organizationId,
      to: `guest${i + 1}@buyer.test`,
      subject: `Your booking ${i + 1}`,
      text: 'See you then.',
      createdAt: new Date(Date.UTC(2026, 9, 1, i + 1)),
    })),
  )
  await page.getByRole('navigation', { name: 'Labels' }).getByRole('button', { name: 'Sent by Closeroom' }).click()
  await list.getByText('Your booking 51', { exact: true }).waitFor()
  expect(await list.getByText('Your booking 1', { exact: true }).count()).toBe(0)
  await list.getByRole('button', { name: 'Show older emails' }).click()
  await list.getByText('Your booking 1', { exact: true }).waitFor()
  await list.getByRole('button', { name: 'Show older emails' }).waitFor({ state: 'detached' })
})
