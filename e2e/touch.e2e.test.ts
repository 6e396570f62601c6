import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { dragWithTouch } from './drag.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// A seller on a phone: the board and the stages move under a finger, and a tap still opens a deal.

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

const phone = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }

type Stage = { id: string; name: string }
const stagesOf = async (client: Client) =>
  (await request(harness.server.app, client, 'GET', '/api/pipeline-stages')).json().stages as Stage[]

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true })
const card = (page: Page, stage: string, deal: string) => column(page, stage).getByRole('button', { name: new RegExp(`^${deal}`) })

it('moves a deal to the next stage with a finger, and a tap opens it', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Tara Touch' })
  const stages = await stagesOf(owner)
  const [lead, qualified] = stages.map((s) => s.name)
  if (!lead || !qualified) throw new Error('the default pipeline has at least two stages')
  await request(harness.server.app, owner, 'POST', '/api/deals', { name: 'Initech pilot', stageId: stages[0]?.id, amount: 90000 })
  const page = await harness.newPage(phone)
  await signIn(page, owner.user.email, 'Tara Touch')
  await page.goto('/kanban')

  await dragWithTouch(page, card(page, lead, 'Initech pilot'), column(page, qualified), {
    ready: column(page, qualified).getByTestId('drop-marker'),
  })
  await card(page, qualified, 'Initech pilot').waitFor()
  await page.reload()
  await card(page, qualified, 'Initech pilot').waitFor()

  await card(page, qualified, 'Initech pilot').tap()
  await page.getByRole('heading', { name: 'Initech pilot', level: 1 }).waitFor()
})

it('reorders the pipeline stages with a finger on a row’s handle', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Tom Touch' })
  const names = (await stagesOf(owner)).map((s) => s.name)
  const page = await harness.newPage(phone)
  await signIn(page, owner.user.email, 'Tom Touch')
  await page.goto('/admin-settings/deal')
  const rows = page.getByTestId('stage-row')
  await rows.nth(2).waitFor()

  // The third stage, dropped on the upper half of the first: it becomes the first.
  await dragWithTouch(page, rows.nth(2).getByTestId('stage-handle'), rows.first(), {
    ready: page.locator('ol > li:first-child[data-testid="drop-marker"]'),
    at: 0.25,
  })
  const expected = [names[2], names[0], names[1], ...names.slice(3)]
  const shown = () => rows.getByLabel('Name').evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value))
  await expect.poll(shown).toEqual(expected)
  // The page shows the new order before the server has it: reload once it does, or the reload may beat the save.
  await expect.poll(async () => (await stagesOf(owner)).map((s) => s.name)).toEqual(expected)
  await page.reload()
  await rows.nth(2).waitFor()
  expect(await shown()).toEqual(expected)
})
