import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { onTestFinished } from 'vitest'
import { startTestServer, type TestServer } from '../apps/server/src/testing/server.ts'

// Debian's Chromium, headless, with the flags this closed network needs (no background connections).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-gpu',
]

export type Harness = { server: TestServer; browser: Browser; newPage(): Promise<Page>; close(): Promise<void> }

/** The real server on a fresh in-memory database, serving the built app, and a browser to drive it. `env` configures the server. */
export async function startHarness(
  options: {
    env?: Record<string, string>
    seedDemo?: boolean
    /** More Chromium flags, e.g. a fake camera and microphone. */
    browserArgs?: string[]
  } = {},
): Promise<Harness> {
  // E2E_WEB_DIST tests another build than apps/web/dist, e.g. while that one is being rebuilt.
  const server = await startTestServer({ env: options.env, webDist: process.env.E2E_WEB_DIST, seedDemo: options.seedDemo })
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...(options.browserArgs ?? [])] })
  return {
    server,
    browser,
    /** A page in a context of its own (no cookies shared with other pages), closed when the test ends. Call it inside a test. */
    async newPage() {
      const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' })
      const page = await context.newPage()
      const journal = keepJournal(page)
      onTestFinished(async ({ task }) => {
        if (task.result?.state === 'fail') await reportFailure(page, task.name, journal)
        await context.close()
      })
      return page
    },
    async close() {
      await browser.close()
      await server.close()
    },
  }
}

/** What a page went through, so that a failing test says why instead of only which locator it waited for. */
function keepJournal(page: Page): string[] {
  const journal: string[] = []
  const note = (line: string) => journal.push(`${new Date().toISOString().slice(11, 23)} ${line}`)
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`)
  })
  page.on('pageerror', (error) => note(`page error: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console ${message.type()}: ${message.text()}`)
  })
  page.on('requestfailed', (request) => note(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`))
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith('/api/') || response.status() >= 400)
      note(`${response.status()} ${response.request().method()} ${url.pathname}`)
  })
  return journal
}

async function reportFailure(page: Page, testName: string, journal: string[]) {
  const screenshot = join(tmpdir(), `closeroom-e2e-${testName.replace(/\W+/g, '-').slice(0, 80)}.png`)
  const saved = await page.screenshot({ path: screenshot }).then(
    () => true,
    () => false,
  )
  console.error(
    [
      `"${testName}" failed on ${page.url()}`,
      saved ? `screenshot: ${screenshot}` : 'no screenshot',
      ...journal.map((line) => `  ${line}`),
    ].join('\n'),
  )
}
