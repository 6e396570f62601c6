import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildEventType } from '../apps/server/src/testing/booking.ts'
import { buildMember, buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { buildForm } from '../apps/server/src/testing/routing.ts'
import { violations } from './axe.ts'
import { choose, signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// The seller's routing editor: a form's questions, its outcomes with nested conditions and a members action,
// their order by keyboard, and refusals shown where they apply.

let harness: Harness
let owner: Client

beforeAll(async () => {
  harness = await startHarness()
  const app = harness.server.app
  owner = await buildOwner(app, { name: 'Rita Router' })
  const maya = await buildMember(app, owner, { name: 'Maya Member' })
  await request(app, owner, 'PATCH', `/api/users/${maya.user.id}`, { attributes: { region: ['EMEA'] } })
  const team = (await request(app, owner, 'POST', '/api/teams', { name: 'Sales', memberIds: [maya.user.id] })).json()
  await buildEventType(app, owner, { title: 'Team demo', kind: 'round_robin', teamId: team.id })
})
afterAll(() => harness?.close())

const outcomeNames = async (routingId: string) =>
  ((await request(harness.server.app, owner, 'GET', `/api/routings/${routingId}`)).json().outcomes as { name: string }[]).map((o) => o.name)

/** The rule `number` of the conditions' top group (the first of that name on the page). */
const ruleOf = (page: Page, number: number) => page.getByRole('group', { name: `Rule ${number}`, exact: true }).first()

async function axeClean(page: Page, where: string) {
  expect(await violations(page), where).toEqual([])
}

it('builds a form, adds outcomes with nested conditions and a members action, and reorders them with the keyboard', async () => {
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Rita Router')
  await page.getByRole('link', { name: 'Routing' }).click()
  await page.getByText('No routing forms yet').waitFor()
  await axeClean(page, 'empty list')
  await page.getByRole('link', { name: 'New routing form' }).first().click()
  await page.getByRole('heading', { level: 1, name: 'New routing form' }).waitFor()

  await page.getByLabel('Name', { exact: false }).first().fill('Inbound demo')
  await page.getByLabel('Address', { exact: true }).fill('inbound-demo')
  await page.getByText(/Buyers answer at http.*\/f\/inbound-demo/).waitFor()
  const rows = page.getByTestId('field-row')
  // A new form starts with the buyer's email, which fills the booking form and finds their owner.
  expect(await rows.first().getByLabel('Identifier').inputValue()).toBe('email')
  await page.getByRole('button', { name: 'Add a question' }).click()
  await rows.nth(1).getByLabel('Label').fill('Region')
  await rows.nth(1).getByLabel('Type').selectOption({ label: 'Single select' })
  const choices = rows.nth(1).getByLabel('Choices')
  for (const choice of ['EMEA', 'APAC']) {
    await choices.fill(choice)
    await choices.press('Enter')
  }
  await page.getByRole('button', { name: 'Add a question' }).click()
  await rows.nth(2).getByLabel('Label').fill('Company size')
  await rows.nth(2).getByLabel('Type').selectOption({ label: 'Number' })
  // The identifier follows the label until typed.
  expect(await rows.nth(1).getByLabel('Identifier').inputValue()).toBe('region')
  expect(await rows.nth(2).getByLabel('Identifier').inputValue()).toBe('company_size')
  // Company size goes before Region, with the keyboard on its handle.
  const said = (text: string) => page.getByRole('status').filter({ hasText: text }).waitFor()
  await page.getByRole('button', { name: 'Reorder Company size' }).focus()
  await page.keyboard.press('Space')
  await said('Company size picked up, at position 3 of 3.')
  await page.keyboard.press('ArrowUp')
  await said('Company size: position 2 of 3.')
  await page.keyboard.press('Space')
  await said('Company size is now at position 2 of 3.')
  await axeClean(page, 'new form')
  await page.getByRole('button', { name: 'Create form' }).click()
  await page.waitForURL(/\/routings\/([0-9a-f-]{36})\?tab=outcomes$/)
  const routingId = /\/routings\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? ''
  await page.getByRole('heading', { level: 1, name: 'Inbound demo' }).waitFor()
  await page.getByTestId('fallback-row').getByText('Matches everyone who reaches it').waitFor()
  // The toast fades in (its colours mid-animation are not the toast's): check the page once it is gone.
  await page.getByText('Routing form saved').waitFor({ state: 'detached' })
  await axeClean(page, 'outcomes tab')

  // First outcome: Region is EMEA and (size over 100 or a company email), booked with EMEA members, plus a deal.
  await page.getByRole('link', { name: 'Add outcome' }).click()
  await page.getByRole('heading', { level: 1, name: 'New outcome' }).waitFor()
  await page.getByLabel('Name', { exact: false }).first().fill('EMEA enterprise')
  await choose(page, ruleOf(page, 1), 'Question', 'Region')
  await choose(page, ruleOf(page, 1), 'Value', 'EMEA')
  await page.getByRole('button', { name: 'Add group' }).click()
  const nested = page.getByRole('group', { name: 'Group at level 2' })
  expect(await nested.getByRole('button', { name: 'OR' }).getAttribute('aria-pressed')).toBe('true')
  await choose(page, nested.getByRole('group', { name: 'Rule 1' }), 'Question', 'Company size')
  await choose(page, nested.getByRole('group', { name: 'Rule 1' }), 'Test', 'is greater than')
  await nested.getByRole('group', { name: 'Rule 1' }).getByLabel('Value').fill('100')
  await nested.getByRole('button', { name: 'Add rule' }).click()
  await choose(page, nested.getByRole('group', { name: 'Rule 2' }), 'Test', 'contains')
  await nested.getByRole('group', { name: 'Rule 2' }).getByLabel('Value').fill('enterprise')
  await page.getByRole('radio', { name: 'Book with matching members' }).check()
  await choose(page, page.locator('form'), 'Team round-robin event type', 'Team demo (team)')
  const match = page.getByTestId('match-row').first()
  await match.getByLabel('Attribute 1').fill('region')
  await match.getByLabel('Attribute 1').press('Tab')
  await choose(page, match, 'Question', 'Region')
  await page.getByLabel('Also create or update a deal').check()
  await choose(page, page.locator('form'), 'Stage', 'Qualified')
  await axeClean(page, 'new outcome')
  await page.getByRole('button', { name: 'Add outcome' }).click()
  await page.waitForURL(/\?tab=outcomes$/)
  await page.getByText('Book Team demo with members where region = answer to Region + deal in Qualified').waitFor()

  // Second outcome: small teams get a message.
  await page.getByRole('link', { name: 'Add outcome' }).click()
  await page.getByLabel('Name', { exact: false }).first().fill('Small teams')
  await choose(page, ruleOf(page, 1), 'Question', 'Company size')
  await choose(page, ruleOf(page, 1), 'Test', 'is less than')
  await ruleOf(page, 1).getByLabel('Value').fill('10')
  await page.getByRole('radio', { name: 'Show a message' }).check()
  await page.getByRole('textbox', { name: 'Message' }).fill('We will write to you.')
  await page.getByRole('button', { name: 'Add outcome' }).click()
  await page.waitForURL(/\?tab=outcomes$/)
  await page.getByText('Small teams').waitFor()
  expect(await outcomeNames(routingId)).toEqual(['EMEA enterprise', 'Small teams', 'Everyone else'])
  const saved = (await request(harness.server.app, owner, 'GET', `/api/routings/${routingId}`)).json()
  expect(saved.fields.map((f: { identifier: string }) => f.identifier)).toEqual(['email', 'company_size', 'region'])

  // Space picks Small teams up, the up arrow moves it first, Space drops it there.
  await page.getByRole('button', { name: 'Reorder Small teams' }).focus()
  await page.keyboard.press('Space')
  await said('Small teams picked up, at position 2 of 2.')
  await page.keyboard.press('ArrowUp')
  await said('Small teams: position 1 of 2.')
  await page.keyboard.press('Space')
  await said('Small teams is now at position 1 of 2.')
  await expect.poll(() => outcomeNames(routingId)).toEqual(['Small teams', 'EMEA enterprise', 'Everyone else'])
  await page.reload()
  const shown = page.getByTestId('outcome-row')
  await shown.nth(1).waitFor()
  expect(await shown.allInnerTexts()).toEqual([expect.stringContaining('Small teams'), expect.stringContaining('EMEA enterprise')])

  // The saved outcome opens with its nested rule as saved.
  await page.getByRole('link', { name: 'EMEA enterprise' }).click()
  await page.getByRole('heading', { level: 1, name: 'EMEA enterprise' }).waitFor()
  await page.getByText('Outcome saved').waitFor({ state: 'detached' })
  expect(await nested.getByRole('group', { name: 'Rule 1' }).getByLabel('Value').inputValue()).toBe('100')
  await axeClean(page, 'outcome editor')

  // The same pages in the dark.
  await page.context().addCookies([{ name: 'themeMode', value: 'dark', domain: new URL(harness.server.url).hostname, path: '/' }])
  for (const [where, path, shown] of [
    ['outcome editor', `/routings/${routingId}/outcomes/new`, 'New outcome'],
    ['outcomes tab', `/routings/${routingId}?tab=outcomes`, 'Inbound demo'],
    ['form tab', `/routings/${routingId}?tab=form`, 'Inbound demo'],
    ['list', '/routings', 'Routing forms'],
  ]) {
    await page.goto(path ?? '')
    await page.getByRole('heading', { level: 1, name: shown }).waitFor()
    await axeClean(page, `${where}, dark`)
  }
})

it('shows each refusal next to its field, and asks before unsaved changes are left', async () => {
  await buildForm(harness.server.app, owner, { name: 'Taken', slug: 'taken-address' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Rita Router')
  await page.goto('/routings/new')
  const name = page.getByLabel('Name', { exact: false }).first()
  await name.waitFor()

  // The browser's checks: a name, and two choices for a select question.
  await page.getByRole('button', { name: 'Add a question' }).click()
  const question = page.getByTestId('field-row').nth(1)
  await question.getByLabel('Label').fill('Plan')
  await question.getByLabel('Type').selectOption({ label: 'Single select' })
  await question.getByLabel('Choices').fill('Pro')
  await question.getByLabel('Choices').press('Enter')
  await page.getByRole('button', { name: 'Create form' }).click()
  await page.getByText('Name is required').waitFor()
  await question.getByText('A select question needs at least two options').waitFor()
  expect(await name.getAttribute('aria-invalid')).toBe('true')

  // The server's: an address another form holds.
  await name.fill('Second form')
  await question.getByLabel('Choices').fill('Team')
  await question.getByLabel('Choices').press('Enter')
  const address = page.getByLabel('Address', { exact: true })
  await address.fill('taken-address')
  await page.getByRole('button', { name: 'Create form' }).click()
  await page.getByText('Another form already uses this address').waitFor()
  expect(await address.getAttribute('aria-invalid')).toBe('true')

  // Leaving by the menu with changes unsaved asks first; staying keeps them.
  await page.getByTestId('nav-desktop').getByRole('link', { name: 'Routing' }).click()
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
  await leave.getByRole('button', { name: 'Stay' }).click()
  expect(await name.inputValue()).toBe('Second form')
  await axeClean(page, 'form with refusals')

  await address.fill('second-form')
  await page.getByRole('button', { name: 'Create form' }).click()
  await page.waitForURL(/\?tab=outcomes$/)
  await page.getByRole('link', { name: 'Add outcome' }).click()
  await page.getByLabel('Name', { exact: false }).first().fill('Mid-size')
  await choose(page, ruleOf(page, 1), 'Question', 'Plan')
  await choose(page, ruleOf(page, 1), 'Test', 'is any of')
  await page.getByRole('radio', { name: 'Redirect to a URL' }).check()
  await page.getByLabel('Address').fill('not a url')
  await page.getByRole('button', { name: 'Add outcome' }).click()
  await ruleOf(page, 1).getByText('Choose at least one value.').waitFor()
  await page.getByText('Must be a valid URL').waitFor()
  await page.getByText('Routing form saved').waitFor({ state: 'detached' })
  expect(await page.getByLabel('Address').getAttribute('aria-invalid')).toBe('true')
  await axeClean(page, 'outcome with refusals')
  await choose(page, ruleOf(page, 1), 'Value', 'Pro')
  await page.getByLabel('Address').fill('https://example.com/pricing')
  await page.getByRole('button', { name: 'Add outcome' }).click()
  await page.waitForURL(/\?tab=outcomes$/)

  // A question an outcome tests cannot go: the server says so above the questions.
  await page.getByRole('tab', { name: 'Form', exact: true }).click()
  await page.getByRole('button', { name: 'Remove the question: Plan' }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('An outcome still tests a question you changed or removed: change that outcome first.').waitFor()

  // A form is deleted from the list after a confirmation.
  await page.goto('/routings')
  await page.getByRole('button', { name: 'Delete: Taken' }).click()
  await page.getByRole('dialog', { name: 'Delete Taken?' }).getByRole('button', { name: 'Delete the form' }).click()
  await page.getByText('Routing form deleted').waitFor()
  await page.getByRole('link', { name: 'Taken', exact: true }).waitFor({ state: 'detached' })
  await page.getByRole('link', { name: 'Second form' }).waitFor()
})
