import { afterAll, beforeAll, expect, it } from 'vitest'
import { dealMessages } from '../apps/server/src/db/schema/index.ts'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildMember, buildOwner, request } from '../apps/server/src/testing/factories.ts'
import { PDF, PNG } from '../apps/server/src/testing/files.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// The team chat: two members in two browsers talk in real time; the menu counts what one has not read, and
// reading clears it; pictures show inline and other files as cards; the page passes axe in light and dark;
// on a phone one pane shows at a time; a named group shows who of its members has seen a message; a long
// conversation, or a deal's chat, opens at its latest messages and shows earlier ones on request.

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

it('lets two members chat live, counts unread messages in the menu until they are read, and shows who has seen them', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const maya = await buildMember(harness.server.app, owner, { name: 'Maya Member' })

  const olivia = await harness.newPage()
  await signIn(olivia, owner.user.email, 'Olivia Owner')
  const mayaPage = await harness.newPage()
  await signIn(mayaPage, maya.user.email, 'Maya Member')
  const mayaMenu = mayaPage.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /Chat/ })

  // Olivia starts a direct conversation with Maya and writes.
  await olivia.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /Chat/ }).click()
  await olivia.getByText('No conversations yet. Start one with a teammate.').waitFor()
  await olivia.getByRole('link', { name: 'New conversation' }).click()
  await olivia.getByRole('combobox', { name: 'With' }).click()
  await olivia.getByRole('option', { name: 'Maya Member' }).click()
  await olivia.getByRole('button', { name: 'Start the conversation' }).click()
  await olivia.getByRole('heading', { name: 'Maya Member', level: 2 }).waitFor()
  // Maya is signed in elsewhere: her presence says so.
  await olivia.getByText('Online', { exact: true }).first().waitFor()
  const oliviaComposer = olivia.getByRole('textbox', { name: 'Message' })
  await oliviaComposer.fill('Can you take the Northwind demo on Monday?')
  await oliviaComposer.press('Enter')
  const oliviaLog = olivia.getByRole('log', { name: 'Maya Member' })
  await oliviaLog.getByText('Can you take the Northwind demo on Monday?').waitFor()

  // Maya, on her home page, sees the count in the menu without reloading.
  await mayaMenu.getByText('1 unread message').waitFor()
  await mayaMenu.click()
  const row = mayaPage.getByRole('link', { name: /Olivia Owner/ })
  await row.getByText('1 unread message').waitFor()
  await row.click()
  const mayaLog = mayaPage.getByRole('log', { name: 'Olivia Owner' })
  await mayaLog.getByText('Can you take the Northwind demo on Monday?').waitFor()
  // Reading clears the count, in the list and in the menu.
  await mayaMenu.getByText('1 unread message').waitFor({ state: 'detached' })
  await row.getByText('1 unread message').waitFor({ state: 'detached' })
  // Olivia sees that Maya has read it.
  await oliviaLog.getByText('Seen').waitFor()

  // Maya answers; Olivia, in the conversation, sees it arrive and has nothing unread.
  const mayaComposer = mayaPage.getByRole('textbox', { name: 'Message' })
  await mayaComposer.fill('Yes, I will prepare the pilot dashboard.')
  await mayaPage.getByRole('button', { name: 'Send' }).click()
  await oliviaLog.getByText('Yes, I will prepare the pilot dashboard.').waitFor()
  await olivia
    .getByTestId('chat-unread')
    .getByText(/unread/)
    .waitFor({ state: 'detached' })

  // A picture shows inline, a PDF as a card with its name.
  await olivia.getByTestId('chat-file-input').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG })
  await olivia.getByRole('textbox', { name: 'Caption (optional)' }).fill('The chart')
  await olivia.getByRole('button', { name: 'Send' }).click()
  await mayaLog.getByRole('img', { name: 'chart.png' }).waitFor()
  await mayaLog.getByText('The chart').waitFor()
  await olivia.getByTestId('chat-file-input').setInputFiles({ name: 'proposal.pdf', mimeType: 'application/pdf', buffer: PDF })
  await olivia.getByRole('button', { name: 'Send' }).click()
  await mayaLog.getByRole('link', { name: 'Open proposal.pdf' }).waitFor()
  expect(await mayaLog.getByTestId('chat-file').innerText()).toContain('proposal.pdf')

  // Search finds a message of hers and opens its conversation.
  await mayaPage.getByRole('searchbox', { name: 'Search messages' }).fill('northwind')
  await mayaPage.getByTestId('search-result').filter({ hasText: 'Can you take the Northwind demo on Monday?' }).click()
  await mayaLog.waitFor()
})

it('lists a deal chat among the conversations and answers it from there, as on the deal page, its latest page first', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const maya = await buildMember(harness.server.app, owner, { name: 'Maya Member' })
  const deal = await buildDeal(harness.server.app, owner, { name: 'Acme rollout' })
  // A long history before it, a minute apart, written straight to the table (52 requests are slow under load).
  const start = Date.now() - 3_600_000
  await harness.server.app.database.db.insert(dealMessages).values(
    Array.from({ length: 52 }, (_, i) => ({
      dealId: deal.id,
      authorId: maya.user.id,
      body: `Earlier note ${i + 1}`,
      createdAt: new Date(start + i * 60_000),
    })),
  )
  const posted = await request(harness.server.app, maya, 'POST', `/api/deals/${deal.id}/messages`, {
    body: 'Procurement wants two quarters.',
  })
  expect(posted.statusCode).toBe(201)

  const olivia = await harness.newPage()
  await signIn(olivia, owner.user.email, 'Olivia Owner')
  await olivia.goto('/chat')
  const row = olivia.getByTestId('thread').filter({ hasText: 'Acme rollout' })
  await row.getByText('Deal chat').waitFor()
  await row.getByText('Maya Member: Procurement wants two quarters.').waitFor()
  await row.click()
  await olivia.getByRole('heading', { name: 'Acme rollout', level: 2 }).waitFor()
  const log = olivia.getByRole('log', { name: 'Acme rollout' })
  await log.getByText('Procurement wants two quarters.').waitFor()

  // The latest 50 show; the three before them come on request, above, and the reader's place stays put.
  await log.getByText('Earlier note 4', { exact: true }).waitFor()
  expect(await log.getByText('Earlier note 3', { exact: true }).count()).toBe(0)
  await log.evaluate((element) => element.scrollTo({ top: 0 }))
  const place = () => log.getByText('Earlier note 4', { exact: true }).evaluate((element) => element.getBoundingClientRect().top)
  const before = await place()
  await log.getByRole('button', { name: 'Show earlier messages' }).click()
  await log.getByText('Earlier note 1', { exact: true }).waitFor()
  expect(Math.abs((await place()) - before)).toBeLessThan(2)
  await log.getByRole('button', { name: 'Show earlier messages' }).waitFor({ state: 'detached' })

  // Maya, on the deal page, sees Olivia's answer written from the chat.
  const mayaPage = await harness.newPage()
  await signIn(mayaPage, maya.user.email, 'Maya Member')
  await mayaPage.goto(`/deals/${deal.id}`)
  await mayaPage.getByText('Procurement wants two quarters.').waitFor()
  await olivia.getByRole('textbox', { name: 'Message' }).fill('Fine if they sign this month.')
  await olivia.getByRole('textbox', { name: 'Message' }).press('Enter')
  await log.getByText('Fine if they sign this month.').waitFor()
  await mayaPage.getByText('Fine if they sign this month.').waitFor()
  // The answer follows the whole history, earlier pages included.
  expect(await log.getByTestId('message').count()).toBe(54)
})

it('refuses a file it does not take with a clear message', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  await buildMember(harness.server.app, owner, { name: 'Maya Member' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Olivia Owner')
  await page.goto('/chat/new')
  await page.getByRole('combobox', { name: 'With' }).click()
  await page.getByRole('option', { name: 'Maya Member' }).click()
  await page.getByRole('button', { name: 'Start the conversation' }).click()
  await page
    .getByTestId('chat-file-input')
    .setInputFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<html><script>1</script></html>') })
  await page.getByRole('button', { name: 'Send' }).click()
  await page.getByRole('alert').getByText('This type of file is not accepted here').waitFor()
})

for (const mode of ['light', 'dark'] as const) {
  it(`has no serious accessibility problem on the chat, ${mode} mode`, async () => {
    const owner = await buildOwner(harness.server.app, { name: 'Ada Access' })
    const maya = await buildMember(harness.server.app, owner, { name: 'Maya Member' })
    await buildMember(harness.server.app, owner, { name: 'Sam Seller' })
    const page = await harness.newPage({ colorScheme: mode })
    await signIn(page, owner.user.email, 'Ada Access')
    const created = await page.request.post('/api/chat/conversations', { data: { participantIds: [maya.user.id] } })
    const { id } = (await created.json()) as { id: string }
    await page.request.post(`/api/chat/conversations/${id}/messages`, { data: { body: 'Hello Maya' } })
    await page.goto(`/chat/${id}`)
    await page.getByRole('log', { name: 'Maya Member' }).getByText('Hello Maya').waitFor()
    expect(await violations(page)).toEqual([])
    await page.goto('/chat/new')
    await page.getByRole('combobox', { name: 'With' }).waitFor()
    expect(await violations(page)).toEqual([])
    // A deal chat, listed and open among the conversations.
    const deal = await buildDeal(harness.server.app, owner, { name: 'Acme rollout' })
    await page.request.post(`/api/deals/${deal.id}/messages`, { data: { body: 'Procurement wants two quarters.' } })
    await page.goto(`/chat/deal/${deal.id}`)
    await page.getByRole('log', { name: 'Acme rollout' }).getByText('Procurement wants two quarters.').waitFor()
    await page.getByTestId('thread').waitFor()
    expect(await violations(page)).toEqual([])
  })
}

it('shows one pane at a time on a phone: the list, then the conversation with a way back', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const maya = await buildMember(harness.server.app, owner, { name: 'Maya Member' })
  const page = await harness.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  await signIn(page, owner.user.email, 'Olivia Owner')
  await page.request.post('/api/chat/conversations', { data: { participantIds: [maya.user.id] } })
  await page.goto('/chat')
  await page.getByRole('link', { name: /Maya Member/ }).click()
  await page.getByRole('heading', { name: 'Maya Member', level: 2 }).waitFor()
  expect(await page.getByRole('link', { name: 'New conversation' }).isVisible()).toBe(false)
  await page.getByRole('link', { name: 'Back to the conversations' }).click()
  await page.getByRole('link', { name: 'New conversation' }).waitFor()
  expect(await page.getByRole('heading', { name: 'Maya Member', level: 2 }).count()).toBe(0)
})

it('starts a named group with two teammates, who read it live, and shows who of them has seen a message', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const maya = await buildMember(harness.server.app, owner, { name: 'Maya Member' })
  const sam = await buildMember(harness.server.app, owner, { name: 'Sam Seller' })
  const olivia = await harness.newPage()
  await signIn(olivia, owner.user.email, 'Olivia Owner')
  const mayaPage = await harness.newPage()
  await signIn(mayaPage, maya.user.email, 'Maya Member')
  const samPage = await harness.newPage()
  await signIn(samPage, sam.user.email, 'Sam Seller')

  await olivia.goto('/chat/new')
  const with_ = olivia.getByRole('combobox', { name: 'With' })
  await with_.click()
  await olivia.getByRole('option', { name: 'Maya Member' }).click()
  await with_.click()
  await olivia.getByRole('option', { name: 'Sam Seller' }).click()
  await olivia.getByLabel('Group name (optional)').fill('Northwind deal team')
  await olivia.getByRole('button', { name: 'Start the conversation' }).click()
  await olivia.getByRole('heading', { name: 'Northwind deal team', level: 2 }).waitFor()
  await olivia.getByText('3 members').waitFor()
  await olivia.getByRole('textbox', { name: 'Message' }).fill('Kick-off with Northwind at 10.')
  await olivia.getByRole('textbox', { name: 'Message' }).press('Enter')
  const log = olivia.getByRole('log', { name: 'Northwind deal team' })
  await log.getByText('Kick-off with Northwind at 10.').waitFor()

  // Each teammate is told without reloading, and reading it shows beside the message, by name.
  for (const [page, name] of [
    [mayaPage, 'Maya Member'],
    [samPage, 'Sam Seller'],
  ] as const) {
    const menu = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /Chat/ })
    await menu.getByText('1 unread message').waitFor()
    await menu.click()
    await page.getByRole('link', { name: /Northwind deal team/ }).click()
    await page.getByRole('log', { name: 'Northwind deal team' }).getByText('Kick-off with Northwind at 10.').waitFor()
    await log.getByText(new RegExp(`^Seen by .*${name}`)).waitFor()
  }
  expect(await log.getByText(/^Seen by /).innerText()).toMatch(/^Seen by (Maya Member, Sam Seller|Sam Seller, Maya Member)$/)

  // Sam answers; Olivia and Maya, both in the conversation, see it arrive.
  await samPage.getByRole('textbox', { name: 'Message' }).fill('I will bring the security answers.')
  await samPage.getByRole('textbox', { name: 'Message' }).press('Enter')
  await log.getByText('I will bring the security answers.').waitFor()
  await mayaPage.getByRole('log', { name: 'Northwind deal team' }).getByText('I will bring the security answers.').waitFor()
})

it('shows the latest messages of a long conversation first, and earlier ones on request', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const maya = await buildMember(harness.server.app, owner, { name: 'Maya Member' })
  const created = await request(harness.server.app, owner, 'POST', '/api/chat/conversations', { participantIds: [maya.user.id] })
  const { id } = created.json() as { id: string }
  for (let n = 1; n <= 35; n++) {
    const sent = await request(harness.server.app, n % 2 ? owner : maya, 'POST', `/api/chat/conversations/${id}/messages`, {
      body: `Note number ${n}`,
    })
    expect(sent.statusCode).toBe(201)
  }
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Olivia Owner')
  await page.goto(`/chat/${id}`)
  const log = page.getByRole('log', { name: 'Maya Member' })
  await log.getByText('Note number 35', { exact: true }).waitFor()
  expect(await log.getByText('Note number 1', { exact: true }).count()).toBe(0)
  await page.getByRole('button', { name: 'Show earlier messages' }).click()
  await log.getByText('Note number 1', { exact: true }).waitFor()
  // All of it is there now, once each, and there is nothing earlier to ask for.
  for (const n of [1, 5, 6, 35]) expect(await log.getByText(`Note number ${n}`, { exact: true }).count()).toBe(1)
  await page.getByRole('button', { name: 'Show earlier messages' }).waitFor({ state: 'detached' })
})
