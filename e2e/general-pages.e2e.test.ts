import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildOwner, uniqueEmail } from '../apps/server/src/testing/factories.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// The public general pages: pricing, payment, about, contact, FAQ, coming soon and maintenance. Messages
// sent from them reach the operator at CONTACT_EMAIL (kept in the outbox, as no SMTP server is set).

const OPERATOR = 'operator@closeroom.test'
let harness: Harness
beforeAll(async () => {
  harness = await startHarness({ env: { CONTACT_EMAIL: OPERATOR } })
})
afterAll(() => harness?.close())

/** The email the operator received whose text mentions `marker` (each test writes from an address of its own). */
async function operatorMail(marker: string) {
  const mails = (await harness.server.outbox(OPERATOR)).filter((mail) => mail.text.includes(marker))
  expect(mails).toHaveLength(1)
  return mails[0] as (typeof mails)[number]
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name })

it('shows each general page with its heading, signed out', async () => {
  const page = await harness.newPage()
  const pages = [
    ['/pricing', 'Every feature, free to self-host'],
    ['/payment', 'Complete your order'],
    ['/about-us', 'Sales meetings, in the open'],
    ['/contact-us', 'Talk to the people behind Closeroom'],
    ['/faqs', 'Questions, answered'],
    ['/coming-soon', 'Closeroom on your phone'],
    ['/maintenance', 'Closeroom is being updated'],
  ] as const
  for (const [path, title] of pages) {
    await page.goto(path)
    await heading(page, title).waitFor()
    expect(new URL(page.url()).pathname).toBe(path)
  }

  // The header links between them, and offers to sign in.
  await page.goto('/about-us')
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'FAQ' }).click()
  await heading(page, 'Questions, answered').waitFor()
  await page.getByRole('link', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: 'Sign in to Closeroom' }).waitFor()
})

it('shows field errors for bad input on the contact form, then sends a good message to the operator', async () => {
  const page = await harness.newPage()
  await page.goto('/contact-us')
  await heading(page, 'Talk to the people behind Closeroom').waitFor()

  await page.getByLabel('Email address').fill('not-an-address')
  await page.getByRole('button', { name: 'Send the message' }).click()
  await page.getByText('Name is required').waitFor()
  await page.getByText('Must be a valid email address').waitFor()
  await page.getByText('Write your message').waitFor()
  expect(await harness.server.outbox(OPERATOR).then((mails) => mails.some((m) => m.text.includes('not-an-address')))).toBe(false)

  const email = uniqueEmail('contact')
  await page.getByLabel('Full name').fill('Carla <b>Contact</b>')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Company (optional)').fill('Contoso')
  await page.getByLabel('Topic').click()
  await page.getByRole('option', { name: 'Help with my Closeroom' }).click()
  await page.getByLabel('Message').fill('Our SMTP relay refuses the invitations.\nCan you help?')
  await page.getByRole('button', { name: 'Send the message' }).click()
  await page
    .getByRole('status')
    .getByText(`Thank you, Carla <b>Contact</b>. Your message is on its way, and we will reply to ${email}.`)
    .waitFor()
  // The form is ready for another message.
  expect(await page.getByLabel('Message').inputValue()).toBe('')

  const mail = await operatorMail(email)
  expect(mail.subject).toBe('[Closeroom] Support: Carla <b>Contact</b> (Contoso)')
  expect(mail.text).toContain('Our SMTP relay refuses the invitations.\nCan you help?')
  expect(mail.html).toContain('Carla &#60;b&#62;Contact&#60;/b&#62;')
})

it('carries the plan and billing period from pricing to payment, and sends the purchase request', async () => {
  const page = await harness.newPage()
  await page.goto('/pricing')
  await heading(page, 'Every feature, free to self-host').waitFor()
  expect(await page.getByTestId('price-team').textContent()).toBe('$10')
  await page.getByRole('button', { name: 'Monthly' }).click()
  // The page follows the toggle once React has rendered it: wait for the new price rather than read it at once.
  await page.getByTestId('price-team').getByText('$12', { exact: true }).waitFor()
  expect(await page.getByRole('link', { name: 'Get started free' }).getAttribute('href')).toBe('/register')

  await page.getByRole('link', { name: 'Choose Enterprise' }).click()
  await heading(page, 'Complete your order').waitFor()
  expect(new URL(page.url()).search).toBe('?plan=enterprise&period=monthly')
  const summary = page.getByTestId('order-summary')
  await summary.getByText('Enterprise').waitFor()
  await summary.getByText('Monthly').waitFor()
  expect(await page.getByLabel('Enterprise').isChecked()).toBe(true)
  // 5 seats at $29 a month.
  expect(await page.getByTestId('order-total').textContent()).toBe('$145')

  await page.getByLabel('Seats').fill('12')
  await page.getByRole('button', { name: 'Yearly' }).click()
  // 12 seats at $24 a month, for 12 months; the address follows the choice.
  await page.getByTestId('order-total').getByText('$3,456').waitFor()
  expect(new URL(page.url()).search).toBe('?plan=enterprise&period=yearly')

  // Nothing is sent until the billing details are complete.
  await page.getByRole('button', { name: 'Request the invoice' }).click()
  await page.getByText('Company is required').waitFor()

  const email = uniqueEmail('buyer')
  await page.getByLabel('Full name').fill('Bruno Buyer')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Company', { exact: true }).fill('Acme')
  await page.getByLabel('Country').fill('Germ')
  await page.getByRole('option', { name: 'Germany' }).click()
  await page.getByRole('button', { name: 'Request the invoice' }).click()
  await page.getByRole('status').getByText(`billed yearly, seats: 12, total $3,456`).waitFor()
  await page.getByRole('heading', { name: 'Your request is on its way' }).waitFor()

  const mail = await operatorMail(email)
  expect(mail.subject).toBe('[Closeroom] Purchase request: Enterprise, 12 seats, yearly (Acme)')
  expect(mail.text).toContain('Total: $3,456.00 per year')
  expect(mail.text).toContain('Country: DE')
})

it('asks for a plan when the address names none', async () => {
  const page = await harness.newPage()
  await page.goto('/payment')
  await heading(page, 'Complete your order').waitFor()
  await page.getByTestId('order-summary').getByText('Choose a plan').waitFor()
  expect(await page.getByTestId('order-total').textContent()).toBe('—')
  await page.getByRole('button', { name: 'Request the invoice' }).click()
  await page.getByText('Choose a plan').nth(1).waitFor()
  await page.getByLabel('Team').check()
  await page.getByTestId('order-total').getByText('$600', { exact: true }).waitFor()
  expect(new URL(page.url()).search).toBe('?plan=team&period=yearly')
})

it('filters the FAQ as the visitor types, and says when nothing matches', async () => {
  const page = await harness.newPage()
  await page.goto('/faqs')
  await heading(page, 'Questions, answered').waitFor()
  const questions = page.getByTestId('faq-list').getByRole('heading', { level: 2 })
  expect(await questions.count()).toBeGreaterThanOrEqual(10)

  const search = page.getByRole('searchbox', { name: 'Search the questions' })
  await search.fill('postgresql')
  await page.getByText('2 matching questions').waitFor()
  expect(await questions.allTextContents()).toEqual(['How do I install Closeroom on my own server?', 'Can Closeroom grow with my team?'])
  // A match may be in the answer: it opens by itself.
  await page.getByText('run several servers behind a load balancer', { exact: false }).waitFor()

  await search.fill('teleportation')
  await page.getByText('No question matches “teleportation”.').waitFor()
  expect(await questions.count()).toBe(0)

  await search.fill('')
  await page.getByText('13 questions').waitFor()
  await page.getByRole('button', { name: 'What is a sales room?' }).click()
  await page.getByText('A page per deal that you share with your buyer').waitFor()
})

it('never downloads the signed-in app on the public pages, and offers to open it once signed in', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Paula Public' })
  const page = await harness.newPage()
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  const loaded = (chunk: string) => scripts.some((path) => new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`).test(path))

  await page.goto('/pricing')
  await heading(page, 'Every feature, free to self-host').waitFor()
  for (const [link, title] of [
    ['About', 'Sales meetings, in the open'],
    ['FAQ', 'Questions, answered'],
    ['Contact', 'Talk to the people behind Closeroom'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: link }).click()
    await heading(page, title).waitFor()
  }
  await page.waitForLoadState('networkidle')
  expect(loaded('PricingPage')).toBe(true)
  expect(loaded('ContactPage')).toBe(true)
  expect(loaded('DashboardLayout')).toBe(false)

  // Signed in, the same header leads into the app, which then loads.
  await signIn(page, owner.user.email, 'Paula Public')
  expect(loaded('DashboardLayout')).toBe(true)
  await page.goto('/pricing')
  await page.getByRole('link', { name: 'Open the app' }).click()
  await page.getByRole('heading', { name: 'Welcome, Paula Public' }).waitFor()
})

it('speaks French when French is chosen', async () => {
  const page = await harness.newPage()
  await page.goto('/pricing')
  await heading(page, 'Every feature, free to self-host').waitFor()
  await page.getByTestId('language-picker').locator('..').click()
  await page.getByRole('option', { name: 'Français' }).click()
  await heading(page, 'Toutes les fonctionnalités, gratuites en auto-hébergement').waitFor()
  await page.getByRole('link', { name: 'Choisir Équipe' }).waitFor()
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Contact' }).click()
  await heading(page, 'Parlez à l’équipe de Closeroom').waitFor()
  await page.getByRole('button', { name: 'Envoyer le message' }).click()
  await page.getByText('Écrivez votre message').waitFor()
})

it('opens the menu in a drawer on a phone', async () => {
  const page = await harness.newPage()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/pricing')
  await heading(page, 'Every feature, free to self-host').waitFor()
  expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0)
  await page.getByRole('button', { name: 'Open the menu' }).click()
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'About' }).click()
  await heading(page, 'Sales meetings, in the open').waitFor()
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'detached' })
})

it('takes a notify-me address on the coming-soon page', async () => {
  const page = await harness.newPage()
  await page.goto('/coming-soon')
  await heading(page, 'Closeroom on your phone').waitFor()
  await page.getByRole('button', { name: 'Notify me' }).click()
  await page.getByText('Must be a valid email address').waitFor()
  const email = uniqueEmail('waiting')
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Notify me' }).click()
  await page.getByRole('status').getByText(`We will email ${email} when the apps are released.`).waitFor()
  expect((await operatorMail(email)).subject).toBe(`[Closeroom] Notify me: mobile-apps (${email})`)
})

it('checks the server again from the maintenance page, and goes home once it answers', async () => {
  const page = await harness.newPage()
  await page.goto('/maintenance')
  await heading(page, 'Closeroom is being updated').waitFor()

  // Still being updated: the health check fails, and the page says so.
  await page.route('**/api/health', (route) => route.fulfill({ status: 503, json: { message: 'The database is not answering' } }))
  await page.getByRole('button', { name: 'Try again' }).click()
  await page.getByText('Closeroom is not back yet. Try again in a minute.').waitFor()
  expect(new URL(page.url()).pathname).toBe('/maintenance')

  // Back: home, which sends a signed-out visitor on to sign in.
  await page.unroute('**/api/health')
  const health = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/health')
  await page.getByRole('button', { name: 'Try again' }).click()
  expect((await health).status()).toBe(200)
  await page.getByRole('heading', { name: 'Sign in to Closeroom' }).waitFor()
})
