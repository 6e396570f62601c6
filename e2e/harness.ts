import { type Browser, chromium, type Page } from 'playwright-core'
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

/** The real server on a fresh in-memory database, serving the built app, and a browser to drive it. */
export async function startHarness(): Promise<Harness> {
  const server = await startTestServer()
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
  return {
    server,
    browser,
    async newPage() {
      const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' })
      return context.newPage()
    },
    async close() {
      await browser.close()
      await server.close()
    },
  }
}
