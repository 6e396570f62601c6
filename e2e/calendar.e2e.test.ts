import type { Booking } from '@closeroom/shared'
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../apps/server/src/testing/booking.ts'
import { buildMember, buildOwner, request } from '../apps/server/src/testing/factories.ts'
import { startRadicale } from '../apps/server/src/testing/radicale.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'
import { goInApp, walkable } from './in-app.ts'

// The seller's calendar: buyers' bookings arrive live, pending ones are confirmed, others cancelled with a reason.

let harness: Harness
beforeAll(async () => {
  // The test's Radicale listens on loopback, which the server refuses to reach unless told it may.
  harness = await startHarness({ env: { ALLOW_PRIVATE_TARGETS: '127.0.0.1/32' } })
})
afterAll(() => harness?.close())

/** A booking made the way a buyer's browser makes it: the public API, no account. */
async function book(body: object) {
  const res = await fetch(`${harness.server.url}/api/public/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(201)
}

it('shows a buyer’s booking without a reload, confirms a pending one, cancels another with a reason, in every view', async () => {
  const app = harness.server.app
  const owner = await buildOwner(app, { name: 'Cleo Calendar' })
  const demo = await buildEventType(app, owner, { title: 'Demo call', requiresConfirmation: true })
  const intro = await buildEventType(app, owner, { title: 'Intro call' })
  const monday = nextMonday(1)
  const [first, , , , fifth] = await freeSlots(app, demo.id, monday)

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Cleo Calendar')
  await page.goto('/calendar')
  await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor()
  await page.locator('.fc-dayGridMonth-view').waitFor()
  // The month grid shows six weeks from the month's first; a Monday of next month may need one step.
  if (!(await page.locator(`[data-date="${monday}"]`).count())) await page.getByRole('button', { name: 'Next' }).click()
  await page.locator(`[data-date="${monday}"]`).first().waitFor()

  await book(bookingBody(demo.id, first ?? '', { name: 'Pia Pending', email: 'pia@buyer.example' }))
  await page.getByText('Pia Pending · Demo call').waitFor()
  // The notification centre's toast says it wherever the seller is.
  await page
    .getByRole('alert')
    .getByText(/^Pia Pending booked Demo call for /)
    .waitFor()
  await book(bookingBody(intro.id, fifth ?? '', { name: 'Carl Cancel', email: 'carl@buyer.example' }))
  await page.getByText('Carl Cancel · Intro call').waitFor()

  // A pending booking is drawn dashed, apart from confirmed ones.
  expect(await page.locator('.booking-pending').getByText('Pia Pending').count()).toBe(1)
  await page.getByText('Pia Pending · Demo call').click()
  const details = page.getByRole('dialog', { name: 'Demo call' })
  await details.locator('.MuiChip-root').getByText('Pending', { exact: true }).waitFor()
  await details.getByText('pia@buyer.example').waitFor()
  await details.getByRole('link', { name: 'Join meeting' }).waitFor()
  expect(await details.getByRole('link', { name: 'Join meeting' }).getAttribute('href')).toMatch(/^\/m\/[\w-]+$/)
  await details.getByRole('button', { name: 'Confirm' }).click()
  await page.getByText('Meeting confirmed').waitFor()
  await details.locator('.MuiChip-root').getByText('Confirmed', { exact: true }).waitFor()
  await details.getByRole('button', { name: 'Close' }).click()
  await page.locator('.booking-accepted').getByText('Pia Pending').waitFor()

  await page.getByText('Carl Cancel · Intro call').click()
  await page.getByRole('dialog', { name: 'Intro call' }).getByRole('button', { name: 'Cancel meeting' }).click()
  const ask = page.getByRole('dialog', { name: 'Cancel this meeting?' })
  await ask.getByLabel('Reason (optional)').fill('Out of office that day')
  await ask.getByRole('button', { name: 'Cancel meeting' }).click()
  await page.getByText('Meeting cancelled').waitFor()
  await page.getByRole('dialog', { name: 'Intro call' }).getByText('Out of office that day').first().waitFor()

  const bookings = (await request(app, owner, 'GET', '/api/bookings')).json().bookings as Booking[]
  expect(bookings.find((b) => b.attendee.name === 'Pia Pending')?.status).toBe('accepted')
  expect(bookings.find((b) => b.attendee.name === 'Carl Cancel')).toMatchObject({
    status: 'cancelled',
    cancelReason: 'Out of office that day',
  })

  // Close the details and wait until they are gone: the drawer's backdrop covers the toolbar while it is open.
  const cancelled = page.getByRole('dialog', { name: 'Intro call' })
  await cancelled.getByRole('button', { name: 'Close' }).click()
  await cancelled.waitFor({ state: 'hidden' })
  for (const [view, selector] of [
    ['Week', '.fc-timeGridWeek-view'],
    ['Day', '.fc-timeGridDay-view'],
    ['List', '.fc-listWeek-view'],
    ['Month', '.fc-dayGridMonth-view'],
  ] as const) {
    await page.getByRole('button', { name: view, exact: true }).click()
    await page.locator(selector).waitFor()
  }
})

it('follows the reader’s language and direction', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Amal Arabic' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Amal Arabic')
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'))
  await page.goto('/calendar')
  await page.getByRole('heading', { name: 'التقويم', level: 1 }).waitFor()
  await page.locator('.fc-direction-rtl').waitFor()
  await page.getByRole('button', { name: 'أسبوع' }).click()
  await page.locator('.fc-timeGridWeek-view').waitFor()
})

it('opens a booking linked by id (/calendar?booking=…, as a dashboard figure’s records link), months ahead, even a colleague’s for an admin', async () => {
  const app = harness.server.app
  const owner = await buildOwner(app, { name: 'Lina Linked' })
  const colleague = await buildMember(app, owner, { name: 'Cole League' })
  const call = await buildEventType(app, colleague, { title: 'Far call', bookingWindow: { kind: 'rolling', days: 120 } })
  // Seven weeks ahead and more: never in the month grid the calendar opens on.
  const later = nextMonday(50)
  const [slot] = await freeSlots(app, call.id, later)
  const made = await fetch(`${harness.server.url}/api/public/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bookingBody(call.id, slot ?? '', { name: 'Fay Faraway', email: 'fay@buyer.example' })),
  })
  expect(made.status).toBe(201)
  const [booking] = (await request(app, colleague, 'GET', '/api/bookings')).json().bookings as { id: string }[]

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Lina Linked')
  await page.goto(`/calendar?booking=${booking?.id}`)
  const details = page.getByRole('dialog', { name: 'Far call' })
  await details.getByText('fay@buyer.example').waitFor()
  // The calendar went to the booking's month.
  await page.locator(`[data-date="${later}"]`).first().waitFor()
  await details.getByRole('button', { name: 'Close' }).click()
  await page.waitForURL((url) => !url.search.includes('booking='))
})

it('connects a CalDAV calendar (a real Radicale), picks the calendars that block slots and the one bookings go to, then disconnects it', async () => {
  const radicale = await startRadicale([
    {
      username: 'rosa',
      password: 'rosa-secret',
      calendars: [
        { slug: 'work', name: 'Work' },
        { slug: 'private', name: 'Private' },
      ],
    },
  ])
  onTestFinished(() => radicale.stop())
  const owner = await buildOwner(harness.server.app, { name: 'Rosa Remote' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Rosa Remote')
  await page.goto('/settings/connected-apps')
  await page.getByText('No calendar connected yet.').waitFor()

  // The page holds the mailbox's form too: the calendar's is the one under its own heading.
  const connect = page.getByRole('region', { name: 'Connect a calendar' })
  await connect.getByLabel('Server address').fill(radicale.url)
  await connect.getByLabel('Username').fill('rosa')
  await connect.getByLabel('Password or app password').fill('rosa-secret')
  await connect.getByRole('button', { name: 'Connect' }).click()
  await page.getByText('Calendar connected').waitFor()
  const card = page.getByRole('article', { name: /rosa/ })
  const work = card.getByRole('checkbox', { name: 'Work' })
  const privateBusy = card.getByRole('checkbox', { name: 'Private' })
  await work.waitFor()

  const connection = async () => (await request(harness.server.app, owner, 'GET', '/api/calendar/connections')).json().connections[0]
  if (!(await work.isChecked())) await work.click()
  await expect.poll(async () => (await connection()).busyCalendarUrls).toContain(radicale.calendarUrl('rosa', 'work'))
  if (await privateBusy.isChecked()) await privateBusy.click()
  await expect.poll(async () => (await connection()).busyCalendarUrls).not.toContain(radicale.calendarUrl('rosa', 'private'))
  await card.getByRole('radio', { name: 'Private' }).click()
  await expect.poll(async () => (await connection()).writeCalendarUrl).toBe(radicale.calendarUrl('rosa', 'private'))

  await card.getByRole('button', { name: 'Refresh' }).click()
  await page.getByText('Calendars refreshed').waitFor()

  page.once('dialog', (dialog) => void dialog.accept())
  await card.getByRole('button', { name: 'Disconnect' }).click()
  await page.getByText('Calendar disconnected').waitFor()
  await page.getByText('No calendar connected yet.').waitFor()
})

for (const mode of ['light', 'dark'] as const) {
  it(`finds no serious or critical accessibility problem on the seller's booking pages, ${mode} mode`, async () => {
    const app = harness.server.app
    const owner = await buildOwner(app, { name: 'Axel Access' })
    const demo = await buildEventType(app, owner, {
      title: 'Demo call',
      requiresConfirmation: true,
      questions: [{ id: 'company', label: 'Company', type: 'text', required: false, options: [] }],
    })
    const monday = nextMonday(1)
    const [first] = await freeSlots(app, demo.id, monday)
    await book(bookingBody(demo.id, first ?? '', { name: 'Pia Pending', answers: { company: 'Acme' } }))

    const page = await harness.newPage()
    await page.emulateMedia({ colorScheme: mode })
    await walkable(page)
    await signIn(page, owner.user.email, 'Axel Access')
    const problems: string[] = []
    // Each page opened inside the app, as its links do, and checked once settled (e2e/in-app.ts).
    for (const path of [
      '/calendar/event-types',
      '/calendar/event-types/new',
      `/calendar/event-types/${demo.id}`,
      '/settings/calendar',
      '/settings/connected-apps',
      '/admin-settings/booking',
      '/calendar',
    ]) {
      await goInApp(page, path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      problems.push(...(await violations(page)).map((v) => `${path}: ${v}`))
    }
    await page.getByRole('button', { name: 'List', exact: true }).click()
    if (!(await page.getByText('Pia Pending').count())) await page.getByRole('button', { name: 'Next' }).click()
    problems.push(...(await violations(page)).map((v) => `list view: ${v}`))
    await page.getByText('Pia Pending · Demo call').click()
    await page.getByRole('dialog', { name: 'Demo call' }).getByRole('button', { name: 'Confirm' }).waitFor()
    problems.push(...(await violations(page)).map((v) => `booking details: ${v}`))
    expect(problems).toEqual([])
  })
}
