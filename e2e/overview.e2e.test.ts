import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember, buildOwner, request } from '../apps/server/src/testing/factories.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

it("shows the organization's people, invitations, teams and sign-ins on the home page", async () => {
  const app = harness.server.app
  const owner = await buildOwner(app, { name: 'Omar Overview' })
  const members = []
  for (const name of ['Ana', 'Ben', 'Cai', 'Dee', 'Eli']) members.push(await buildMember(app, owner, { name: `${name} Seller` }))
  await request(app, owner, 'POST', '/api/users', { email: 'pending@example.com', role: 'admin' })
  await request(app, owner, 'POST', '/api/teams', { name: 'Field sales', memberIds: members.map((m) => m.user.id) })

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Omar Overview')
  const stat = (label: string) => page.getByRole('main').getByRole('link', { name: new RegExp(`^${label}\\s*\\d`) })
  await stat('People with access').getByText('6', { exact: true }).waitFor()
  await stat('Invitations waiting').getByText('1', { exact: true }).waitFor()
  await stat('Teams').getByText('1', { exact: true }).waitFor()

  // The donut's label and total: everyone who can sign in or is invited.
  await page.locator('.apexcharts-datalabels-group').getByText('Total').waitFor()
  expect(await page.locator('.apexcharts-datalabel-value').textContent()).toBe('7')
  // One bar a day for two weeks.
  expect(await page.locator('.apexcharts-bar-area').count()).toBe(14)

  // A team shows four faces and "+1" for the fifth member.
  const team = page.getByText('Field sales').locator('xpath=ancestor::div[contains(@class,"MuiStack-root")][1]')
  await team.getByText('+1').waitFor()
  expect(await team.locator('.MuiAvatar-root').count()).toBe(5)
})
