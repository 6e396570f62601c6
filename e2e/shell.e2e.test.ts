import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember, buildOwner, PASSWORD } from '../apps/server/src/testing/factories.ts'
import { type Harness, startHarness } from './harness.ts'

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

async function signIn(page: Page, email: string, next = '/') {
  await page.goto(next)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

const backgroundOf = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name)

it('changes and remembers the theme settings, and resets them', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Theo Theme' })
  const page = await harness.newPage()
  await page.emulateMedia({ colorScheme: 'light' })
  await signIn(page, owner.user.email)
  await page.getByRole('heading', { name: 'Welcome, Theo Theme' }).waitFor()
  await page.getByTestId('settings-button').click()

  // Mode cycles light → dark → system → light, starting from the default, system.
  const mode = page.getByTestId('settings-mode')
  expect(await mode.textContent()).toBe('Same as the system')
  expect(await backgroundOf(page)).toBe('rgb(255, 255, 255)')
  await mode.click()
  expect(await mode.textContent()).toBe('Light')
  await mode.click()
  expect(await mode.textContent()).toBe('Dark')
  expect(await backgroundOf(page)).toBe('rgb(20, 26, 33)')
  const saved = await cookie(page, 'themeMode')
  expect(saved?.value).toBe('dark')
  expect(saved?.path).toBe('/')
  const days = ((saved?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(2.9)
  expect(days).toBeLessThanOrEqual(3)

  // System follows the operating system's preference, live.
  await mode.click()
  expect(await mode.textContent()).toBe('Same as the system')
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(20, 26, 33)')
  await page.emulateMedia({ colorScheme: 'light' })

  await page.getByTestId('settings-themeDirection-rtl').click()
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
  await page.getByTestId('settings-themeLayout-mini').click()
  await page.getByTestId('settings-preset-red').click()
  await page.getByLabel('Full width').check()
  await page.keyboard.press('Escape')
  expect((await page.getByTestId('nav-desktop').boundingBox())?.width).toBe(88)
  expect(await page.getByRole('main').evaluate((main) => getComputedStyle(main).maxWidth)).toBe('none')

  // Everything survives a reload, because it lives in cookies.
  await page.reload()
  await page.getByRole('heading', { name: 'Welcome, Theo Theme' }).waitFor()
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
  expect((await page.getByTestId('nav-desktop').boundingBox())?.width).toBe(88)
  expect((await cookie(page, 'themeColorPresets'))?.value).toBe('red')

  await page.getByTestId('settings-button').click()
  await page.getByTestId('settings-reset').click()
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr')
  expect(await mode.textContent()).toBe('Same as the system')
  expect(await page.getByTestId('settings-preset-blue').getAttribute('aria-pressed')).toBe('true')
  const left = (await page.context().cookies()).map((c) => c.name).filter((n) => n.startsWith('theme'))
  expect(left).toEqual([])
  await page.keyboard.press('Escape')
  expect((await page.getByTestId('nav-desktop').boundingBox())?.width).toBe(280)
})

it('sends a signed-out visitor to sign in and back, keeps admin settings for admins and the setup for owners, and shows 404 for unknown paths', async () => {
  const owner = await buildOwner(harness.server.app)
  const member = await buildMember(harness.server.app, owner, { name: 'Maya Member' })
  const page = await harness.newPage()
  await page.goto('/deals')
  await page.waitForURL('**/login?returnTo=%2Fdeals', { waitUntil: 'commit' })
  await signIn(page, member.user.email, new URL(page.url()).pathname + new URL(page.url()).search)
  await page.getByRole('heading', { name: 'Deals' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/deals')

  // A member sees no admin entry in the menu, and the address itself leads to 403.
  expect(await page.getByRole('link', { name: 'Admin settings' }).count()).toBe(0)
  await page.goto('/admin-settings')
  await page.getByRole('heading', { name: 'No access' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/403')
  // The setup walkthrough is the new organization's owner's: anyone else goes home.
  await page.goto('/welcome/signup?step=booking')
  await page.getByRole('heading', { name: 'Welcome, Maya Member' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/')

  await page.goto('/deals/123/nothing-here')
  await page.getByRole('heading', { name: 'Page not found' }).waitFor()
})

it('opens admin settings for an owner', async () => {
  const owner = await buildOwner(harness.server.app)
  const page = await harness.newPage()
  await signIn(page, owner.user.email, '/admin-settings')
  await page.waitForURL('**/admin-settings/account', { waitUntil: 'commit' })
  await page.getByRole('heading', { name: 'Admin settings' }).waitFor()
  await page.getByRole('link', { name: 'Admin settings' }).waitFor()
})

it("leads the template's demo routes to the product's page for the same job", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Tina Template' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email)
  await page.getByRole('heading', { name: 'Welcome, Tina Template' }).waitFor()

  const cases: [string, string, string][] = [
    ['/user/list', '/users', 'Users'],
    ['/user/account', '/settings/general', 'Settings'],
    [`/user/${owner.user.id}/edit`, `/users/${owner.user.id}/edit`, 'Edit Tina Template'],
    ['/e-commerce/shop', '/products', 'Products'],
    ['/invoice/list', '/invoice', 'Invoices'],
    // /app is the home page itself (the week at a glance), at its own address.
    ['/app', '/app', 'Welcome, Tina Template'],
  ]
  for (const [from, to, heading] of cases) {
    await page.goto(from)
    await page.getByRole('heading', { name: heading, exact: true }).waitFor()
    expect(new URL(page.url()).pathname).toBe(to)
  }
  // The template's mail, chat, blog and file addresses are the product's own pages.
  for (const [path, heading] of [
    ['/mail/all', 'Mail'],
    ['/chat/new', 'Chat'],
    ['/blog', 'Posts'],
    ['/file', 'Document views'],
  ] as const) {
    await page.goto(path)
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor()
    expect(new URL(page.url()).pathname).toBe(path)
  }
})
