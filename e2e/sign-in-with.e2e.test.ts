import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContextOptions, chromium } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../apps/server/src/testing/app.ts'
import { uniqueEmail } from '../apps/server/src/testing/factories.ts'
import { startOidcProvider, type TestOidcProvider } from '../apps/server/src/testing/oidc.ts'
import { freePort } from '../apps/server/src/testing/process.ts'
import { violations } from './axe.ts'
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
