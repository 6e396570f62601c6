import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildOwner, type Client, PASSWORD, request } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

async function ownerPage(name: string) {
  const owner: Client = await buildOwner(harness.server.app, { name })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, name)
  return { owner, page }
}

it('edits the profile: name, phone, time zone and language, checked by the shared rules', async () => {
  const { owner, page } = await ownerPage('Paula Profile')
  await page.getByRole('link', { name: 'Settings', exact: true }).click()
  await page.getByRole('heading', { name: 'Your profile' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/settings/general')

  await page.getByLabel('Full name').fill('Paula Perez')
  await page.getByLabel('Phone').fill('12345')
  await page.getByLabel('Photo address').fill('not a url at all')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await page.getByText('This phone number is not valid').waitFor()
  await page.getByText('Must be a valid URL').waitFor()

  await page.getByLabel('Phone').fill('+33 6 12 34 56 78')
  await page.getByLabel('Photo address').fill('')
  await page.getByLabel('Time zone').fill('Paris')
  await page.getByRole('option', { name: /Europe\/Paris/ }).click()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await page.getByText('Changes saved').waitFor()
  // A toast is read as any text is: the success green must carry its words.
  expect(await violations(page, '.notistack-SnackbarContainer')).toEqual([])
  await page.getByTestId('header-user-name').getByText('Paula Perez').waitFor()

  const saved = (await request(harness.server.app, owner, 'GET', '/api/auth/me')).json().user
  expect(saved).toMatchObject({ name: 'Paula Perez', phone: '+33612345678', timeZone: 'Europe/Paris' })

  // The account's language is the one the app speaks.
  await page.getByLabel('Language', { exact: true }).last().click()
  await page.getByRole('option', { name: 'Français' }).click()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await page.getByRole('heading', { name: 'Votre profil' }).waitFor()
  expect((await request(harness.server.app, owner, 'GET', '/api/auth/me')).json().user.locale).toBe('fr')
})

it('changes the password, which signs out the other devices, and signs one device out from the list', async () => {
  const { owner, page } = await ownerPage('Sid Secure')
  // Two more devices: a phone and a laptop, signed in through the API.
  const signInElsewhere = async (userAgent: string) => {
    const res = await harness.server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': userAgent },
      payload: { email: owner.user.email, password: PASSWORD },
    })
    return { cookie: String(res.headers['set-cookie']).split(';')[0] ?? '' }
  }
  const phone = await signInElsewhere('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1')
  const laptop = await signInElsewhere('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/140.0')
  const me = (client: { cookie: string }) =>
    harness.server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: client.cookie } })

  await page.goto('/settings/change-password')
  const devices = page.getByRole('list', { name: 'Where you are signed in' })
  await devices.getByText('This device').waitFor()
  await devices.getByText('Safari · iOS').waitFor()
  await devices.getByRole('listitem').filter({ hasText: 'Safari · iOS' }).getByRole('button', { name: 'Sign out' }).click()
  await devices.getByText('Safari · iOS').waitFor({ state: 'detached' })
  expect((await me(phone)).statusCode).toBe(401)
  expect((await me(laptop)).statusCode).toBe(200)

  await page.getByLabel('Current password').fill(PASSWORD)
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase')
  await page.getByLabel('New password, again').fill('a different passphrase')
  await page.getByRole('button', { name: 'Change password' }).click()
  await page.getByText('The two passwords differ').waitFor()

  await page.getByLabel('Current password').fill('not my password')
  await page.getByLabel('New password, again').fill('a brand new passphrase')
  await page.getByRole('button', { name: 'Change password' }).click()
  // The server's answer lands under the field it is about.
  await page.getByText('The current password is incorrect').waitFor()
  expect((await me(laptop)).statusCode).toBe(200)

  await page.getByLabel('Current password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await page.getByText('Password changed. Your other devices are signed out.').waitFor()
  expect((await me(laptop)).statusCode).toBe(401)
  // This tab stays signed in, and the new password works.
  await page.reload()
  await page.getByRole('heading', { name: 'Password', exact: true }).waitFor()
  const login = await harness.server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: owner.user.email, password: 'a brand new passphrase' },
  })
  expect(login.statusCode).toBe(200)
})

it("lets an owner edit the organization's profile in admin settings", async () => {
  const { owner, page } = await ownerPage('Orla Org')
  await page.getByRole('link', { name: 'Admin settings' }).click()
  // The home page has a "Your organization" heading of its own: wait for the settings' address first.
  await page.waitForURL('**/admin-settings/account')
  await page.getByRole('main').getByRole('heading', { name: 'Your organization' }).waitFor()

  await page.getByLabel('Organization name').fill('Harbour Analytics')
  await page.getByLabel('Website').fill('not a site')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await page.getByText('Must be a valid URL').waitFor()

  await page.getByLabel('Website').fill('harbour.example')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await page.getByText('Changes saved').waitFor()
  // The https rule put the scheme in front.
  expect(await page.getByLabel('Website').inputValue()).toBe('https://harbour.example')
  const organization = (await request(harness.server.app, owner, 'GET', '/api/organization')).json()
  expect(organization).toMatchObject({ name: 'Harbour Analytics', website: 'https://harbour.example' })

  // The next section is the pipeline's stages, starting from the defaults.
  await page.getByRole('tab', { name: 'Pipeline' }).click()
  await page.getByRole('heading', { name: 'Pipeline stages' }).waitFor()
  expect(await page.getByLabel('Name').first().inputValue()).toBe('Lead')
})

it("says in the reader's language, under the field, that a booking page address is taken", async () => {
  const other = await buildOwner(harness.server.app)
  const taken = (await request(harness.server.app, other, 'GET', '/api/booking-profile')).json().handle
  const { page } = await ownerPage('Françoise Favre')
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'fr'))
  await page.goto('/settings/calendar')
  await page.getByLabel('Adresse', { exact: true }).fill(taken)
  await page.getByRole('button', { name: 'Enregistrer l’adresse' }).click()
  // The server says "This address is taken" for API users; the page shows its code's sentence in French.
  await page.getByText('Cette adresse est déjà prise. Essayez-en une autre.').waitFor()
  expect(await page.getByText('This address is taken').count()).toBe(0)
  expect(await page.getByLabel('Adresse', { exact: true }).getAttribute('aria-invalid')).toBe('true')
})
