import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../apps/server/src/testing/app.ts'
import { buildOwner, uniqueEmail } from '../apps/server/src/testing/factories.ts'
import { startOidcProvider, type TestOidcProvider } from '../apps/server/src/testing/oidc.ts'
import { freePort } from '../apps/server/src/testing/process.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { CHROMIUM_ARGS, CONTEXT_DEFAULTS } from './harness.ts'

// Sign in with an organization's OpenID Connect provider, in Chromium, against a real provider (oidc-provider):
// the provider sends the browser back to the app's own address, so the server listens on a port chosen first.

const SHOTS = process.env.SCREENSHOTS_DIR
let app: TestApp
let idp: TestOidcProvider
let browser: Browser
let url: string

beforeAll(async () => {
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  idp = await startOidcProvider([`${url}/api/auth/oauth/acme-sso/callback`, `${url}/api/auth/oauth/google/callback`])
  app = await buildTestApp({
    env: {
      APP_URL: url,
      // Google is OpenID Connect too: its issuer points at the test's provider.
      GOOGLE_CLIENT_ID: idp.clientId,
      GOOGLE_CLIENT_SECRET: idp.clientSecret,
      GOOGLE_ISSUER: idp.issuer,
      WEB_DIST: fileURLToPath(new URL('../apps/web/dist', import.meta.url)),
      OIDC_PROVIDERS: JSON.stringify([
        { id: 'acme-sso', name: 'Acme SSO', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      ]),
    },
  })
  await app.listen({ port, host: '127.0.0.1' })
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
  if (SHOTS) mkdirSync(SHOTS, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
  await app?.close()
  await idp?.close()
})

async function newPage(options: BrowserContextOptions & { dark?: boolean; language?: string } = {}) {
  const { dark, language, ...contextOptions } = options
  const context = await browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: url, ...contextOptions })
  if (dark) await context.addCookies([{ name: 'themeMode', value: 'dark', domain: '127.0.0.1', path: '/' }])
  if (language) {
    await context.addCookies([{ name: 'language', value: language, domain: '127.0.0.1', path: '/' }])
    await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language)
  }
  return context.newPage()
}

it('shows a button for the configured provider only, signs in through it and back, and is axe-clean', async () => {
  const page = await newPage()
  await page.goto('/login')
  const button = page.getByRole('link', { name: 'Continue with Acme SSO' })
  await button.waitFor()
  await page.getByRole('link', { name: 'Continue with Google' }).waitFor()
  // GitHub and X are not configured on this server: no button for them.
  for (const name of ['GitHub', 'X']) expect(await page.getByRole('link', { name: `Continue with ${name}` }).count()).toBe(0)
  expect(await violations(page)).toEqual([])
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-light-desktop.png`, fullPage: true })

  const email = uniqueEmail('ada')
  idp.account('ada', { email, email_verified: true, name: 'Ada Okta' })
  await button.click()
  // The provider's own sign-in page.
  await page.waitForURL(`${idp.issuer}/interaction/**`)
  await page.locator('input[name="login"]').fill('ada')
  await page.locator('input[name="password"]').fill('whatever the provider checks')
  await page.getByRole('button', { name: 'Sign-in' }).click()

  await page.getByRole('heading', { name: 'Welcome, Ada Okta' }).waitFor()
  expect(new URL(page.url()).origin).toBe(url)
  expect(await page.getByTestId('header-user-name').textContent()).toBe('Ada Okta')
})

it('signs in with Google, an OpenID Connect provider like the others', async () => {
  const page = await newPage()
  idp.account('gus', { email: uniqueEmail('gus'), email_verified: true, name: 'Gus Google' })
  await page.goto('/register')
  await page.getByRole('link', { name: 'Continue with Google' }).click()
  await page.waitForURL(`${idp.issuer}/interaction/**`)
  await page.locator('input[name="login"]').fill('gus')
  await page.locator('input[name="password"]').fill('any')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('heading', { name: 'Welcome, Gus Google' }).waitFor()
})

it('is axe-clean in dark mode and shows the buttons on the sign-up page too', async () => {
  const page = await newPage({ dark: true })
  await page.goto('/login')
  await page.getByRole('link', { name: 'Continue with Acme SSO' }).waitFor()
  expect(await violations(page)).toEqual([])
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-dark-desktop.png`, fullPage: true })
  await page.goto('/register')
  await page.getByRole('link', { name: 'Continue with Acme SSO' }).waitFor()
  expect(await violations(page)).toEqual([])
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/register-dark-desktop.png`, fullPage: true })
})

it('says on the sign-in page why the provider’s account was refused', async () => {
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  idp.account('una', { email: uniqueEmail('una'), email_verified: false, name: 'Una Unverified' })
  await page.goto('/login')
  await page.getByRole('link', { name: 'Continue with Acme SSO' }).click()
  await page.waitForURL(`${idp.issuer}/interaction/**`)
  await page.locator('input[name="login"]').fill('una')
  await page.locator('input[name="password"]').fill('any')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.waitForURL('**/login?error=email_unverified')
  const alert = page.getByRole('alert')
  await alert.waitFor()
  expect(await alert.textContent()).toBe(
    'The provider has not confirmed that this email address is yours. Verify it there, or sign in with your password.',
  )
  expect(await violations(page)).toEqual([])
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/refused-light-phone.png`, fullPage: true })
})

it('speaks the reader’s language, right to left in Arabic', async () => {
  const page = await newPage({ language: 'ar', viewport: { width: 390, height: 844 }, isMobile: true, dark: true })
  await page.goto('/login?error=oauth_state')
  await page.getByRole('link', { name: 'المتابعة باستخدام Acme SSO' }).waitFor()
  await page.getByText('تعذّر التحقق من تسجيل الدخول هذا').waitFor()
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
  expect(await violations(page)).toEqual([])
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-ar-dark-phone.png`, fullPage: true })
})

/** Signs in at the provider's own page as `account`. */
async function atProvider(page: Page, account: string) {
  await page.waitForURL(`${idp.issuer}/interaction/**`)
  await page.locator('input[name="login"]').fill(account)
  await page.locator('input[name="password"]').fill('any')
  await page.getByRole('button', { name: 'Sign-in' }).click()
}

it('brings a person sent to sign in back to the page they asked for', async () => {
  const page = await newPage()
  idp.account('pia', { email: uniqueEmail('pia'), email_verified: true, name: 'Pia Pipeline' })
  await page.goto('/deals')
  await page.waitForURL('**/login?returnTo=%2Fdeals')
  await page.getByRole('link', { name: 'Continue with Acme SSO' }).click()
  await atProvider(page, 'pia')
  await page.getByRole('heading', { name: 'Deals', level: 1 }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/deals')
})

it('links another account from the settings, signs in with it, and unlinks it', async () => {
  const owner = await buildOwner(app, { name: 'Lou Linker' })
  const page = await newPage()
  await signIn(page, owner.user.email, 'Lou Linker')
  await page.goto('/settings/change-password')
  const card = page.getByRole('region', { name: 'Other accounts' })
  const acme = card.getByRole('listitem').filter({ hasText: 'Acme SSO' })
  await acme.getByText('Not linked').waitFor()
  expect(await violations(page)).toEqual([])

  // An account at the provider whose email is not this member's: linking proves it is theirs all the same.
  idp.account('lou', { email: uniqueEmail('lou-elsewhere'), email_verified: false, name: 'Lou Elsewhere' })
  await acme.getByRole('link', { name: 'Link' }).click()
  await atProvider(page, 'lou')
  await card.getByText('Acme SSO is linked: you can sign in with it.').waitFor()
  expect(new URL(page.url()).search).toBe('')
  await acme.getByText(/linked/).waitFor()
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/linked-light-desktop.png`, fullPage: true })

  // Signed out, the provider's account signs Lou in.
  const other = await newPage()
  await other.goto('/login')
  await other.getByRole('link', { name: 'Continue with Acme SSO' }).click()
  await atProvider(other, 'lou')
  await other.getByRole('heading', { name: 'Welcome, Lou Linker' }).waitFor()

  await acme.getByRole('button', { name: 'Unlink' }).click()
  const dialog = page.getByRole('dialog', { name: 'Unlink Acme SSO?' })
  await dialog.getByRole('button', { name: 'Unlink' }).click()
  await dialog.waitFor({ state: 'detached' })
  await acme.getByText('Not linked').waitFor()
})
