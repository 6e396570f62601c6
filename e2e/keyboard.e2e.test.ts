import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember, buildOwner, type Client, PASSWORD, request } from '../apps/server/src/testing/factories.ts'
import { type Harness, startHarness } from './harness.ts'

// Every form works with the keyboard alone: Tab reaches each field in order, menus open and choose with
// the arrow keys, Enter sends. No click anywhere in this file.

let harness: Harness
let owner: Client
beforeAll(async () => {
  harness = await startHarness()
  owner = await buildOwner(harness.server.app, { name: 'Kim Keys' })
  await buildMember(harness.server.app, owner, { name: 'Lee Later' })
})
afterAll(() => harness?.close())

/** Presses Tab until `target` has the focus; fails if 40 presses do not get there. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${target}`)
}

async function signInByKeyboard(page: Page) {
  await page.goto('/login')
  await tabTo(page, page.getByLabel('Email address'))
  await page.keyboard.type(owner.user.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { name: 'Welcome, Kim Keys' }).waitFor()
}

it('signs in, invites a teammate with a role and builds a team, by keyboard alone', async () => {
  const page = await harness.newPage()
  await signInByKeyboard(page)

  await page.goto('/users/new')
  await tabTo(page, page.getByLabel('Email address'))
  await page.keyboard.type('newcomer@example.com')
  await tabTo(page, page.getByRole('combobox', { name: 'Role' }))
  await page.keyboard.press('ArrowDown')
  await page.getByRole('listbox').waitFor()
  // Member is chosen; one up is Admin.
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await page.getByRole('listbox').waitFor({ state: 'detached' })
  await tabTo(page, page.getByRole('button', { name: 'Send the invitation' }))
  await page.keyboard.press('Enter')
  await page.getByText('newcomer@example.com').waitFor()
  const invited = (await request(harness.server.app, owner, 'GET', '/api/users')).json().users
  expect(invited.find((u: { email: string }) => u.email === 'newcomer@example.com')?.role).toBe('admin')

  await page.goto('/teams/new')
  await tabTo(page, page.getByLabel('Team name'))
  await page.keyboard.type('Keyboard crew')
  await tabTo(page, page.getByRole('combobox', { name: 'Members' }))
  await page.keyboard.type('Lee')
  await page.getByRole('option', { name: /Lee Later/ }).waitFor()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  await tabTo(page, page.getByRole('button', { name: 'Save' }))
  await page.keyboard.press('Enter')
  await page.getByText('Keyboard crew').waitFor()
  const teams = (await request(harness.server.app, owner, 'GET', '/api/teams')).json().teams
  expect(teams.find((t: { name: string }) => t.name === 'Keyboard crew')?.members.map((m: { name: string }) => m.name)).toEqual([
    'Lee Later',
  ])
})

it('edits the profile and the theme settings by keyboard alone', async () => {
  const page = await harness.newPage()
  await signInByKeyboard(page)

  await page.goto('/settings/general')
  await tabTo(page, page.getByRole('combobox', { name: 'Time zone' }))
  await page.keyboard.press('Control+A')
  await page.keyboard.type('Tokyo')
  await page.getByRole('option', { name: /Asia\/Tokyo/ }).waitFor()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await tabTo(page, page.getByRole('button', { name: 'Save changes' }))
  await page.keyboard.press('Enter')
  await page.getByText('Changes saved').waitFor()
  expect((await request(harness.server.app, owner, 'GET', '/api/auth/me')).json().user.timeZone).toBe('Asia/Tokyo')

  // The appearance drawer: open it, switch to dark, close it with Escape.
  await tabTo(page, page.getByRole('button', { name: 'Appearance settings' }))
  await page.keyboard.press('Enter')
  // Mode cycles system → light → dark.
  const mode = page.getByTestId('settings-mode')
  await tabTo(page, mode)
  await page.keyboard.press('Enter')
  await mode.getByText('Light').waitFor()
  await page.keyboard.press('Enter')
  await mode.getByText('Dark').waitFor()
  await page.keyboard.press('Escape')
  await page.getByRole('heading', { name: 'Appearance' }).waitFor({ state: 'hidden' })
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(20, 26, 33)')
})
