import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildOwner, type Client } from '../apps/server/src/testing/factories.ts'
import { holdRequests, signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

let harness: Harness
let owner: Client
beforeAll(async () => {
  harness = await startHarness()
  owner = await buildOwner(harness.server.app, { name: 'Shell Tester' })
})
afterAll(() => harness?.close())

async function signedInPage(): Promise<Page> {
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Shell Tester')
  return page
}

// Records whether the progress bar was put on the page from now on, however briefly. Only additions count: a bar
// still fading out from an earlier route change is not this change's bar.
const watchProgress = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { sawProgress: boolean }
    w.sawProgress = false
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element && node.id === 'nprogress') w.sawProgress = true
    }).observe(document.body, { childList: true, subtree: true })
  })
const sawProgress = (page: Page) => page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)

it('shows the top progress bar only for a route change slower than 300 ms', async () => {
  const page = await harness.newPage()
  await page.clock.install()
  await signIn(page, owner.user.email, 'Shell Tester')
  // On a loaded machine the sign-in's own route change can take over 300 ms and show the bar: let it run out while
  // the page's clock still flows (a CI run once saw that bar still fading as the users page rendered).
  await page.locator('#nprogress').waitFor({ state: 'detached' })
  // The page's clock stands still until the test moves it: the 300 ms are page time, whatever the machine's load.
  // A minute past the page's own now (the browser's clock, which need not be Node's).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000)

  // Fast: the users page is on screen before 300 ms have passed, and no bar follows later.
  await watchProgress(page)
  await page.getByRole('link', { name: 'Users' }).click()
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor()
  await page.clock.runFor(1_000)
  expect(await sawProgress(page)).toBe(false)

  // Slow: the teams page's code is held; the bar appears at 300 ms, not before.
  const release = await holdRequests(page, '**/assets/TeamsPage-*.js')
  await page.getByRole('link', { name: 'Teams' }).click()
  await page.clock.runFor(299)
  expect(await sawProgress(page)).toBe(false)
  await page.clock.runFor(1)
  await page.locator('#nprogress .bar').waitFor()
  // Decoration only: no made-up ARIA role for screen readers (NProgress's template had role="bar").
  expect(await page.locator('#nprogress .bar').getAttribute('aria-hidden')).toBe('true')
  expect(await page.locator('#nprogress [role]').count()).toBe(0)
  release()
  await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor()
  // The bar runs out on the page's timers.
  await page.clock.resume()
  await page.locator('#nprogress').waitFor({ state: 'detached' })
})

it("shows the product's error page when a page's code fails to download, and the page itself after Try again", async () => {
  const page = await signedInPage()
  await page.getByRole('link', { name: 'Users' }).click()
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor()

  // The network drops just as the teams page's code is asked for.
  await page.route('**/assets/TeamsPage-*.js', (route) => route.abort('internetdisconnected'))
  await page.getByRole('link', { name: 'Teams' }).click()
  await page.getByRole('heading', { name: 'This page could not be shown', level: 1 }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/teams')

  // Back is still a way out: the page before shows again.
  await page.goBack()
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor()
  await page.goForward()
  await page.getByRole('heading', { name: 'This page could not be shown', level: 1 }).waitFor()

  // Once the network is back, Try again loads the page that failed.
  await page.unroute('**/assets/TeamsPage-*.js')
  await page.getByRole('button', { name: 'Try again' }).click()
  await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/teams')
})

it('registers the service worker at the root and follows the urls it sends', async () => {
  const page = await signedInPage()
  const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.scope))
  expect(scope).toBe(`${harness.server.url}/`)
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'))
  expect(worker.url()).toBe(`${harness.server.url}/sw.js`)

  const post = (url: string) =>
    worker.evaluate(async (target) => {
      const sw = self as unknown as { clients: { matchAll(o: object): Promise<{ postMessage(m: unknown): void }[]> } }
      for (const client of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage({ url: target })
    }, url)

  await post('/teams')
  await page.getByRole('heading', { name: 'Teams', level: 1 }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/teams')

  // Another site's address is ignored; a later message to the app's own page still works.
  await post('https://evil.example/phish')
  await post('/users')
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor()
  expect(new URL(page.url()).origin).toBe(harness.server.url)
})
