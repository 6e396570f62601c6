import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember, buildOwner, type Client } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'
import { goInApp, loadApp, walkable } from './in-app.ts'

// Every page passes axe-core with no serious or critical violation, in light and in dark mode. The pages are
// opened one after the other inside the app (its router, as its links do) and checked once settled (e2e/in-app.ts).

let harness: Harness
let owner: Client
let teammate: Client
beforeAll(async () => {
  harness = await startHarness()
  owner = await buildOwner(harness.server.app, { name: 'Ada Access' })
  teammate = await buildMember(harness.server.app, owner, { name: 'Bo Keyboard' })
  await harness.server.app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { cookie: owner.cookie },
    payload: { name: 'Enterprise', memberIds: [owner.user.id, teammate.user.id] },
  })
})
afterAll(() => harness?.close())

const signedOutPages = [
  '/login',
  '/register',
  '/forgot-password',
  '/auth/verify',
  '/signup',
  '/404-nowhere',
  '/u/nobody',
  '/pricing',
  '/payment',
  '/about-us',
  '/contact-us',
  '/faqs',
  '/coming-soon',
  '/maintenance',
  '/components',
]
const signedInPages = [
  '/',
  '/users',
  '/users/new',
  '/teams',
  '/teams/new',
  '/deals',
  '/agreements',
  '/invoice',
  '/invoice/new',
  '/settings/general',
  '/settings/change-password',
  '/settings/notifications',
  '/admin-settings/account',
  '/403',
]

for (const mode of ['light', 'dark'] as const) {
  it(`finds no serious or critical accessibility problem on the signed-out pages, ${mode} mode`, async () => {
    const page = await harness.newPage()
    await page.emulateMedia({ colorScheme: mode })
    await walkable(page)
    await loadApp(page, '/login')
    const problems: string[] = []
    for (const path of signedOutPages) {
      await goInApp(page, path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      problems.push(...(await violations(page)).map((v) => `${path}: ${v}`))
    }
    expect(problems).toEqual([])
  })

  it(`finds no serious or critical accessibility problem on the signed-in pages, ${mode} mode`, async () => {
    const page = await harness.newPage()
    await page.emulateMedia({ colorScheme: mode })
    await walkable(page)
    await signIn(page, owner.user.email, 'Ada Access')
    const problems: string[] = []
    for (const path of signedInPages) {
      await goInApp(page, path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      problems.push(...(await violations(page)).map((v) => `${path}: ${v}`))
    }
    // The menus and drawers that open over the page, too.
    await goInApp(page, '/')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.getByRole('button', { name: 'Your account' }).click()
    await page.getByRole('menu').waitFor()
    problems.push(...(await violations(page)).map((v) => `account menu: ${v}`))
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Appearance settings' }).click()
    await page.getByRole('heading', { name: 'Appearance' }).waitFor()
    problems.push(...(await violations(page)).map((v) => `settings drawer: ${v}`))
    expect(problems).toEqual([])
  })
}
