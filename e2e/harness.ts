import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core'
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

/**
 * What every browser context of the tests starts from, whatever the machine's language and zone: English
 * (United States) in UTC. A test that is about a language or a zone says so on top of these.
 */
export const CONTEXT_DEFAULTS = { locale: 'en-US', timezoneId: 'UTC' } as const

/** Pages opened so far, to tell apart the screenshots of a failed test's several pages. */
let pages = 0
/** The pages still open, with what each went through. */
const open = new Set<{ page: Page; number: number; journal: string[]; reported: boolean }>()

export type Harness = {
  server: TestServer
  browser: Browser
  newPage(contextOptions?: BrowserContextOptions): Promise<Page>
  close(): Promise<void>
}

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
    /**
     * A page in a context of its own (no cookies shared with other pages), closed when the test ends. Call it
     * inside a test. `contextOptions` adds to its context, e.g. a phone's touch screen.
     */
    async newPage(contextOptions: BrowserContextOptions = {}) {
      const context = await browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: server.url, ...contextOptions })
      const page = await context.newPage()
      const opened = { page, number: ++pages, journal: keepJournal(page), reported: false }
      open.add(opened)
      onTestFinished(async ({ task }) => {
        // Every page of the test as it was when it failed, before any closes: the first page closed (the last
        // opened) would otherwise leave the others showing its departure, not the failure.
        if (task.result?.state === 'fail')
          for (const each of open)
            if (!each.reported) {
              each.reported = true
              await reportFailure(each.page, `${task.name} (page ${each.number})`, each.journal)
            }
        open.delete(opened)
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
  // The realtime traffic, socket.io's event names and their start: a call or a live list that went quiet says where.
  page.on('websocket', (socket) => {
    note(`websocket ${new URL(socket.url()).pathname}`)
    const frame =
      (way: string) =>
      ({ payload }: { payload: string | Buffer }) => {
        const text = String(payload)
        if (text !== '2' && text !== '3') note(`${way} ${text.slice(0, 160)}`)
      }
    socket.on('framesent', frame('sent'))
    socket.on('framereceived', frame('received'))
    socket.on('close', () => note('websocket closed'))
  })
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.startsWith('/api/') || response.status() >= 400)
      note(`${response.status()} ${response.request().method()} ${url.pathname}`)
  })
  return journal
}

async function reportFailure(page: Page, testName: string, journal: string[]) {
  const screenshot = join(tmpdir(), `closeroom-e2e-${testName.replace(/\W+/g, '-').slice(-100)}.png`)
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
