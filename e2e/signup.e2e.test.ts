import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildOwner, request } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { type Harness, startHarness } from './harness.ts'

// A sign-up by email alone, then the setup walkthrough: the organization's and the owner's names, the
// booking page's address and hours, teammates, and on to the dashboard.

let harness: Harness
let takenHandle: string

beforeAll(async () => {
  harness = await startHarness()
  const other = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  takenHandle = (await request(harness.server.app, other, 'GET', '/api/booking-profile')).json().handle
})
afterAll(() => harness?.close())

const heading = (page: Page, name: string) => page.getByRole('heading', { name }).waitFor()

it('a new owner signs up with an email, goes through the setup and lands on the dashboard of the new organization', async () => {
  const email = 'jane.doe@acme.example'
  const page = await harness.newPage()
  await page.goto('/signup')
  await heading(page, 'Start with your email')
  expect(await violations(page), 'sign-up').toEqual([])
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Get started' }).click()

  // The walkthrough, step 1: names prefilled to read well, the password link announced.
  await page.waitForURL('**/welcome/signup')
  await heading(page, 'Your organization')
  await page.getByText(`We sent a link to choose your password to ${email}`).waitFor()
  const yourName = page.getByLabel('Your name')
  const organizationName = page.getByLabel('Organization name')
  expect(await yourName.inputValue()).toBe('Jane Doe')
  expect(await organizationName.inputValue()).toBe("Jane Doe's organization")
  // The organization's name follows the owner's until the owner gives it one.
  await yourName.fill('Jane Roe')
  await expect.poll(() => organizationName.inputValue()).toBe("Jane Roe's organization")
  expect(await violations(page), 'organization step').toEqual([])
  await organizationName.fill('Acme Rockets')
  await page.getByLabel('Your time zone').fill('Paris')
  await page.getByRole('option', { name: /^Europe\/Paris/ }).click()
  await page.getByRole('button', { name: 'Save and continue' }).click()

  // Step 2, which a reload comes back to.
  await page.waitForURL('**/welcome/signup?step=booking')
  await page.reload()
  await heading(page, 'Your booking page')
  const address = page.getByLabel('Page address')
  expect(await address.inputValue()).toBe('jane-roe')
  await page.getByText('This is your address now.').waitFor()
  await address.fill(takenHandle)
  await page.getByText('This address is taken. Try another.').waitFor()
  await address.fill('acme-rockets')
  await page.getByText('This address is free.').waitFor()
  await page.getByLabel('Available on Friday').uncheck()
  await page.getByLabel('Monday from').fill('10:00')
  await page.getByText('In your time zone, Europe/Paris.', { exact: false }).waitFor()
  expect(await violations(page), 'booking step').toEqual([])
  await page.getByRole('button', { name: 'Save and continue' }).click()

  // Step 3: a teammate, invited.
  await heading(page, 'Invite your teammates')
  expect(await violations(page), 'team step').toEqual([])
  await page.getByLabel('Teammate’s email 1').fill('sam@acme.example')
  await page.getByRole('button', { name: 'Send invitations' }).click()

  // Step 4, and Back works.
  await heading(page, 'You are all set')
  await page.getByRole('button', { name: 'Back' }).click()
  await heading(page, 'Invite your teammates')
  await page.getByRole('button', { name: 'Continue' }).click()
  await heading(page, 'You are all set')
  expect(await page.getByRole('link', { name: /See your booking page/ }).getAttribute('href')).toBe('/u/acme-rockets')
  expect(await violations(page), 'done step').toEqual([])
  await page.getByRole('button', { name: 'Go to the dashboard' }).click()

  await page.waitForURL((url) => url.pathname === '/')
  await heading(page, 'Welcome, Jane Roe')
  await page.goto('/admin-settings/account')
  await expect.poll(() => page.getByLabel('Organization name').inputValue()).toBe('Acme Rockets')

  // What the steps saved, as buyers and the mailbox see it.
  const profile = (await request(harness.server.app, null, 'GET', '/api/public/users/acme-rockets')).json()
  expect(profile).toMatchObject({ name: 'Jane Roe', timeZone: 'Europe/Paris', organization: { name: 'Acme Rockets' } })
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'closeroom_session')
  const schedules = await harness.server.app.inject({ url: '/api/schedules', headers: { cookie: `closeroom_session=${session?.value}` } })
  expect(schedules.json().schedules[0]).toMatchObject({
    timeZone: 'Europe/Paris',
    weeklyHours: [
      { day: 1, start: '10:00', end: '17:00' },
      { day: 2, start: '09:00', end: '17:00' },
      { day: 3, start: '09:00', end: '17:00' },
      { day: 4, start: '09:00', end: '17:00' },
    ],
  })
  const [welcome] = await harness.server.outbox(email)
  expect(welcome?.subject).toBe('Welcome to Closeroom')
  expect(welcome?.text).toMatch(/\/auth\/new-password\?token=/)
  const [invitation] = await harness.server.outbox('sam@acme.example')
  expect(invitation?.subject).toMatch(/invited you to Acme Rockets/)
})

it('signed out, /welcome/signup is the sign-up form', async () => {
  const page = await harness.newPage()
  await page.goto('/welcome/signup')
  await heading(page, 'Start with your email')
  await page.getByRole('button', { name: 'Get started' }).waitFor()
})
