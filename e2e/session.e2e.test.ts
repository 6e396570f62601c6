import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember, buildOwner, type Client } from '../apps/server/src/testing/factories.ts'
import { signIn, signOut } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// Server status and session, as spec sections 4 and 8 describe them.

let harness: Harness
let owner: Client
beforeAll(async () => {
  harness = await startHarness()
  owner = await buildOwner(harness.server.app, { name: 'Olga Owner' })
  await buildMember(harness.server.app, owner, { name: 'Milo Member' })
})
afterAll(() => harness?.close())

/** Counts the page's calls to an API path. */
function countCalls(page: Page, path: string) {
  const calls = { count: 0 }
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls.count++
  })
  return calls
}

it('checks the server once at start-up, then fetches the current user once; a 401 means signed out, with no retry', async () => {
  const page = await harness.newPage()
  const health = countCalls(page, '/api/health')
  const me = countCalls(page, '/api/auth/me')
  await page.goto('/deals')
  await page.getByRole('heading', { name: 'Sign in to Closeroom' }).waitFor()
  // Navigating inside the app checks nothing again.
  await page.getByRole('link', { name: 'Create an account' }).click()
  await page
    .getByRole('heading', { name: /create/i })
    .first()
    .waitFor()
  expect(health.count).toBe(1)
  expect(me.count).toBe(1)
})

it('sends the user to the 500 page when the health check answers with an error, without asking who is signed in', async () => {
  const page = await harness.newPage()
  const me = countCalls(page, '/api/auth/me')
  await page.route('**/api/health', (route) => route.fulfill({ status: 503, body: 'down for maintenance' }))
  await page.goto('/users')
  await page.getByRole('heading', { name: 'Closeroom is not answering' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/500')
  expect(me.count).toBe(0)
})

it('leaves someone on the maintenance page there while the server is down', async () => {
  const page = await harness.newPage()
  const checked = page.waitForResponse('**/api/health')
  await page.route('**/api/health', (route) => route.fulfill({ status: 503, body: 'updating' }))
  await page.goto('/maintenance')
  await checked
  await page.getByRole('heading', { name: 'Closeroom is being updated' }).waitFor()
  // Its own retry answers on the same page: the start-up check did not send the user away.
  await page.getByRole('button', { name: 'Try again' }).click()
  await page.getByText('Closeroom is not back yet. Try again in a minute.').waitFor()
  expect(new URL(page.url()).pathname).toBe('/maintenance')
})

it('gives the health check 3000 ms before sending the user to the 500 page', async () => {
  const page = await harness.newPage()
  // The page's clock stands still until the test moves it: the 3000 ms are counted from the request exactly.
  await page.clock.install()
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000)
  // The server never answers the health check.
  await page.route('**/api/health', () => undefined)
  const asked = page.waitForRequest('**/api/health')
  await page.goto('/')
  await asked
  await page.clock.runFor(2_999)
  expect(new URL(page.url()).pathname).not.toBe('/500')
  await page.clock.runFor(1)
  await page.getByRole('heading', { name: 'Closeroom is not answering' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/500')
})

it("says why a sign-in failed by the refusal's code, or 'Something went wrong' when the answer has none", async () => {
  const page = await harness.newPage()
  await page.goto('/login')
  await page.getByLabel('Email address').fill(owner.user.email)
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByText('Email or password is incorrect').waitFor()

  await page.route('**/api/auth/login', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByText('Something went wrong').waitFor()
  expect(await page.getByText('Email or password is incorrect').count()).toBe(0)
})

it("forgets everything cached on sign-out: the next person never sees the last one's data", async () => {
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Olga Owner')
  await page.getByRole('link', { name: 'Users' }).click()
  await page.getByText('Milo Member').waitFor()
  await signOut(page)

  // Someone of another organization signs in in the same tab, within the cache's freshness time.
  const other = await buildOwner(harness.server.app, { name: 'Nina Newcomer' })
  await page.getByLabel('Email address').fill(other.user.email)
  await page.getByLabel('Password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Welcome, Nina Newcomer' }).waitFor()
  const usersFetched = page.waitForResponse('**/api/users')
  await page.getByRole('link', { name: 'Users' }).click()
  await usersFetched
  await page
    .getByRole('cell', { name: /Nina Newcomer/ })
    .first()
    .waitFor()
  expect(await page.getByText('Milo Member').count()).toBe(0)
  expect(await page.getByText('Olga Owner').count()).toBe(0)
})
