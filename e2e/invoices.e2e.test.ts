import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { deals, organizations } from '../apps/server/src/db/schema/index.ts'
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD } from '../apps/server/src/modules/demo/module.ts'
import { sessionCookie } from '../apps/server/src/testing/factories.ts'
import { pdfText, sentInvoice } from '../apps/server/src/testing/invoices.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// A seller invoices a won deal of the demo organization from its page: the form starts from the deal's lines
// and its buyer contact, she saves the draft, sends it (it gets the organization's first number and goes to the
// buyer by email with its PDF), and the buyer finds it in the deal's sales room, PDF and all.

let harness: Harness
beforeAll(async () => {
  harness = await startHarness({ seedDemo: true })
})
afterAll(() => harness?.close())

it('invoices a won demo deal from its page, sends it and shows it in the deal’s sales room', async () => {
  const { app } = harness.server
  const [deal] = await app.database.db
    .select({ id: deals.id })
    .from(deals)
    .innerJoin(organizations, eq(organizations.id, deals.organizationId))
    .where(and(eq(organizations.name, 'Acme Sales'), eq(deals.name, 'Acme onboarding')))
  if (!deal) throw new Error('the demo has no Acme onboarding deal')
  // The deal's sales room, published for the buyer.
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_OWNER_EMAIL, password: DEMO_PASSWORD } })
  const room = await app.inject({
    method: 'PUT',
    url: `/api/deals/${deal.id}/salesroom`,
    headers: { cookie: sessionCookie(login.headers['set-cookie']) },
    payload: { title: 'Acme onboarding', published: true },
  })
  expect(room.statusCode, room.body).toBe(200)

  const page = await harness.newPage()
  await signIn(page, DEMO_OWNER_EMAIL, 'Olivia Owner', DEMO_PASSWORD)
  // The owner sets the numbering and the address every invoice prints, from the empty list.
  await page.goto('/invoice')
  await page.getByText('No invoice yet.', { exact: false }).waitFor()
  await page.getByRole('button', { name: 'Invoice settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Invoice settings' })
  await settings.getByLabel('Number prefix').fill('AS-')
  await settings.getByText(`Invoices are numbered AS-${new Date().getFullYear()}-0001, and so on.`).waitFor()
  await settings.getByLabel('Your address').fill('12 Harbour Street\n75002 Paris')
  expect(await violations(page)).toEqual([])
  await settings.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Invoice settings saved').waitFor()

  await page.goto(`/deals/${deal.id}`)
  await page.getByRole('region', { name: 'Invoices' }).getByRole('link', { name: 'Create invoice' }).click()

  // The form starts from the deal: its buyer contact, its line at its price.
  await page.getByRole('heading', { level: 1, name: 'New invoice' }).waitFor()
  await page.getByText('From the deal Acme onboarding: its lines and prices are filled in.').waitFor()
  await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('bea@northwind.example')
  const description = page.getByLabel('Description')
  expect(await description.count()).toBe(1)
  expect(await page.getByLabel('Quantity').inputValue()).toBe('1')
  expect(await violations(page)).toEqual([])
  // A 20 % tax on the line, and the due date typed before the issue date first.
  await page.getByLabel('Tax %').fill('20')
  const issue = await page.getByLabel('Issue date').inputValue()
  await page.getByLabel('Due date').fill('2020-01-01')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await page.getByText('The due date cannot be before the issue date').waitFor()
  expect(issue > '2020-01-01').toBe(true)
  await page.getByLabel('Due date').fill(issue)
  await page.getByRole('button', { name: 'Save draft' }).click()

  // The draft, as the buyer will see it: no number yet.
  await page.getByRole('heading', { level: 1, name: 'Draft' }).waitFor()
  const document = page.getByRole('article')
  await document.getByText('Numbered when sent').waitFor()
  const amountDue = await document.getByText('Amount due').locator('xpath=following-sibling::*[1]').textContent()
  expect(amountDue).toMatch(/^€[\d,]+\.\d{2}$/)
  expect(await violations(page)).toEqual([])

  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Send this invoice?' })
  await dialog.getByText('bea@northwind.example').waitFor()
  await dialog.getByRole('button', { name: 'Send' }).click()
  const number = `AS-${new Date().getUTCFullYear()}-0001`
  await page.getByRole('heading', { level: 1, name: number }).waitFor()
  await page.getByText(`Invoice ${number} sent to bea@northwind.example`).waitFor()
  // A draft's actions are gone; an owner may now mark it paid or void it.
  await page.getByRole('button', { name: 'Mark paid' }).waitFor()
  expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0)
  expect(await violations(page)).toEqual([])

  // The buyer's email carries the PDF.
  const [email] = await harness.server.outbox('bea@northwind.example')
  expect(email?.subject).toBe(`Invoice ${number} from Acme Sales`)
  const attached = await pdfText(Buffer.from(email?.attachments[0]?.content ?? '', 'base64'))
  expect(attached).toContain(number)
  expect(attached).toContain(amountDue ?? '?')
  expect(attached).toContain('12 Harbour Street')

  // The list shows it.
  await page.goto('/invoice')
  await page.getByRole('link', { name: number }).waitFor()
  expect(await violations(page)).toEqual([])

  // A member reads it and may download it, but recording a payment, voiding and the settings are not theirs.
  const member = await harness.newPage()
  await signIn(member, 'maya@closeroom.demo', 'Maya Member', DEMO_PASSWORD)
  await member.goto('/invoice')
  await member.getByRole('link', { name: number }).click()
  await member.getByRole('heading', { level: 1, name: number }).waitFor()
  await member.getByRole('link', { name: 'Download PDF' }).waitFor()
  expect(await member.getByRole('button', { name: 'Mark paid' }).count()).toBe(0)
  expect(await member.getByRole('button', { name: 'Void' }).count()).toBe(0)
  await member.goto('/invoice')
  await member.getByRole('link', { name: number }).waitFor()
  expect(await member.getByRole('button', { name: 'Invoice settings' }).count()).toBe(0)

  // The buyer sees it in the deal's sales room, its PDF a click away.
  const buyer = await harness.newPage()
  await buyer.goto(`/d/${room.json().publicId}`)
  const invoices = buyer.getByRole('region', { name: 'Invoices' })
  await invoices.getByText(number).waitFor()
  await invoices.getByText('Awaiting payment').waitFor()
  const href = await invoices.getByRole('link', { name: `Download invoice ${number} (PDF)` }).getAttribute('href')
  const pdf = await buyer.request.get(href ?? '')
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect(await pdfText(await pdf.body())).toContain(number)
  // A whole journey through four pages and two PDFs: 57-64 s at load 11, past the 60 s default.
}, 120_000)

it('shows a paid invoice as paid, its amount on a phone’s screen', async () => {
  const { app } = harness.server
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_OWNER_EMAIL, password: DEMO_PASSWORD } })
  const owner = { user: login.json().user, cookie: sessionCookie(login.headers['set-cookie']) }
  const invoice = await sentInvoice(app, owner, {
    lines: [{ description: 'Onboarding workshop', quantity: 1, unitPrice: 2500_00, discount: 0, taxRate: 2000 }],
  })
  const paid = await app.inject({ method: 'POST', url: `/api/invoices/${invoice.id}/paid`, headers: { cookie: owner.cookie } })
  expect(paid.statusCode, paid.body).toBe(200)

  const page = await harness.newPage({ viewport: { width: 390, height: 844 } })
  await signIn(page, DEMO_OWNER_EMAIL, 'Olivia Owner', DEMO_PASSWORD)
  await page.goto(`/invoice/${invoice.id}`)
  const document = page.getByRole('article')
  // Nothing is due any more.
  await document.getByText('Amount paid').waitFor()
  expect(await document.getByText('Amount due').count()).toBe(0)
  // The columns empty on every line (discount, a unit price equal to the amount) give way; the tax stays, and
  // the amount is on the screen.
  expect(await document.getByRole('columnheader', { name: 'Discount %' }).isVisible()).toBe(false)
  expect(await document.getByRole('columnheader', { name: 'Tax %' }).isVisible()).toBe(true)
  const amount = await document.getByRole('columnheader', { name: 'Amount', exact: true }).boundingBox()
  expect((amount?.x ?? 390) + (amount?.width ?? 1)).toBeLessThanOrEqual(390)
})
