import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildOwner, type Client } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { choose, signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

/** With API_KEYS_SCREENSHOTS set, the page as seen, to look at. */
async function shoot(page: Page, name: string) {
  if (process.env.API_KEYS_SCREENSHOTS) await page.screenshot({ path: join(tmpdir(), `closeroom-api-keys-${name}.png`), fullPage: true })
}

const withKey = (secret: string) =>
  harness.server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${secret}` } })

it('creates a key, shows it once to copy, lists it with its last use, and revokes it', async () => {
  const owner: Client = await buildOwner(harness.server.app, { name: 'Kim Keys' })
  const page = await harness.newPage()
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.server.url })
  await signIn(page, owner.user.email, 'Kim Keys')
  await page.goto('/settings/general')
  await page.getByRole('tab', { name: 'API keys' }).click()
  await page.getByRole('heading', { name: 'Create an API key' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/settings/api-keys')
  await page.getByText('You have no API keys.').waitFor()
  expect(await violations(page)).toEqual([])

  // A name is required, as the shared rule says.
  await page.getByRole('button', { name: 'Create key' }).click()
  await page.getByText('Name is required').waitFor()

  await page.getByLabel('Name', { exact: true }).fill('Reporting script')
  const form = page.locator('form')
  await choose(page, form, 'Expires', 'In 30 days')
  await choose(page, form, 'Access', 'Read only')
  await page.getByRole('button', { name: 'Create key' }).click()

  await page.getByRole('heading', { name: 'Your new key "Reporting script"' }).waitFor()
  const secret = await page.getByTestId('api-key-secret').inputValue()
  expect(secret).toMatch(/^cr_live_[\w-]{43}$/)
  await shoot(page, 'created')
  expect(await violations(page)).toEqual([])

  await page.getByRole('button', { name: 'Copy', exact: true }).click()
  await page.getByText('Key copied').waitFor()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)

  // The key works at once, as the member, and only reads.
  expect((await withKey(secret)).json().user.id).toBe(owner.user.id)

  await page.getByRole('button', { name: 'Done, I copied it' }).click()
  await page.getByTestId('api-key-secret').waitFor({ state: 'detached' })
  await page.reload()
  const keys = page.getByRole('list', { name: 'Your keys' })
  const row = keys.getByRole('listitem').filter({ hasText: 'Reporting script' })
  await row.getByText('Read only').waitFor()
  await row.getByText(`${secret.slice(0, 16)}…`).waitFor()
  await row.getByText(/last used/).waitFor()
  expect(await page.content()).not.toContain(secret)
  await shoot(page, 'list')
  expect(await violations(page)).toEqual([])

  await row.getByRole('button', { name: 'Revoke: Reporting script' }).click()
  const dialog = page.getByRole('dialog', { name: 'Revoke "Reporting script"?' })
  await dialog.getByRole('button', { name: 'Revoke' }).click()
  await page.getByText('"Reporting script" is revoked').waitFor()
  await page.getByText('You have no API keys.').waitFor()
  expect((await withKey(secret)).statusCode).toBe(401)
})

it('reads well in the dark theme, on a phone and in Arabic', async () => {
  const owner: Client = await buildOwner(harness.server.app, { name: 'Dara Dark' })
  for (const [name, expiresInDays, scope] of [
    ['Zapier', 90, 'write'],
    ['Nightly export', null, 'read'],
  ] as const) {
    const res = await harness.server.app.inject({
      method: 'POST',
      url: '/api/auth/api-keys',
      headers: { cookie: owner.cookie },
      payload: { name, expiresInDays, scope },
    })
    expect(res.statusCode).toBe(201)
  }

  const dark = await harness.newPage()
  await dark.context().addCookies([{ name: 'themeMode', value: 'dark', url: harness.server.url }])
  await signIn(dark, owner.user.email, 'Dara Dark')
  await dark.goto('/settings/api-keys')
  await dark.getByRole('list', { name: 'Your keys' }).getByText('Nightly export').waitFor()
  await dark.getByText('never expires').waitFor()
  await dark.getByText('Read and write').waitFor()
  await shoot(dark, 'dark')
  expect(await violations(dark)).toEqual([])

  const phone = await harness.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  await signIn(phone, owner.user.email, 'Dara Dark')
  await phone.context().addCookies([{ name: 'language', value: 'ar', url: harness.server.url }])
  await phone.evaluate(() => localStorage.setItem('i18nextLng', 'ar'))
  await phone.goto('/settings/api-keys')
  await phone.getByRole('heading', { name: 'إنشاء مفتاح API' }).waitFor()
  await phone.getByText('Zapier', { exact: true }).waitFor()
  expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl')
  await shoot(phone, 'phone-ar')
  expect(await violations(phone)).toEqual([])
})
