import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { bookingBody, buildEventType, dayAfter, nextDay, nextMonday } from '../apps/server/src/testing/booking.ts'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { SLOT_TAKEN } from '../packages/shared/src/schemas/booking.ts'
import { violations } from './axe.ts'
import { type Harness, startHarness } from './harness.ts'

// The buyer's side of booking, signed out: a seller's page, the booker, the form, the confirmation in the
// buyer's own time zone, then reschedule and cancel from the links of the confirmation email.

const BUYER_ZONE = 'America/New_York'

let harness: Harness
let seller: Client
let handle: string
let eventType: { id: string; slug: string }
const monday = nextMonday(3)

beforeAll(async () => {
  harness = await startHarness()
  seller = await buildOwner(harness.server.app, { name: 'Olivia Host' })
  handle = `olivia-${Math.random().toString(36).slice(2, 8)}`
  const renamed = await request(harness.server.app, seller, 'PATCH', '/api/booking-profile', { handle })
  expect(renamed.statusCode).toBe(200)
  // Working hours are Monday to Friday, 09:00–17:00 UTC (the owner's default schedule).
  eventType = await buildEventType(harness.server.app, seller, {
    title: 'Discovery call',
    description: 'We look at your pipeline together.',
    durations: [30, 60],
    questions: [{ id: 'company', label: 'Company', type: 'text', required: true }],
  })
})
afterAll(() => harness?.close())

/** A signed-out buyer in New York, in `language`. */
async function buyer(language = 'en'): Promise<Page> {
  const context = await harness.browser.newContext({ baseURL: harness.server.url, locale: 'en-US', timezoneId: BUYER_ZONE })
  await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language)
  onTestFinished(() => context.close())
  return context.newPage()
}

/** '5:00 AM': how the booker shows an instant to the buyer (English, 12 h, their zone). */
const shown = (iso: string) =>
  new Intl.DateTimeFormat('en', { timeZone: BUYER_ZONE, hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }).format(new Date(iso))

const at = (time: string) => `${monday}T${time}:00.000Z`

async function book(start: string, email: string) {
  const res = await request(harness.server.app, null, 'POST', '/api/public/bookings', {
    ...bookingBody(eventType.id, start, { email, timeZone: BUYER_ZONE }),
    answers: { company: 'Contoso' },
  })
  expect(res.statusCode).toBe(201)
  return res.json() as { uid: string }
}

it('books a meeting: type, day, time, form, and a confirmation in the buyer’s time zone', async () => {
  const page = await buyer()
  await page.goto(`/u/${handle}`)
  await page.getByRole('heading', { level: 1, name: 'Olivia Host' }).waitFor()
  await page.getByRole('link', { name: /^Discovery call/ }).click()
  await page.getByRole('heading', { level: 1, name: 'Discovery call' }).waitFor()
  expect(new URL(page.url()).searchParams.get('type')).toBe(eventType.slug)

  // The day: next month's Monday may need the month arrow.
  const day = page.locator(`[data-date="${monday}"]`)
  // The month shows once its days are drawn: only then does a missing day mean next month.
  await page.locator('[data-date]').first().waitFor()
  if (!(await day.isVisible())) await page.getByRole('button', { name: 'Next month' }).click()
  await day.and(page.locator('[aria-disabled=false]')).click()
  expect(new URL(page.url()).searchParams.get('date')).toBe(monday)

  // 10:00 UTC, shown in New York time.
  await page.getByRole('button', { name: shown(at('10:00')), exact: true }).click()
  await page.getByRole('heading', { name: 'Your details' }).waitFor()
  await page.getByRole('button', { name: 'Confirm' }).click()
  await page.getByText('Name is required').waitFor()
  await page.getByText('This answer is required').waitFor()

  await page.getByLabel('Your name').fill('Bea Buyer')
  await page.getByLabel('Email address').fill('bea@buyer.example')
  await page.getByLabel('Company').fill('Contoso')
  await page.getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('status').getByText('This meeting is booked').waitFor()
  const when = await page.getByTestId('booking-when').innerText()
  expect(when).toContain(shown(at('10:00')).replace(/\s?[AP]M$/, ''))
  await page.getByText('America / New York').waitFor()
  await page.getByRole('link', { name: 'Add to calendar' }).waitFor()
  await page.getByRole('link', { name: 'Reschedule' }).waitFor()
})

it('starts the form with the answers in the address, keeps them through the day and time, and books what the buyer corrected', async () => {
  const page = await buyer()
  const prefill = new URLSearchParams({
    type: eventType.slug,
    name: 'Pia Prefill',
    email: 'pia@buyer.example',
    phone: '+33612345678',
    notes: 'Budget approved',
    company: 'Fabrikam',
  })
  await page.goto(`/u/${handle}?${prefill}`)
  await page.getByRole('heading', { level: 1, name: 'Discovery call' }).waitFor()
  const day = page.locator(`[data-date="${monday}"]`)
  await page.locator('[data-date]').first().waitFor()
  if (!(await day.isVisible())) await page.getByRole('button', { name: 'Next month' }).click()
  await day.and(page.locator('[aria-disabled=false]')).click()
  await page.getByRole('button', { name: shown(at('16:00')), exact: true }).click()
  await page.getByRole('heading', { name: 'Your details' }).waitFor()
  // The day and the time joined the address; the answers are still there.
  const address = new URL(page.url()).searchParams
  expect([address.get('date'), address.get('name'), address.get('company')]).toEqual([monday, 'Pia Prefill', 'Fabrikam'])

  expect(await page.getByLabel('Your name').inputValue()).toBe('Pia Prefill')
  expect(await page.getByLabel('Email address').inputValue()).toBe('pia@buyer.example')
  // The phone input arrives after the form (its flags load apart): France's, with the number.
  await page.getByTestId('phone-country').getByText('+33').waitFor()
  expect(await page.getByLabel('Phone number').inputValue()).toContain('6 12 34 56 78')
  expect(await page.getByLabel('Company').inputValue()).toBe('Fabrikam')
  expect(await page.getByLabel('Anything to prepare for the meeting? (optional)').inputValue()).toBe('Budget approved')
  await page.getByLabel('Your name').fill('Pia Corrected')
  await page.getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('status').getByText('This meeting is booked').waitFor()

  const { bookings } = (await request(harness.server.app, seller, 'GET', '/api/bookings')).json() as {
    bookings: { start: string; attendee: object; notes: string | null; answers: object }[]
  }
  const made = bookings.find((b) => b.start === at('16:00'))
  expect(made && [made.attendee, made.notes, made.answers]).toEqual([
    { name: 'Pia Corrected', email: 'pia@buyer.example', phone: '+33612345678', timeZone: BUYER_ZONE },
    'Budget approved',
    { company: 'Fabrikam' },
  ])
})

it('reschedules through /e/:uid/reschedule and shows the new time', async () => {
  const { uid } = await book(at('11:00'), 'rita@buyer.example')
  const page = await buyer()
  await page.goto(`/e/${uid}/reschedule?date=${monday}`)
  await page.getByRole('heading', { level: 1, name: 'Choose a new time' }).waitFor()
  await page.getByRole('button', { name: shown(at('14:00')), exact: true }).click()
  await page.getByRole('button', { name: 'Move the meeting' }).click()
  await page.getByRole('status').getByText('Your meeting has moved').waitFor()
  expect(await page.getByTestId('booking-when').innerText()).toContain(shown(at('14:00')).replace(/\s?[AP]M$/, ''))
  const moved = await request(harness.server.app, null, 'GET', `/api/public/bookings/${uid}`)
  expect(moved.json().start).toBe(at('14:00'))
})

it('cancels through /e/:uid/cancel with a reason, then offers to book again', async () => {
  const { uid } = await book(at('12:00'), 'carl@buyer.example')
  const page = await buyer()
  await page.goto(`/e/${uid}/cancel`)
  await page.getByRole('heading', { level: 1, name: 'Cancel this meeting?' }).waitFor()
  await page.getByLabel('Reason for cancelling (optional)').fill('We chose another date')
  await page.getByRole('button', { name: 'Cancel the meeting' }).click()
  await page.getByRole('status').getByText('This meeting is cancelled').waitFor()
  await page.getByText('We chose another date').waitFor()
  expect(await page.getByRole('link', { name: 'Book another meeting' }).getAttribute('href')).toBe(`/u/${handle}`)

  // Its reschedule link now says why it cannot be changed.
  await page.goto(`/e/${uid}/reschedule`)
  await page.getByText('This meeting is cancelled, so it cannot be changed any more.').waitFor()
})

it('sends the buyer back to fresh times when someone else took the time meanwhile', async () => {
  const page = await buyer()
  await page.goto(`/u/${handle}?type=${eventType.slug}&date=${monday}`)
  const taken = shown(at('15:00'))
  await page.getByRole('button', { name: taken, exact: true }).click()
  await page.getByLabel('Your name').fill('Slow Buyer')
  await page.getByLabel('Email address').fill('slow@buyer.example')
  await page.getByLabel('Company').fill('Late Ltd')
  await book(at('15:00'), 'fast@buyer.example')
  await page.getByRole('button', { name: 'Confirm' }).click()
  await page.getByRole('alert').getByText('This time is no longer available. Please choose another time.').waitFor()
  await page.getByRole('button', { name: shown(at('15:30')), exact: true }).waitFor()
  expect(await page.getByRole('button', { name: taken, exact: true }).count()).toBe(0)
  expect(SLOT_TAKEN).toBe('This time is no longer available')
})

it('shows the not-found page for an unknown handle or booking, and a friendly empty page without event types', async () => {
  const page = await buyer()
  await page.goto('/u/nobody-at-all')
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()
  await page.goto('/e/AAAAAAAAAAAAAAAAAAAAAA/cancel')
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor()

  const quiet = await buildOwner(harness.server.app, { name: 'Quinn Quiet' })
  const quietHandle = `quinn-${Math.random().toString(36).slice(2, 8)}`
  await request(harness.server.app, quiet, 'PATCH', '/api/booking-profile', { handle: quietHandle })
  await page.goto(`/u/${quietHandle}`)
  await page.getByRole('heading', { name: 'Nothing to book yet' }).waitFor()
})

it('moves through the calendar with the keyboard and chooses a day with Enter', async () => {
  // A Monday whose Tuesday is in the same month, so the month's free days are known before the key is pressed
  // (crossing into the next month is the next test).
  const day = nextDay(3, (date) => date.getUTCDay() === 1 && date.getUTCDate() < 28)
  const page = await buyer()
  await page.goto(`/u/${handle}?type=${eventType.slug}&date=${day}`)
  // The month's free days first: until they have loaded, every day is one that cannot be chosen.
  await page.locator(`[data-date="${day}"][aria-disabled=false]`).waitFor()
  await page.locator(`[data-date="${day}"]`).focus()
  await page.keyboard.press('ArrowRight')
  const next = dayAfter(day)
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(next)
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.searchParams.get('date') === next)
})

it('crosses into the next month with the keyboard, and chooses its first day once that month’s times are in', async () => {
  // The last day of a month that falls Monday to Thursday: its next day is a working day of the next month.
  const last = nextDay(
    3,
    (date) => dayAfter(date.toISOString().slice(0, 10)).endsWith('-01') && date.getUTCDay() >= 1 && date.getUTCDay() <= 4,
  )
  const first = dayAfter(last)
  // Half a year ahead holds such a day whatever today is (two months in a row can end on a weekend).
  const longer = await buildEventType(harness.server.app, seller, { bookingWindow: { kind: 'rolling', days: 200 } })
  onTestFinished(async () => {
    // The seller's page lists one event type for the tests after this one.
    expect((await request(harness.server.app, seller, 'DELETE', `/api/event-types/${longer.id}`)).statusCode).toBe(200)
  })
  const page = await buyer()
  await page.goto(`/u/${handle}?type=${longer.slug}&date=${last}`)
  await page.locator(`[data-date="${last}"][aria-disabled=false]`).waitFor()
  await page.locator(`[data-date="${last}"]`).focus()
  await page.keyboard.press('ArrowRight')
  // The calendar turns to the next month with the focus on its first day, which can be chosen once its
  // month's free days have arrived (Enter before then does nothing: the day still reads as unavailable).
  const monthName = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(new Date(`${first}T12:00:00Z`))
  await page.getByRole('heading', { name: new RegExp(monthName) }).waitFor()
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(first)
  await page.locator(`[data-date="${first}"][aria-disabled=false]`).waitFor()
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.searchParams.get('date') === first)
})

it('passes axe-core on the booker and the form, in light and dark mode', async () => {
  for (const mode of ['light', 'dark'] as const) {
    const page = await buyer()
    await page.emulateMedia({ colorScheme: mode })
    await page.goto(`/u/${handle}`)
    await page.getByRole('heading', { level: 1, name: 'Olivia Host' }).waitFor()
    expect(await violations(page)).toEqual([])
    await page.goto(`/u/${handle}?type=${eventType.slug}&date=${monday}`)
    await page.getByRole('button', { name: shown(at('09:00')), exact: true }).waitFor()
    expect(await violations(page)).toEqual([])
    await page.getByRole('button', { name: shown(at('09:00')), exact: true }).click()
    await page.getByRole('heading', { name: 'Your details' }).waitFor()
    expect(await violations(page)).toEqual([])
    await page.close()
  }
})

it('reads right to left in Arabic with no English left', async () => {
  const linesOf = async (page: Page) => {
    const text = await page.evaluate(() => document.body.innerText)
    return [...new Set(text.split('\n').map((line) => line.trim()))].filter((line) => /\p{L}{2,}/u.test(line))
  }
  const screens = async (page: Page) => {
    const lines: string[] = []
    await page.goto(`/u/${handle}`)
    await page.getByRole('heading', { level: 1, name: 'Olivia Host' }).waitFor()
    lines.push(...(await linesOf(page)))
    await page.goto(`/u/${handle}?type=${eventType.slug}&date=${monday}`)
    await page.locator('[data-date] >> nth=0').waitFor()
    await page.waitForLoadState('networkidle')
    lines.push(...(await linesOf(page)))
    return lines
  }
  const english = new Set(await screens(await buyer('en')))
  const page = await buyer('ar')
  const arabic = await screens(page)
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
  // People's and places' names, initials on an avatar and language names are the same in every language.
  const names = [
    /^OH$/,
    /Olivia Host/,
    /Discovery call/,
    /We look at your pipeline/,
    /America \/ New York/,
    /^(English|Français|Tiếng Việt|中文|العربية)$/,
  ]
  expect(arabic.filter((line) => english.has(line) && !names.some((name) => name.test(line)))).toEqual([])
})
