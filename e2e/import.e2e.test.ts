import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// Importing clients from a spreadsheet: the member picks a CSV file, sees its columns matched to the fields and
// its first rows, learns which rows are refused and why before anything is written, chooses to skip the
// duplicates, picks the corrected file and imports; the list then shows the new clients.

let harness: Harness
let owner: Client
beforeAll(async () => {
  harness = await startHarness()
  owner = await buildOwner(harness.server.app, { name: 'Ines Importer' })
  await request(harness.server.app, owner, 'POST', '/api/clients', { name: 'Known Buyer', email: 'known@example.com' })
})
afterAll(() => harness?.close())

const file = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) })

async function openImport(page: Page) {
  await page.goto('/clients')
  await page.getByRole('button', { name: 'Import' }).click()
  return page.getByRole('dialog', { name: 'Import clients from a CSV file' })
}

it('imports clients from a CSV file once every row is right, after showing what it refuses and why', async () => {
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Ines Importer')
  const dialog = await openImport(page)
  await dialog.getByText('A CSV file with a header row naming its columns').waitFor()
  const header = 'Full name;E-mail;Mobile;Organisation'
  await dialog
    .locator('input[type=file]')
    .setInputFiles(
      file('leads.csv', [
        header,
        'Ada Lovelace;ada@example.com;+44 20 7946 0000;Analytical',
        'Bad Phone;bad@example.com;call me;',
        'Known Again;KNOWN@example.com;;',
      ]),
    )

  // The columns are matched to the fields by their names, and the first rows shown under them.
  await dialog.getByText('The file has 3 rows. Choose the column that fills each field.').waitFor()
  await expect.poll(() => dialog.getByRole('combobox', { name: 'Email' }).textContent()).toBe('E-mail')
  const preview = dialog.getByRole('table', { name: 'The file’s first rows, as they would be imported' })
  await preview.getByRole('cell', { name: 'Ada Lovelace' }).waitFor()
  // Two rows are refused: nothing can be imported yet.
  await dialog.getByText('2 of 3 rows are refused.', { exact: false }).waitFor()
  const refused = dialog.getByRole('table', { name: 'Rows refused' })
  await expect
    .poll(() => refused.getByRole('row').allInnerTexts())
    .toEqual(['Line\tField\tWhy', expect.stringMatching(/^3\tPhone\t/), '4\tEmail\tThis email is known already'])
  await expect.poll(() => dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true)
  expect(await violations(page, '[role=dialog]')).toEqual([])

  // Duplicates skipped, then the corrected file.
  await dialog.getByRole('radio', { name: 'Skip them' }).check()
  await dialog.getByText('1 of 3 rows is refused.', { exact: false }).waitFor()
  await dialog
    .locator('input[type=file]')
    .setInputFiles(
      file('leads-fixed.csv', [
        header,
        'Ada Lovelace;ada@example.com;+44 20 7946 0000;Analytical',
        'Good Phone;good@example.com;+33 6 12 34 56 78;',
        'Known Again;KNOWN@example.com;;',
      ]),
    )
  await dialog.getByText('2 rows are ready to import. 1 row will be skipped: its email is known already.').waitFor()
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click()
  await page.getByText('2 clients imported').waitFor()
  await dialog.waitFor({ state: 'hidden' })
  await page.getByRole('link', { name: 'Good Phone' }).waitFor()
  await page.getByRole('link', { name: 'Ada Lovelace' }).waitFor()
  expect(await page.getByRole('link', { name: 'Known Again' }).count()).toBe(0)
})

it('lets the member choose the column of a field the headers do not name, and says a file is not a table', async () => {
  const page = await harness.newPage({ colorScheme: 'dark' })
  await signIn(page, owner.user.email, 'Ines Importer')
  await page.context().addCookies([{ name: 'themeMode', value: 'dark', url: harness.server.url }])
  const dialog = await openImport(page)
  await dialog.locator('input[type=file]').setInputFiles(file('odd.csv', ['Who,Where', 'Lin Chosen,Chosen Co']))
  const name = dialog.getByRole('combobox', { name: 'Name *' })
  await dialog.getByText('Choose the column for this field').waitFor()
  await name.click()
  await page.getByRole('option', { name: 'Who' }).click()
  await dialog.getByRole('combobox', { name: 'Company' }).click()
  await page.getByRole('option', { name: 'Where' }).click()
  await dialog.getByText('1 row is ready to import.').waitFor()
  expect(await violations(page, '[role=dialog]')).toEqual([])
  await dialog.getByRole('button', { name: 'Import 1 row' }).click()
  await page.getByText('1 client imported').waitFor()
  expect((await request(harness.server.app, owner, 'GET', '/api/clients?q=Lin')).json().clients).toEqual([
    expect.objectContaining({ name: 'Lin Chosen', company: 'Chosen Co' }),
  ])

  const again = await openImport(page)
  await again.locator('input[type=file]').setInputFiles(file('empty.csv', ['name']))
  await again.getByText('The file is not a CSV table', { exact: false }).waitFor()
})

it('imports deals into their stages, saying which stage, owner or contact a row names that Closeroom does not know', async () => {
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Ines Importer')
  await page.goto('/deals')
  await page.getByRole('button', { name: 'Import' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import deals from a CSV file' })
  const header = 'Deal name,Account,Value,Stage,Contact email'
  await dialog
    .locator('input[type=file]')
    .setInputFiles(
      file('deals.csv', [
        header,
        'Acme renewal,Acme,"12,500.50",Qualified,known@example.com',
        'Ghost deal,,100,Dreaming,ghost@example.com',
      ]),
    )
  const refused = dialog.getByRole('table', { name: 'Rows refused' })
  await expect
    .poll(() => refused.getByRole('row').allInnerTexts())
    .toEqual(['Line\tField\tWhy', '3\tStage\tNo stage of the pipeline has this name'])
  // Deals have no duplicates by email to choose about.
  expect(await dialog.getByRole('radio').count()).toBe(0)
  await dialog
    .locator('input[type=file]')
    .setInputFiles(file('deals-fixed.csv', [header, 'Acme renewal,Acme,"12,500.50",Qualified,known@example.com', 'Ghost deal,,100,Lead,']))
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click()
  await page.getByText('2 deals imported').waitFor()
  await page.getByRole('link', { name: 'Acme renewal' }).waitFor()
  await page.getByRole('link', { name: 'Ghost deal' }).waitFor()
})
