import { afterAll, beforeAll, expect, it } from 'vitest'
import { signOut } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

it('registers, signs out and signs in again through the UI', async () => {
  const page = await harness.newPage()
  const email = `ada-${Date.now()}@example.com`

  // A signed-out visit to the app lands on the sign-in page, which links to registration.
  await page.goto('/')
  await page.waitForURL('**/login?returnTo=%2F', { waitUntil: 'commit' })
  await page.getByRole('link', { name: 'Create an account' }).click()

  await page.getByLabel('Full name').fill('Ada Lovelace')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page.getByRole('heading', { name: 'Welcome, Ada Lovelace' }).waitFor()).resolves.toBeUndefined()
  await expect(page.getByText('Your email address is not verified yet.').isVisible()).resolves.toBe(true)
  expect(await page.getByTestId('header-user-name').textContent()).toBe('Ada Lovelace')

  await signOut(page)
  await page.getByRole('heading', { name: 'Sign in to Closeroom' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/login')
  // The session is really gone: going back to the app asks to sign in again.
  await page.goto('/')
  await page.waitForURL('**/login?returnTo=%2F', { waitUntil: 'commit' })

  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Welcome, Ada Lovelace' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/')
})

it('says why the sign-in failed when the password is wrong, and shows field errors before sending', async () => {
  const page = await harness.newPage()
  await page.goto('/login')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByText('Must be a valid email address').waitFor()

  await page.getByLabel('Email address').fill('nobody@example.com')
  await page.getByLabel('Password').fill('wrong password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  const alert = page.getByRole('alert')
  await alert.waitFor()
  expect(await alert.textContent()).toBe('Email or password is incorrect')
})

it('verifies the email address with the emailed code', async () => {
  const page = await harness.newPage()
  await page.goto('/signup')
  const email = `sig-${Date.now()}@example.com`
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Get started' }).click()
  await page.getByRole('link', { name: 'Verify now' }).click()

  const [mail] = await harness.server.outbox(email)
  const code = mail?.text.match(/code is (\d{6})/)?.[1] ?? ''
  await page.getByLabel('Verification code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.getByText('Your email address is verified.').waitFor()
  await page.getByRole('link', { name: 'Continue to Closeroom' }).click()
  await page.getByRole('heading', { name: /^Welcome, sig-/ }).waitFor()
  expect(await page.getByText('Your email address is not verified yet.').count()).toBe(0)
})

it('resets a forgotten password through the emailed link', async () => {
  const page = await harness.newPage()
  const email = `reset-${Date.now()}@example.com`
  const res = await harness.server.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { email, password: 'old password 1', name: 'Forgetful' },
  })
  expect(res.statusCode).toBe(201)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  // The sign-in form stays on screen while the next page loads, and it has an email field too.
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor()
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await page.getByText(`If an account exists for ${email}`).waitFor()

  const [mail] = await harness.server.outbox(email)
  const link = mail?.text.match(/http\S+\/auth\/new-password\?token=[\w-]+/)?.[0] ?? ''
  await page.goto(new URL(link).pathname + new URL(link).search)
  await page.getByLabel('New password').fill('new password 2')
  await page.getByRole('button', { name: 'Save the password' }).click()
  await page.getByText('Your password is saved. Sign in with it.').waitFor()

  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill('new password 2')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Welcome, Forgetful' }).waitFor()
})

it('sends unknown paths to the 404 page and switches to right-to-left in Arabic, outlined labels included', async () => {
  const page = await harness.newPage()
  await page.goto('/no/such/page')
  await page.getByRole('heading', { name: 'Page not found' }).waitFor()

  await page.goto('/login')
  await page.getByTestId('language-picker').locator('..').click()
  await page.getByRole('option', { name: 'العربية' }).click()
  await page.getByRole('heading', { name: 'تسجيل الدخول إلى Closeroom' }).waitFor()
  expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'ar'])
  // The shared schemas' messages are shown in the reader's language too.
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click()
  await page.getByText('أدخل بريدًا إلكترونيًا صالحًا').waitFor()
  await page.getByText('كلمة المرور مطلوبة').waitFor()
  // An outlined field's label sits on the right, in a gap cut on the right of the border (not the left).
  const field = page.getByRole('textbox').first()
  await field.focus()
  const control = field.locator('xpath=ancestor::div[contains(@class, "MuiFormControl-root")][1]')
  const box = await control.boundingBox()
  if (!box) throw new Error('the field is not on screen')
  // The label moves into a notch that opens in the border, both with a short transition: once done, the
  // notch is at the right end of the border and the label centred in it.
  await expect
    .poll(async () => {
      const notch = await control.locator('fieldset legend').boundingBox()
      const label = await control.locator('label.MuiInputLabel-shrink').boundingBox()
      if (!notch || !label || notch.x + notch.width < box.x + box.width - 40) return Number.POSITIVE_INFINITY
      return Math.abs(notch.x + notch.width / 2 - (label.x + label.width / 2))
    })
    .toBeLessThan(8)
  // The choice is remembered.
  await page.reload()
  await page.getByRole('heading', { name: 'تسجيل الدخول إلى Closeroom' }).waitFor()
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar')
})

it('signs in again in the same tab right after signing out, without a reload', async () => {
  const page = await harness.newPage()
  const email = `again-${Date.now()}@example.com`
  await harness.server.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { email, password: 'correct horse battery', name: 'Twice' },
  })
  await page.goto('/login')
  // Both rounds happen inside the single-page app: no reload resets its state in between.
  for (let round = 0; round < 2; round++) {
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Password').fill('correct horse battery')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { name: 'Welcome, Twice' }).waitFor()
    await signOut(page)
    await page.getByRole('heading', { name: 'Sign in to Closeroom' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/login')
  }
})
