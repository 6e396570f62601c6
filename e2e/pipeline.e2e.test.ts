import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember, buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { dragWithMouse } from './drag.ts'
import { holdRequests, holdSocketMessage, signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'
import { goInApp, loadApp, walkable } from './in-app.ts'

// The pipeline a sales team uses every day: deals, the board, clients, the deal and client threads, stages.

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

async function api<T = Record<string, unknown>>(client: Client, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object): Promise<T> {
  const response = await request(harness.server.app, client, method, `/api${url}`, body)
  if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
  return response.json() as T
}

type Stage = { id: string; name: string }
const stagesOf = async (client: Client) => (await api<{ stages: Stage[] }>(client, 'GET', '/pipeline-stages')).stages

const card = (page: Page | Locator, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) })
const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true })
const waitInColumn = (page: Page, stage: string, deal: string) => card(column(page, stage), deal).waitFor()

it('creates a deal with a new client and a product line, finds it in the list, moves deals on the board by mouse and keyboard live for a teammate, and chats in the deal room both ways', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const sam = await buildMember(harness.server.app, owner, { name: 'Sam Seller' })
  await api(owner, 'POST', '/products', { name: 'Platform licence', price: 120000, currency: 'EUR' })
  const stages = await stagesOf(owner)
  await api(owner, 'POST', '/deals', { name: 'Globex rollout', company: 'Globex', stageId: stages[0]?.id, amount: 500000 })

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Olivia Owner')
  await page.goto('/deals/new')
  await page.getByLabel('Deal name').fill('Acme renewal')
  await page.getByLabel('Company').fill('Acme')
  await page.getByLabel('Contacts').fill('Hana Sato')
  await page.getByRole('option', { name: 'Add “Hana Sato” as a new client' }).click()
  const dialog = page.getByRole('dialog', { name: 'New client' })
  expect(await dialog.getByLabel('Company').inputValue()).toBe('Acme')
  await dialog.getByLabel('Email').fill('hana@acme.example')
  await dialog.getByRole('button', { name: 'New client' }).click()
  await page.getByRole('button', { name: 'Hana Sato' }).waitFor()
  await page.getByRole('button', { name: 'Add a product' }).click()
  await page.getByLabel('Product', { exact: true }).click()
  await page.getByRole('option', { name: /Platform licence/ }).click()
  await page.getByLabel('Quantity').fill('3')
  await page.getByText('Products total: €3,600.00').waitFor()
  await page.getByRole('button', { name: 'Use as the amount' }).click()
  expect(await page.getByLabel('Amount').inputValue()).toBe('3600')
  await page.getByRole('button', { name: 'Create the deal' }).click()
  await page.getByRole('heading', { name: 'Acme renewal', level: 1 }).waitFor()
  const dealId = page.url().split('/').at(-1) ?? ''
  const saved = await api<{ amount: number; contacts: { name: string }[]; lines: { quantity: number; unitPrice: number }[] }>(
    owner,
    'GET',
    `/deals/${dealId}`,
  )
  expect(saved.amount).toBe(360000)
  expect(saved.contacts.map((c) => c.name)).toEqual(['Hana Sato'])
  expect(saved.lines).toMatchObject([{ quantity: 3, unitPrice: 120000 }])
  await page.getByText('Olivia Owner created the deal').waitFor()

  // The list: search narrows it, a stage filter too, and the address keeps both.
  await page.goto('/deals')
  await page.getByText('2 deals', { exact: true }).waitFor()
  await page.getByLabel('Search by name or company').fill('acme')
  await page.getByText('1 deal', { exact: true }).waitFor()
  await page.getByRole('row').filter({ hasText: 'Acme renewal' }).getByText('€3,600.00').waitFor()
  expect(await page.getByRole('row').filter({ hasText: 'Globex rollout' }).count()).toBe(0)
  await page.waitForURL(/q=acme/)
  await page.getByLabel('Stage').click()
  await page.getByRole('option', { name: stages[1]?.name }).click()
  await page.getByText('No deal matches these filters.').waitFor()
  await page.reload()
  await page.getByText('No deal matches these filters.').waitFor()
  await page.getByRole('button', { name: 'Clear the filters' }).click()
  await page.getByText('2 deals', { exact: true }).waitFor()

  // The board, with a teammate looking at it too.
  const teammate = await harness.newPage()
  await signIn(teammate, sam.user.email, 'Sam Seller')
  await teammate.goto('/kanban')
  await page.goto('/kanban')
  const [lead, qualified, proposal] = stages.map((s) => s.name)
  if (!lead || !qualified || !proposal) throw new Error('the default pipeline has at least three stages')
  await waitInColumn(page, lead, 'Acme renewal')
  await waitInColumn(teammate, lead, 'Acme renewal')

  // With the mouse: drag and drop into the next stage.
  await dragWithMouse(page, card(page, 'Acme renewal'), column(page, qualified), {
    ready: column(page, qualified).getByTestId('drop-marker'),
  })
  await waitInColumn(page, qualified, 'Acme renewal')
  await waitInColumn(teammate, qualified, 'Acme renewal')

  // With the keyboard: Space picks up, arrows move, Space drops; the live region says where it is.
  await card(page, 'Globex rollout').focus()
  await page.keyboard.press('Space')
  await page.getByRole('status').filter({ hasText: 'Globex rollout picked up' }).waitFor()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await page
    .getByRole('status')
    .filter({ hasText: `Globex rollout: ${proposal}, position 1 of 1.` })
    .waitFor()
  await page.keyboard.press('Space')
  await page
    .getByRole('status')
    .filter({ hasText: `Globex rollout dropped in ${proposal}` })
    .waitFor()
  await waitInColumn(teammate, proposal, 'Globex rollout')
  // Escape puts a lifted deal back where it was.
  await card(page, 'Globex rollout').focus()
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Escape')
  await waitInColumn(page, proposal, 'Globex rollout')
  await page.reload()
  await waitInColumn(page, proposal, 'Globex rollout')
  await waitInColumn(page, qualified, 'Acme renewal')
  expect(await column(page, qualified).getByTestId('column-total').textContent()).toBe('€3,600.00')

  // The deal room: both write, both read, live; a script is only text.
  await page.goto(`/deals/${dealId}`)
  await teammate.goto(`/deals/${dealId}`)
  const chat = (p: Page) => p.getByRole('log', { name: 'Team chat' })
  await chat(page).getByText('No message yet.').waitFor()
  await page.getByLabel('Message', { exact: true }).fill('Sent the proposal')
  await page.keyboard.press('Shift+Enter')
  await page.keyboard.type('they answer Friday')
  await page.keyboard.press('Enter')
  await chat(teammate).getByText('Sent the proposal\nthey answer Friday').waitFor()
  await teammate.getByLabel('Message', { exact: true }).fill('<script>window.pwned = 1</script><b>Great</b>')
  await teammate.keyboard.press('Enter')
  await chat(page).getByText('<script>window.pwned = 1</script><b>Great</b>').waitFor()
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
  expect(await chat(page).locator('b').count()).toBe(0)
  // The teammate's message is on the deal's timeline too, at once, without a reload.
  await page.getByRole('list', { name: 'Timeline' }).getByText('Sam Seller wrote in the chat').waitFor()
})

it("hides from a member the product, automation, client and teammate's deal controls an owner sees, and lets them delete their own deal", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olga Owner' })
  const member = await buildMember(harness.server.app, owner, { name: 'Mo Member' })
  const product = await api<{ id: string }>(owner, 'POST', '/products', { name: 'Platform licence', price: 120_000, currency: 'EUR' })
  const client = await api<{ id: string }>(owner, 'POST', '/clients', { name: 'Cleo Client' })
  const theirs = await api<{ id: string }>(owner, 'POST', '/deals', { name: 'Olga deal' })
  const mine = await api<{ id: string }>(member, 'POST', '/deals', { name: 'Mo deal' })
  const controls = async (page: Page) => {
    await page.goto('/products')
    await page.getByRole('link', { name: 'Platform licence' }).first().waitFor()
    const newProduct = await page.getByRole('link', { name: 'New product' }).count()
    await page.goto(`/products/${product.id}`)
    await page.getByRole('heading', { name: 'Platform licence' }).waitFor()
    const deleteProduct = await page.getByRole('button', { name: 'Delete the product' }).count()
    await page.goto(`/products/${product.id}/automations`)
    await page.getByRole('heading', { name: 'Automations · Platform licence' }).waitFor()
    const newRule = await page.getByRole('button', { name: 'New rule' }).count()
    await page.goto(`/clients/${client.id}`)
    await page.getByRole('heading', { name: 'Cleo Client' }).waitFor()
    const deleteClient = await page.getByRole('button', { name: 'Delete the client' }).count()
    const deleteDeal: Record<string, number> = {}
    for (const [name, deal] of [
      ['Olga deal', theirs],
      ['Mo deal', mine],
    ] as const) {
      await page.goto(`/deals/${deal.id}`)
      await page.getByRole('heading', { name }).waitFor()
      deleteDeal[name] = await page.getByRole('button', { name: 'Delete the deal' }).count()
    }
    return { newProduct, deleteProduct, newRule, deleteClient, deleteDeal }
  }

  const ownerPage = await harness.newPage()
  await signIn(ownerPage, owner.user.email, 'Olga Owner')
  expect(await controls(ownerPage)).toEqual({
    newProduct: 1,
    deleteProduct: 1,
    newRule: 1,
    deleteClient: 1,
    deleteDeal: { 'Olga deal': 1, 'Mo deal': 1 },
  })
  const memberPage = await harness.newPage()
  await signIn(memberPage, member.user.email, 'Mo Member')
  expect(await controls(memberPage)).toEqual({
    newProduct: 0,
    deleteProduct: 0,
    newRule: 0,
    deleteClient: 0,
    deleteDeal: { 'Olga deal': 0, 'Mo deal': 1 },
  })
})

it('lets an admin rename and reorder the stages, and a deleted stage moves its deals where asked', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Stella Stages' })
  const stages = await stagesOf(owner)
  await api(owner, 'POST', '/deals', { name: 'Moving deal', stageId: stages[2]?.id })
  // Tall enough to show every stage at once: in a shorter window the first row sits under the top edge once the
  // last one is scrolled into view, and a drag aimed there scrolls the page (dnd-kit's auto-scroll), sliding the
  // row away from under the mouse (CI waited 30 s for the drop marker).
  const page = await harness.newPage({ viewport: { width: 1280, height: 1100 } })
  await signIn(page, owner.user.email, 'Stella Stages')
  await page.goto('/admin-settings/deal')
  await page.getByRole('heading', { name: 'Pipeline stages' }).waitFor()
  const names = page.getByTestId('stage-row').getByLabel('Name')
  await names.first().fill('Prospect')
  await names.first().press('Enter')
  await page.getByRole('button', { name: `Move ${stages[1]?.name} up` }).click()
  await expect.poll(async () => (await stagesOf(owner)).map((s) => s.name).slice(0, 2)).toEqual([stages[1]?.name, 'Prospect'])
  await page.getByRole('button', { name: `Move ${stages[1]?.name} down` }).waitFor()
  // With the mouse, by a row's handle: the last stage dropped on the upper half of the first.
  const rows = page.getByTestId('stage-row')
  await dragWithMouse(page, rows.last().getByTestId('stage-handle'), rows.first(), {
    ready: page.locator('ol > li:first-child[data-testid="drop-marker"]'),
    at: 0.25,
  })
  await expect
    .poll(async () => (await stagesOf(owner)).map((s) => s.name).slice(0, 3))
    .toEqual([stages.at(-1)?.name, stages[1]?.name, 'Prospect'])

  await page.getByRole('button', { name: `Delete ${stages[2]?.name}` }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Move its deals to').click()
  await page.getByRole('option', { name: 'Prospect' }).click()
  await dialog.getByRole('button', { name: 'Delete the stage' }).click()
  await expect.poll(async () => (await stagesOf(owner)).length).toBe(stages.length - 1)
  await page.goto('/kanban')
  await waitInColumn(page, 'Prospect', 'Moving deal')
})

it('reorders the stages with the keyboard on a row’s handle, says each step, and Escape puts a stage back', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Kai Keys' })
  const names = (await stagesOf(owner)).map((s) => s.name)
  const [first, second, third] = names
  if (!first || !second || !third) throw new Error('the default pipeline has at least three stages')
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Kai Keys')
  await page.goto('/admin-settings/deal')
  const said = (text: string) => page.getByRole('status').filter({ hasText: text }).waitFor()
  const handle = page.getByRole('button', { name: `Reorder ${third}` })

  // Space picks the third stage up, the arrows move it to the top, Space drops it there.
  await handle.focus()
  await page.keyboard.press('Space')
  await said(`${third} picked up, at position 3 of ${names.length}.`)
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('ArrowUp')
  await said(`${third}: position 1 of ${names.length}.`)
  await page.keyboard.press('Space')
  await said(`${third} is now at position 1 of ${names.length}.`)
  const expected = [third, first, second, ...names.slice(3)]
  await expect.poll(async () => (await stagesOf(owner)).map((s) => s.name)).toEqual(expected)
  // The focus stays on the handle of the stage moved, so it can be moved again.
  expect(await handle.evaluate((element) => element === document.activeElement)).toBe(true)

  // Picked up again and moved down, Escape puts it back at the top.
  await page.keyboard.press('Space')
  await said(`${third} picked up, at position 1 of ${names.length}.`)
  await page.keyboard.press('ArrowDown')
  await said(`${third}: position 2 of ${names.length}.`)
  await page.keyboard.press('Escape')
  await said(`Move of ${third} cancelled.`)
  await page.reload()
  const shown = page.getByTestId('stage-row').getByLabel('Name')
  await shown.nth(2).waitFor()
  expect(await shown.evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value))).toEqual(expected)
})

it('keeps a client thread live for teammates, with edits', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Carla Clients' })
  const mate = await buildMember(harness.server.app, owner, { name: 'Milo Mate' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Carla Clients')
  await page.goto('/clients')
  await page.getByText('No client yet.').waitFor()
  await page.getByRole('button', { name: 'New client' }).click()
  const dialog = page.getByRole('dialog', { name: 'New client' })
  await dialog.getByLabel('Name').fill('Hana Sato')
  await dialog.getByLabel('Phone').fill('+44 20 7946 0958')
  await dialog.getByLabel('Job title').fill('CTO')
  await dialog.getByRole('button', { name: 'New client' }).click()
  await page.getByRole('heading', { name: 'Hana Sato', level: 1 }).waitFor()
  const clientPath = new URL(page.url()).pathname

  const other = await harness.newPage()
  await signIn(other, mate.user.email, 'Milo Mate')
  await other.goto('/clients')
  await other.getByLabel('Search by name, email or company').fill('hana')
  await other.getByRole('row').filter({ hasText: '+44 20 7946 0958' }).click()
  await other.waitForURL(`**${clientPath}`, { waitUntil: 'commit' })
  const thread = (p: Page) => p.getByRole('log', { name: 'Notes and messages' })
  await thread(other).getByText('No message yet.').waitFor()

  await page.getByLabel('Message', { exact: true }).fill('Prefers mornings')
  await page.keyboard.press('Enter')
  await thread(other).getByText('Prefers mornings').waitFor()
  await thread(page).getByRole('button', { name: 'Edit' }).click()
  await page.getByLabel('Edit your message').fill('Prefers calls in the morning')
  await page.keyboard.press('Enter')
  await thread(other).getByText('Prefers calls in the morning').waitFor()
  await thread(other).getByText('edited', { exact: false }).waitFor()
})

it('shows a teammate what was said in a deal thread between their page loading it and joining it live', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Lena Late' })
  const mate = await buildMember(harness.server.app, owner, { name: 'Tom Tardy' })
  const stages = await stagesOf(owner)
  const deal = await api<{ id: string }>(owner, 'POST', '/deals', { name: 'Initech upgrade', stageId: stages[0]?.id })
  const other = await harness.newPage()
  await signIn(other, mate.user.email, 'Tom Tardy')
  // The teammate's page asks to join the thread's room only when the test lets it: first the thread downloads.
  const join = await holdSocketMessage(other, (message) => message.includes('"deals-join-room"'))
  await other.goto(`/deals/${deal.id}`)
  const thread = other.getByRole('log', { name: 'Team chat' })
  await thread.getByText('No message yet.').waitFor()
  await join.held

  await api(owner, 'POST', `/deals/${deal.id}/messages`, { body: 'Budget approved' })
  join.release()
  await thread.getByText('Budget approved').waitFor()
})

it('shows a teammate a deal moved while their board was loading, once their page has connected', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Bo Board' })
  const mate = await buildMember(harness.server.app, owner, { name: 'Kit Slow' })
  const [first, second] = await stagesOf(owner)
  if (!first || !second) throw new Error('the default pipeline has stages')
  const deal = await api<{ id: string }>(owner, 'POST', '/deals', { name: 'Hooli pilot', stageId: first.id })
  const other = await harness.newPage()
  await signIn(other, mate.user.email, 'Kit Slow')
  // The teammate's socket connects only when the test lets it: first the board downloads.
  const connection = await holdSocketMessage(other, (message) => message === '40')
  await other.goto('/kanban')
  await waitInColumn(other, first.name, 'Hooli pilot')
  await connection.held

  await api(owner, 'POST', `/deals/${deal.id}/move`, { stageId: second.id })
  connection.release()
  await waitInColumn(other, second.name, 'Hooli pilot')
})

it('opens the client clicked while a search is still settling, not pulled back to the list', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Sam Search' })
  await api(owner, 'POST', '/clients', { name: 'Hana Sato', company: 'Acme' })
  const page = await harness.newPage()
  await page.clock.install()
  await signIn(page, owner.user.email, 'Sam Search')
  await page.goto('/clients')
  await page.getByRole('row').filter({ hasText: 'Hana Sato' }).waitFor()
  // The client page's code arrives only after the search box has settled (300 ms after the last key).
  const release = await holdRequests(page, '**/assets/ClientPage-*.js')
  await page.getByLabel('Search by name, email or company').fill('hana')
  await page.getByRole('row').filter({ hasText: 'Hana Sato' }).click()
  await page.clock.runFor(1_000)
  release()
  await page.getByRole('heading', { name: 'Hana Sato', level: 1 }).waitFor()
  expect(new URL(page.url()).pathname).toMatch(/^\/clients\/[\w-]+$/)
})

// ---- Languages and accessibility ----

const pagesToCheck = (dealId: string, clientId: string) => [
  '/deals',
  `/deals/${dealId}`,
  '/kanban',
  '/clients',
  `/clients/${clientId}`,
  '/products',
  '/admin-settings/deal',
]

async function seeded(name: string) {
  const owner = await buildOwner(harness.server.app, { name })
  const product = await api<{ id: string }>(owner, 'POST', '/products', { name: 'Licence', price: 1000, currency: 'EUR' })
  const client = await api<{ id: string }>(owner, 'POST', '/clients', { name: 'Hana Sato', company: 'Acme' })
  const deal = await api<{ id: string }>(owner, 'POST', '/deals', {
    name: 'Acme renewal',
    company: 'Acme',
    amount: 250000,
    expectedCloseDate: '2027-03-15',
    contactIds: [client.id],
    lines: [{ productId: product.id, quantity: 2 }],
  })
  await api(owner, 'POST', `/deals/${deal.id}/messages`, { body: 'Hello' })
  return { owner, dealId: deal.id, clientId: client.id }
}

async function visibleLines(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText)
  return [...new Set(text.split('\n').map((line) => line.trim()))].filter((line) => /\p{L}{2,}/u.test(line))
}

it('shows the pipeline screens in French and Arabic with no English left and no raw key', async () => {
  const { owner, dealId, clientId } = await seeded('Lina Langues')
  // Data stays as typed: people, deals, products, stages (the default stages are named in English).
  const data = [
    ...(await stagesOf(owner)).map((s) => s.name),
    'Lina Langues',
    'Acme renewal',
    'Acme',
    'Hana Sato',
    'Licence',
    'Hello',
    'EUR',
    'Closeroom',
  ]
  const isData = (line: string) => data.some((d) => line === d || line.startsWith(`${d} ·`) || line.endsWith(`· ${d}`))
  const page = await harness.newPage()
  await walkable(page)
  await signIn(page, owner.user.email, 'Lina Langues')
  // Each language loaded once, then its screens opened inside the app, each read once settled (e2e/in-app.ts).
  const walk = async (language: string) => {
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language)
    await loadApp(page)
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language)
    const seen = new Map<string, string[]>()
    for (const path of pagesToCheck(dealId, clientId)) {
      await goInApp(page, path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      seen.set(path, await visibleLines(page))
    }
    return seen
  }
  const english = await walk('en')
  const problems: string[] = []
  for (const language of ['fr', 'ar']) {
    for (const [path, lines] of await walk(language)) {
      const englishLines = new Set(english.get(path))
      for (const line of lines) {
        if (/^[a-z]+(\.[\w-]+)+$/i.test(line)) problems.push(`${language} ${path}: raw key "${line}"`)
        else if (
          englishLines.has(line) &&
          !isData(line) &&
          !/^(Pipeline|Clients|Description|Message|Notes|Total|Contacts|Date)$/.test(line)
        )
          problems.push(`${language} ${path}: still English "${line}"`)
      }
    }
    if (language === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
  }
  expect(problems).toEqual([])
})

for (const mode of ['light', 'dark'] as const) {
  it(`finds no serious or critical accessibility problem on the pipeline pages, ${mode} mode`, async () => {
    const { owner, dealId, clientId } = await seeded(`Ada ${mode}`)
    const page = await harness.newPage()
    await page.emulateMedia({ colorScheme: mode })
    await walkable(page)
    await signIn(page, owner.user.email, `Ada ${mode}`)
    const problems: string[] = []
    for (const path of ['/deals', `/deals/${dealId}`, '/kanban', '/clients', `/clients/${clientId}`]) {
      await goInApp(page, path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      for (const problem of await violations(page)) problems.push(`${path}: ${problem}`)
    }
    expect(problems).toEqual([])
  })
}
