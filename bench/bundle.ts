import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { chromium, type Page } from 'playwright-core'
import { buildOwner, PASSWORD, request } from '../apps/server/src/testing/factories.ts'
import { startTestServer } from '../apps/server/src/testing/server.ts'
import { CHROMIUM_ARGS } from '../e2e/harness.ts'
import { composition } from './bundle-composition.ts'
import { type Result, result } from './report.ts'

/** The public pages' budget: their first load must stay under this many gzipped kilobytes of JavaScript. */
export const PUBLIC_PAGE_BUDGET_KB = 150

/**
 * How much JavaScript a buyer's browser downloads to open a seller's booking page (/u/:id, signed out),
 * next to what a seller's browser downloads to open the dashboard (/, signed in): the real built app in
 * Chromium, every script the page loads until the network is idle, each gzipped at level 9 as a server
 * or CDN would send it.
 */
export async function bundleBench(): Promise<Result[]> {
  const dist = new URL('../apps/web/dist/index.html', import.meta.url)
  if (!existsSync(dist)) execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: new URL('..', import.meta.url) })

  // E2E_WEB_DIST measures another build than apps/web/dist.
  const server = await startTestServer({ webDist: process.env.E2E_WEB_DIST })
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
  try {
    const owner = await buildOwner(server.app, { name: 'Bench Seller' })
    // A real booking page: the seller's public handle with an event type a buyer can open.
    await request(server.app, owner, 'POST', '/api/event-types', { title: 'Intro call', slug: 'intro', durations: [30] })
    const { handle } = (await request(server.app, owner, 'GET', '/api/booking-profile')).json() as { handle: string }
    const publicScripts: string[] = []
    const publicPage = await scriptKilobytes(
      await browser.newPage({ baseURL: server.url }),
      async (page) => {
        await page.goto(`/u/${handle}`, { waitUntil: 'networkidle' })
        await page.getByRole('heading', { level: 1, name: 'Bench Seller' }).waitFor()
      },
      publicScripts,
    )
    const dashboardScripts: string[] = []
    const dashboard = await scriptKilobytes(
      await browser.newPage({ baseURL: server.url }),
      async (page) => {
        await page.goto('/login', { waitUntil: 'networkidle' })
        await page.locator('input[name=email]').fill(owner.user.email)
        await page.locator('input[name=password]').fill(PASSWORD)
        await page.locator('button[type=submit]').click()
        // The address changes as the dashboard starts loading (the page shown stays until it is ready), and
        // 'networkidle' was reached on the sign-in page already: wait for the home page, then for quiet.
        await page.getByRole('heading', { level: 1, name: 'Welcome, Bench Seller' }).waitFor()
        await networkQuiet(page)
      },
      dashboardScripts,
    )
    // BUNDLE_COMPOSITION=1 prints what /u/:id's scripts are made of, by chunk and by package (=all: the
    // dashboard's too).
    if (process.env.BUNDLE_COMPOSITION) printComposition('/u/:id', publicScripts)
    if (process.env.BUNDLE_COMPOSITION === 'all') printComposition('the dashboard', dashboardScripts)
    if (publicPage > PUBLIC_PAGE_BUDGET_KB) {
      console.warn(`/u/:id loads ${publicPage.toFixed(1)} KB of gzipped JavaScript, over its ${PUBLIC_PAGE_BUDGET_KB} KB budget`)
    }
    return [
      result({ bench: 'bundle', metric: 'JavaScript of /u/:id vs the dashboard', value: publicPage, unit: 'KB gz', baseline: dashboard }),
    ]
  } finally {
    await browser.close()
    await server.close()
  }
}

/** Resolves once no request has been in flight for `ms` (Playwright's 'networkidle', for a page already loaded). */
function networkQuiet(page: Page, ms = 500): Promise<void> {
  return new Promise((resolve) => {
    let inFlight = 0
    let timer: NodeJS.Timeout | undefined
    const settle = () => {
      clearTimeout(timer)
      if (inFlight === 0) timer = setTimeout(done, ms)
    }
    const started = () => {
      inFlight++
      clearTimeout(timer)
    }
    const ended = () => {
      inFlight = Math.max(0, inFlight - 1)
      settle()
    }
    function done() {
      page.off('request', started)
      page.off('requestfinished', ended)
      page.off('requestfailed', ended)
      resolve()
    }
    page.on('request', started)
    page.on('requestfinished', ended)
    page.on('requestfailed', ended)
    settle()
  })
}

/** Gzipped kilobytes of every script the page downloads while `visit` runs. */
async function scriptKilobytes(page: Page, visit: (page: Page) => Promise<void>, paths: string[] = []): Promise<number> {
  const sizes: Promise<number>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    paths.push(new URL(response.url()).pathname)
    sizes.push(
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    )
  })
  await visit(page)
  const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0)
  await page.close()
  return bytes / 1024
}

function printComposition(name: string, scripts: string[]) {
  const dist = process.env.E2E_WEB_DIST
    ? new URL(`file://${process.env.E2E_WEB_DIST.replace(/\/?$/, '/')}`)
    : new URL('../apps/web/dist/', import.meta.url)
  const { chunks, parts } = composition(dist, scripts)
  console.log(`${name}: scripts (KB gz):`)
  for (const [path, kb] of chunks.sort((a, b) => b[1] - a[1])) console.log(`  ${kb.toFixed(1).padStart(6)}  ${path}`)
  console.log(`${name}: by package or folder (KB gz, estimated from source maps):`)
  for (const [part, kb] of parts) if (kb >= 0.1) console.log(`  ${kb.toFixed(1).padStart(6)}  ${part}`)
}
