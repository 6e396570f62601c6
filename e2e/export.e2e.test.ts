import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import yauzl from 'yauzl'
import { organizationExports } from '../apps/server/src/db/schema/index.ts'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// The "Export your data" card of the admin settings: an admin starts an export, watches it go through its steps
// and downloads the zip the browser saves.

const PATH = '/admin-settings/account'
let harness: Harness
let owner: Client

beforeAll(async () => {
  harness = await startHarness()
  owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  await buildDeal(harness.server.app, owner, { name: 'Acme rollout' })
})
afterAll(() => harness?.close())

const screenshot = (page: Page, name: string) => page.screenshot({ path: `/tmp/closeroom-export-${name}.png`, fullPage: true })

async function pageAs(options: { dark?: boolean; width?: number; arabic?: boolean; as?: Client } = {}) {
  const page = await harness.newPage({ viewport: { width: options.width ?? 1280, height: 900 } })
  if (options.dark) await page.context().addCookies([{ name: 'themeMode', value: 'dark', url: harness.server.url }])
  await signIn(page, (options.as ?? owner).user.email, options.as?.user.name ?? 'Olivia Owner')
  if (options.arabic) {
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'))
    await page.context().addCookies([{ name: 'language', value: 'ar', url: harness.server.url }])
  }
  return page
}

/** The names of a zip's entries. */
function entriesOf(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error)
      const names: string[] = []
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName)
        zip.readEntry()
      })
      zip.on('end', () => resolve(names))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

it('an admin exports the organization, sees its progress, then downloads the zip', async () => {
  const page = await pageAs()
  await page.goto(PATH)
  const card = page.getByRole('region', { name: 'Export your data' })
  await card.getByRole('heading', { name: 'Export your data', level: 2 }).waitFor()
  expect(await violations(page)).toEqual([])

  // Whatever shows between the click and the download: the progress bar and the step it names.
  await page.evaluate(() => {
    const seen: string[] = []
    Object.assign(window, { exportSeen: seen })
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[data-testid="organization-export"] [role="progressbar"]'))
        seen.push(`bar:${bar.getAttribute('aria-valuenow') ?? 'waiting'}`)
      for (const step of document.querySelectorAll('[data-testid="export-step"]')) seen.push(step.textContent ?? '')
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
  })
  await card.getByRole('button', { name: 'Export' }).click()
  const entry = card.getByTestId('organization-export').first()
  const download = entry.getByRole('link', { name: 'Download' })
  await download.waitFor({ timeout: 30_000 })
  const seen = await page.evaluate(() => (window as unknown as { exportSeen: string[] }).exportSeen)
  expect(seen.some((s) => s.startsWith('bar:'))).toBe(true)
  expect(seen.filter((s) => /^Step \d+ of 23: /.test(s)).length).toBeGreaterThan(0)
  // The requester is told, with the organization and the last day to download.
  await page
    .getByText(/The export of Olivia Owner.s organization is ready to download until \w+ \d+, \d{4}/)
    .first()
    .waitFor()
  await entry.getByText('Ready', { exact: true }).waitFor()
  await entry.getByText(/can be downloaded until/).waitFor()
  // One at a time: the button waits while an export is being prepared, and is back once it is ready.
  expect(await card.getByRole('button', { name: 'Export' }).isEnabled()).toBe(true)
  expect(await violations(page)).toEqual([])
  await screenshot(page, 'ready')

  const saving = page.waitForEvent('download')
  await download.click()
  const saved = await saving
  expect(saved.suggestedFilename()).toMatch(/^closeroom-export-[\w-]+-\d{4}-\d{2}-\d{2}\.zip$/)
  const names = await entriesOf(await readFile(await saved.path()))
  expect(names).toEqual(expect.arrayContaining(['manifest.json', 'deals.csv', 'deals.json', 'clients.csv', 'agreements.json']))

  // The list survives a reload, read from the server.
  await page.reload()
  await page.getByTestId('organization-export').first().getByRole('link', { name: 'Download' }).waitFor()
})

it('reads well in dark mode, on a phone and in Arabic; shows an export midway with its step and a failed one with why', async () => {
  const dark = await pageAs({ dark: true })
  await dark.goto(PATH)
  await dark.getByTestId('organization-export').first().waitFor()
  expect(await violations(dark)).toEqual([])
  await screenshot(dark, 'dark')

  const phone = await pageAs({ width: 390 })
  await phone.goto(PATH)
  await phone.getByTestId('organization-export').first().waitFor()
  await screenshot(phone, 'phone')

  const arabic = await pageAs({ arabic: true })
  await arabic.goto(PATH)
  await arabic.getByRole('heading', { name: 'تصدير بياناتك' }).waitFor()
  expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl')
  await arabic.getByTestId('organization-export').first().getByRole('link', { name: 'تنزيل' }).waitFor()
  expect(await violations(arabic)).toEqual([])
  await screenshot(arabic, 'arabic')

  // Another organization's exports, one midway and one that failed, as the job leaves them.
  const other = await buildOwner(harness.server.app, { name: 'Oscar Owner' })
  const organizationId = other.user.organizationId
  await harness.server.app.database.db.insert(organizationExports).values([
    {
      organizationId,
      requestedById: other.user.id,
      status: 'failed',
      errorCode: 'interrupted',
      stepsTotal: 23,
      createdAt: new Date(Date.now() - 3600_000),
    },
    { organizationId, requestedById: other.user.id, status: 'running', step: 'agreement-pdfs', stepsDone: 18, stepsTotal: 23 },
  ])
  const page = await pageAs({ as: other })
  await page.goto(PATH)
  const [running, failed] = [page.getByTestId('organization-export').nth(0), page.getByTestId('organization-export').nth(1)]
  await running.getByText('Step 19 of 23: agreement PDFs').waitFor()
  expect(await running.getByRole('progressbar', { name: 'Export progress' }).getAttribute('aria-valuenow')).toBe(String((18 / 23) * 100))
  await failed.getByText('The server stopped while this export was being built. Start a new export.').waitFor()
  // One at a time: no second export while this one runs.
  expect(await page.getByRole('button', { name: 'Export' }).isDisabled()).toBe(true)
  expect(await violations(page)).toEqual([])
  await screenshot(page, 'running')
})
