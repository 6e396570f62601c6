// Screenshots of pages in light, dark and Arabic, to look at what we build:
//   npm run build && node scripts/screenshots.ts /settings/general /pricing
// Signs in as a fresh owner (with a teammate) on an in-memory server; PNGs go to $SHOTS_DIR or
// /tmp/closeroom-shots, named after the path. Width defaults to 1280; set SHOTS_WIDTH=390 for a phone.
// E2E_WEB_DIST serves another build than apps/web/dist.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { buildMember, buildOwner, PASSWORD } from '../apps/server/src/testing/factories.ts'
import { startTestServer } from '../apps/server/src/testing/server.ts'
import { CHROMIUM_ARGS } from '../e2e/harness.ts'

const paths = process.argv.slice(2)
const dir = process.env.SHOTS_DIR ?? '/tmp/closeroom-shots'
const width = Number(process.env.SHOTS_WIDTH ?? 1280)
mkdirSync(dir, { recursive: true })

// The demo organization too, so public pages such as /u/demo have something to show.
const server = await startTestServer({ webDist: process.env.E2E_WEB_DIST, seedDemo: true })
const owner = await buildOwner(server.app, { name: 'Olivia Owner' })
await buildMember(server.app, owner, { name: 'Sam Seller' })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })

const looks = [
  { name: 'light', mode: 'light', language: 'en' },
  { name: 'dark', mode: 'dark', language: 'en' },
  { name: 'ar', mode: 'light', language: 'ar' },
] as const

for (const look of looks) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } })
  const url = new URL(server.url)
  await context.addCookies([{ name: 'themeMode', value: look.mode, domain: url.hostname, path: '/' }])
  const page = await context.newPage()
  await page.addInitScript((language) => localStorage.setItem('i18nextLng', language), look.language)
  await page.goto('/login')
  await page.locator('input[name=email]').fill(owner.user.email)
  await page.locator('input[name=password]').fill(PASSWORD)
  await page.locator('button[type=submit]').click()
  await page.waitForURL((u) => u.pathname === '/')
  for (const path of paths) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    // Charts animate in: SHOTS_WAIT=1500 lets them finish before the picture.
    await page.waitForTimeout(Number(process.env.SHOTS_WAIT ?? 0))
    const file = join(dir, `${path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}-${look.name}.png`)
    await page.screenshot({ path: file, fullPage: true })
    console.log(file)
  }
  await context.close()
}
await browser.close()
await server.close()
