import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember, buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { dragWithMouse } from './drag.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// The board a team watches together stays current from the socket's payloads: a move or a new deal reaches
// every open board without reading the board again, and the tab that made the move reads nothing after it.

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

async function api<T = Record<string, unknown>>(client: Client, method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const response = await request(harness.server.app, client, method, `/api${url}`, body)
  if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
  return response.json() as T
}

const card = (scope: Page | Locator, name: string) => scope.getByRole('button', { name: new RegExp(`^${name}`) })
const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true })
const waitInColumn = (page: Page, stage: string, deal: string) => card(column(page, stage), deal).waitFor()

/** The requests a page sends to the deals API from now on, as "METHOD path". */
function dealRequests(page: Page) {
  const seen: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname.startsWith('/api/deals')) seen.push(`${r.method()} ${url.pathname}`)
  })
  return seen
}

it("moves a deal on one member's board and shows it on a teammate's, and a deal made elsewhere on both, without reading the board again", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const sam = await buildMember(harness.server.app, owner, { name: 'Sam Seller' })
  const { stages } = await api<{ stages: { id: string; name: string }[] }>(owner, 'GET', '/pipeline-stages')
  const [lead, qualified] = stages
  if (!lead || !qualified) throw new Error('the default pipeline has at least two stages')
  const moving = await api<{ id: string }>(owner, 'POST', '/deals', { name: 'Acme renewal', stageId: lead.id, amount: 100_000 })
  await api(owner, 'POST', '/deals', { name: 'Globex rollout', stageId: qualified.id, amount: 250_000 })

  const mover = await harness.newPage()
  const teammate = await harness.newPage()
  await signIn(mover, owner.user.email, 'Olivia Owner')
  await signIn(teammate, sam.user.email, 'Sam Seller')
  await Promise.all([mover.goto('/kanban'), teammate.goto('/kanban')])
  for (const page of [mover, teammate]) await waitInColumn(page, lead.name, 'Acme renewal')
  // A deal made once both boards are shown reaches them through their sockets, or through the read each board
  // makes once its socket connects: either way both sockets are connected when it shows.
  await api(owner, 'POST', '/deals', { name: 'Initech pilot', stageId: lead.id })
  for (const page of [mover, teammate]) await waitInColumn(page, lead.name, 'Initech pilot')

  const moverRequests = dealRequests(mover)
  const teammateRequests = dealRequests(teammate)
  const moved = mover.waitForResponse((r) => r.url().endsWith(`/api/deals/${moving.id}/move`))
  await dragWithMouse(mover, card(mover, 'Acme renewal'), column(mover, qualified.name), {
    ready: column(mover, qualified.name).getByTestId('drop-marker'),
  })
  expect((await moved).status()).toBe(200)
  await waitInColumn(teammate, qualified.name, 'Acme renewal')
  // In the same place as on the mover's board, wherever the drop put it.
  const order = (page: Page) => column(page, qualified.name).getByRole('button').allTextContents()
  expect(await order(teammate)).toEqual(await order(mover))
  expect(await order(teammate)).toHaveLength(2)
  expect(await column(teammate, qualified.name).getByTestId('column-total').textContent()).toBe('€3,500.00')
  expect(await column(teammate, lead.name).getByTestId('column-total').textContent()).not.toContain('€1,000.00')

  // A deal made by the API: each socket hears of it after the move's echo, so by the time both boards show
  // it, any read the move would have caused has been sent.
  await api(owner, 'POST', '/deals', { name: 'Umbrella expansion', stageId: qualified.id, amount: 50_000 })
  for (const page of [mover, teammate]) await waitInColumn(page, qualified.name, 'Umbrella expansion')
  expect(await column(mover, qualified.name).getByTestId('column-total').textContent()).toBe('€4,000.00')

  expect(moverRequests).toEqual([`POST /api/deals/${moving.id}/move`])
  expect(teammateRequests).toEqual([])
})

it("keeps a deal lifted with the keyboard moving when a teammate's change reaches the board meanwhile", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Kim Keys' })
  const { stages } = await api<{ stages: { id: string; name: string }[] }>(owner, 'GET', '/pipeline-stages')
  const [lead, qualified] = stages
  if (!lead || !qualified) throw new Error('the default pipeline has at least two stages')
  await api(owner, 'POST', '/deals', { name: 'Hooli discovery', stageId: lead.id })
  const elsewhere = await api<{ id: string }>(owner, 'POST', '/deals', { name: 'Stark upgrade', stageId: lead.id })

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Kim Keys')
  await page.goto('/kanban')
  await waitInColumn(page, lead.name, 'Stark upgrade')
  // Connected: a deal made now reaches the board through its socket (or its read once connected).
  await api(owner, 'POST', '/deals', { name: 'Wayne pilot', stageId: qualified.id })
  await waitInColumn(page, qualified.name, 'Wayne pilot')

  await card(page, 'Hooli discovery').focus()
  await page.keyboard.press('Space')
  await page.getByRole('status').filter({ hasText: 'Hooli discovery picked up' }).waitFor()
  // While it is lifted, another tab moves another deal: the board takes the change in from the event.
  await api(owner, 'POST', `/deals/${elsewhere.id}/move`, { stageId: qualified.id })
  await waitInColumn(page, qualified.name, 'Stark upgrade')
  await page.keyboard.press('ArrowRight')
  await page
    .getByRole('status')
    .filter({ hasText: `Hooli discovery: ${qualified.name}, position 1 of 3.` })
    .waitFor()
  await page.keyboard.press('Space')
  await page
    .getByRole('status')
    .filter({ hasText: `Hooli discovery dropped in ${qualified.name}` })
    .waitFor()
  await page.reload()
  await waitInColumn(page, qualified.name, 'Hooli discovery')
})
