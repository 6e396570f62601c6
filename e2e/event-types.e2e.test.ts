import type { EventType, Schedule } from '@closeroom/shared'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildEventType } from '../apps/server/src/testing/booking.ts'
import { buildMember, buildOwner, request } from '../apps/server/src/testing/factories.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${target}`)
}

it('creates an event type with a custom question from the keyboard alone, then lists, hides and deletes it', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Kai Keys' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Kai Keys')
  await page.goto('/calendar/event-types/new')
  await page.getByRole('heading', { name: 'New event type' }).waitFor()

  // The title has the focus; the slug follows it until someone edits it.
  await page.getByLabel('Title').waitFor()
  expect(await page.getByLabel('Title').evaluate((element) => element === document.activeElement)).toBe(true)
  await page.keyboard.type('Discovery Call')
  await page.keyboard.press('Tab')
  expect(await page.getByLabel('URL slug').inputValue()).toBe('discovery-call')

  await tabTo(page, page.getByRole('button', { name: 'Add a question' }))
  await page.keyboard.press('Enter')
  // The new question's label takes the focus; its key follows the label.
  await page.getByRole('textbox', { name: 'Question 1' }).waitFor()
  expect(await page.getByRole('textbox', { name: 'Question 1' }).evaluate((element) => element === document.activeElement)).toBe(true)
  await page.keyboard.type('Company size')
  expect(await page.getByRole('textbox', { name: 'Key' }).inputValue()).toBe('company_size')
  await tabTo(page, page.getByRole('switch', { name: 'Required' }).or(page.getByRole('checkbox', { name: 'Required' })))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByRole('button', { name: 'Save' }))
  await page.keyboard.press('Enter')
  await page.getByText('Event type saved').waitFor()
  await page.waitForURL('**/calendar/event-types')

  const [saved] = (await request(harness.server.app, owner, 'GET', '/api/event-types')).json().eventTypes as EventType[]
  expect(saved).toMatchObject({ title: 'Discovery Call', slug: 'discovery-call', kind: 'personal' })
  expect(saved?.questions).toEqual([{ id: 'company_size', label: 'Company size', type: 'text', required: true, options: [] }])

  await page.getByRole('link', { name: 'Discovery Call', exact: true }).waitFor()
  await page.getByLabel('Bookable: Discovery Call').click()
  await page.locator('.MuiChip-root').getByText('Hidden', { exact: true }).waitFor()
  expect(await page.getByLabel('Bookable: Discovery Call').isChecked()).toBe(false)
  expect((await request(harness.server.app, owner, 'GET', `/api/event-types/${saved?.id}`)).json().hidden).toBe(true)

  await page.getByRole('button', { name: 'Delete: Discovery Call' }).click()
  await page.getByRole('dialog', { name: 'Delete “Discovery Call”?' }).getByRole('button', { name: 'Delete' }).click()
  await page.getByText('No event type yet.', { exact: false }).waitFor()
})

it('shows a schema message, translated, next to the field it is about', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Val Idate' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Val Idate')
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'fr'))
  await page.goto('/calendar/event-types/new')
  await page.getByRole('heading', { name: 'Nouveau type de rendez-vous' }).waitFor()
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await page.getByText('Le titre est obligatoire').waitFor()
  await page.getByText('Lettres minuscules, chiffres et tirets uniquement').waitFor()
})

it('edits weekly hours with two ranges and a date override in /settings/calendar', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Hana Hours' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Hana Hours')
  await page.goto('/settings/calendar')
  await page.getByRole('heading', { name: 'Availability' }).waitFor()
  await page
    .getByText(/\/u\/[\w-]+$/)
    .first()
    .waitFor()

  await page.getByLabel('Monday To 1').fill('12:00')
  await page.getByRole('button', { name: 'Add hours on Monday' }).click()
  await page.getByLabel('Monday From 2').fill('13:00')
  await page.getByLabel('Monday To 2').fill('18:00')
  await page.getByLabel('Available on Saturday').check()
  await page.getByRole('button', { name: 'Add a date' }).click()
  await page.getByLabel('Date 1', { exact: true }).fill('2030-01-15')
  await page.getByRole('button', { name: 'Save schedule' }).click()
  await page.getByText('Schedule saved').waitFor()

  const [schedule] = (await request(harness.server.app, owner, 'GET', '/api/schedules')).json().schedules as Schedule[]
  const monday = schedule?.weeklyHours.filter((h) => h.day === 1).map(({ start, end }) => `${start}-${end}`)
  expect(monday).toEqual(['09:00-12:00', '13:00-18:00'])
  expect(schedule?.weeklyHours.some((h) => h.day === 6)).toBe(true)
  expect(schedule?.overrides).toEqual([{ date: '2030-01-15', ranges: [] }])

  // The booking page address is the seller's to choose; the feed address can be replaced.
  await page.getByLabel('Address', { exact: true }).fill('hana-sales')
  await page.getByRole('button', { name: 'Save address' }).click()
  await page.getByText('Address saved').waitFor()
  await page.getByText(/\/u\/hana-sales$/).waitFor()
  const feed = page.getByLabel('Feed address (ICS)')
  const before = await feed.inputValue()
  await page.getByRole('button', { name: 'New address' }).click()
  await page.getByRole('dialog', { name: 'Replace the feed address?' }).getByRole('button', { name: 'New address' }).click()
  await page.getByText('New feed address ready').waitFor()
  await expect.poll(() => feed.inputValue()).not.toBe(before)

  // Overlapping hours are caught before they are sent.
  await page.getByLabel('Monday From 2').fill('11:00')
  await page.getByRole('button', { name: 'Save schedule' }).click()
  await page.getByText('These hours overlap').first().waitFor()
})

it('saves the organization’s booking defaults, which a new event type starts with; a member gets /403', async () => {
  const app = harness.server.app
  const owner = await buildOwner(app, { name: 'Ada Admin' })
  const member = await buildMember(app, owner, { name: 'Mo Member' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Ada Admin')
  await page.goto('/admin-settings/booking')
  await page.getByRole('heading', { name: 'Booking defaults' }).waitFor()
  await page.getByLabel('Default duration (minutes)').fill('45')
  await page.getByLabel('Buffer before (minutes)').fill('10')
  await page.getByLabel('Minimum notice (minutes)').fill('240')
  await page.getByLabel('Booking window (days ahead)').fill('30')
  await page.getByLabel('Hosts confirm each booking themselves').check()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await page.getByText('Booking defaults saved').waitFor()
  expect((await request(app, owner, 'GET', '/api/booking-settings')).json()).toMatchObject({
    defaultDuration: 45,
    bufferBefore: 10,
    minimumNotice: 240,
    windowDays: 30,
    requiresConfirmation: true,
  })

  await page.goto('/calendar/event-types/new')
  await page.getByRole('heading', { name: 'New event type' }).waitFor()
  await page.getByRole('button', { name: '45 min' }).or(page.getByText('45 min')).first().waitFor()
  expect(await page.getByLabel('Buffer before (minutes)').inputValue()).toBe('10')
  expect(await page.getByLabel('Minimum notice (minutes)').inputValue()).toBe('240')
  expect(await page.getByRole('spinbutton', { name: 'Days ahead' }).inputValue()).toBe('30')
  expect(await page.getByLabel('I confirm each booking myself').isChecked()).toBe(true)

  const other = await harness.newPage()
  await signIn(other, member.user.email, 'Mo Member')
  await other.goto('/admin-settings/booking')
  await other.waitForURL('**/403')
})

it("shows a member their team's event type without the controls an owner has, and no team section in the form", async () => {
  const app = harness.server.app
  const owner = await buildOwner(app, { name: 'Tess Team' })
  const member = await buildMember(app, owner, { name: 'Mo Member' })
  const team = (await request(app, owner, 'POST', '/api/teams', { name: 'Closers', memberIds: [member.user.id] })).json()
  await buildEventType(app, owner, { title: 'Team demo', kind: 'round_robin', teamId: team.id })

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Tess Team')
  await page.goto('/calendar/event-types')
  await page.getByRole('link', { name: 'Team demo', exact: true }).waitFor()
  expect(await page.getByLabel('Bookable: Team demo').isDisabled()).toBe(false)
  await page.goto('/calendar/event-types/new')
  await page.getByRole('heading', { name: 'Team event' }).waitFor()

  const other = await harness.newPage()
  await signIn(other, member.user.email, 'Mo Member')
  await other.goto('/calendar/event-types')
  await other.getByText('Team demo', { exact: true }).waitFor()
  expect(await other.getByRole('link', { name: 'Team demo', exact: true }).count()).toBe(0)
  expect(await other.getByLabel('Bookable: Team demo').isDisabled()).toBe(true)
  await other.goto('/calendar/event-types/new')
  // The team section renders with the title field, or not at all.
  await other.getByLabel('Title').waitFor()
  expect(await other.getByRole('heading', { name: 'Team event' }).count()).toBe(0)
})
