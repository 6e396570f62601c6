import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { clients } from '../apps/server/src/db/schema/index.ts'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildOwner, request } from '../apps/server/src/testing/factories.ts'
import { type MailServers, startMailServers } from '../apps/server/src/testing/mailservers.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// A client's page tells their story: the emails matched to them, their deals and the team's messages, newest
// first, and a buyer's new email appears there while the page is open.

const mailbox = { username: 'tess', password: `pw-${randomBytes(6).toString('hex')}` }
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
  if (process.env.MAIL_SCREENSHOTS) await page.screenshot({ path: join(tmpdir(), `closeroom-client-${name}.png`), fullPage: true })
}

it('shows a client’s emails, deals and messages on their page, with new mail arriving live', async () => {
  const app = harness.server.app
  const owner = await buildOwner(app, { name: 'Tess Seller' })
  const [buyer] = await app.database.db
    .insert(clients)
    .values({ organizationId: owner.user.organizationId, name: 'Uma Buyer', email: 'uma@buyer.test', company: 'Umbra' })
    .returning()
  if (!buyer) throw new Error('no client')
  await buildDeal(app, owner, { name: 'Umbra pilot', contactIds: [buyer.id] })
  expect(
    (await request(app, owner, 'POST', `/api/clients/${buyer.id}/messages`, { body: 'Uma prefers calls on Fridays.' })).statusCode,
  ).toBe(201)
  const connected = await request(app, owner, 'PUT', '/api/mail/mailbox', servers.settingsFor(mailbox, 'tess@seller.test'))
  expect(connected.statusCode, connected.body).toBe(200)
  const first = await servers.deliver(
    mailbox,
    ['From: Uma Buyer <uma@buyer.test>', 'To: tess@seller.test', 'Subject: Pilot scope', 'Message-ID: <scope@buyer.test>'],
    'Can the pilot cover two teams?',
  )
  await app.inbox.sync.readUpTo(connected.json().id, first)

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Tess Seller')
  await page.goto(`/clients/${buyer.id}`)
  const timeline = page.getByRole('list', { name: 'Timeline' })
  await timeline.getByText(/^\u2068Uma Buyer\u2069 emailed: \u2068Pilot scope\u2069$/).waitFor()
  const lines = async () => (await timeline.getByRole('listitem').allInnerTexts()).map((text) => text.split('\n')[0])
  expect(await lines()).toEqual([
    '\u2068Uma Buyer\u2069 emailed: \u2068Pilot scope\u2069',
    '\u2068Tess Seller\u2069 wrote in the team’s thread',
    'Deal opened: Umbra pilot',
  ])
  await shoot(page, 'timeline-light')
  expect(await violations(page)).toEqual([])

  // A new email from the client shows at the top without reloading: the mailbox is in IDLE and the page is told.
  await servers.deliver(
    mailbox,
    ['From: Uma Buyer <uma@buyer.test>', 'To: tess@seller.test', 'Subject: Signed', 'Message-ID: <signed@buyer.test>'],
    'We signed.',
  )
  await timeline
    .getByRole('listitem')
    .first()
    .getByText(/emailed: \u2068Signed\u2069$/)
    .waitFor()
  await timeline.getByRole('link', { name: 'Open the conversation' }).first().click()
  await page.getByRole('heading', { name: 'Signed', level: 2 }).waitFor()

  const dark = await harness.newPage()
  await dark.context().addCookies([{ name: 'themeMode', value: 'dark', url: harness.server.url }])
  await signIn(dark, owner.user.email, 'Tess Seller')
  await dark.goto(`/clients/${buyer.id}`)
  await dark.getByRole('list', { name: 'Timeline' }).getByText('Umbra pilot').waitFor()
  await shoot(dark, 'timeline-dark')
  expect(await violations(dark)).toEqual([])

  const phone = await harness.newPage({ viewport: { width: 390, height: 844 } })
  await signIn(phone, owner.user.email, 'Tess Seller')
  await phone.context().addCookies([{ name: 'language', value: 'ar', url: harness.server.url }])
  await phone.evaluate(() => localStorage.setItem('i18nextLng', 'ar'))
  await phone.goto(`/clients/${buyer.id}`)
  await phone.getByRole('list', { name: 'السجل الزمني' }).getByText('Umbra pilot').waitFor()
  await shoot(phone, 'timeline-phone-ar')
  expect(await violations(phone)).toEqual([])
})
