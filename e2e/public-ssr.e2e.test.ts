import { existsSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildEventType } from '../apps/server/src/testing/booking.ts'
import { buildDeal, buildProduct } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { buildForm } from '../apps/server/src/testing/routing.ts'
import { revealPart } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// A buyer's public page comes from the server already rendered with its data (apps/web/src/entry-server.tsx),
// so a phone paints it before any script has run; the browser then hydrates it.

let harness: Harness

/** A TURN server's credential, which the call needs and a meeting's server-rendered lobby must never carry. */
const TURN_CREDENTIAL = 'turn-credential-never-in-html'

beforeAll(async () => {
  harness = await startHarness({
    env: { ICE_SERVERS: JSON.stringify([{ urls: 'turn:turn.example.com:3478', username: 'closeroom', credential: TURN_CREDENTIAL }]) },
  })
})
afterAll(() => harness?.close())

/** A seller named `name` with one event type, and the address of their booking page. */
async function seller(name: string) {
  const owner = await buildOwner(harness.server.app, { name })
  await buildEventType(harness.server.app, owner, { title: 'Discovery call' })
  const { handle } = (await request(harness.server.app, owner, 'GET', '/api/booking-profile')).json() as { handle: string }
  return `/u/${handle}`
}

/** The HTML the server sends for `path`, before any script runs. */
async function serverHtml(path: string, cookie?: string) {
  const answer = await fetch(harness.server.url + path, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } })
  expect(answer.status).toBe(200)
  return answer.text()
}

it("the server's HTML of a booking page already shows the seller's name and what can be booked", async () => {
  const html = await serverHtml(await seller('Olivia Prerender'))
  expect(html).toMatch(/<h1[^>]*>Olivia Prerender<\/h1>/)
  expect(html).toMatch(/<h2[^>]*>Discovery call<\/h2>/)
  // Styled already: the page's styles come inline with it.
  expect(html).toMatch(/<style data-emotion="mui [^"]+">/)
})

it('an unknown booking page is left to the browser, which shows the same not-found page as before', async () => {
  const html = await serverHtml('/u/no-such-seller')
  expect(html).toContain('<div id="root"></div>')
  const page = await harness.newPage()
  await page.goto('/u/no-such-seller')
  await page.getByRole('heading', { name: 'Page not found' }).waitFor()
})

it('a hostile name cannot break out of the data embedded in the page', async () => {
  const hostile = '</script><script>window.pwned=1</script><img src=x onerror="window.pwned=2">'
  const path = await seller(hostile)
  const html = await serverHtml(path)
  // The name appears only as text: escaped in the heading, and with its `<` escaped in the embedded JSON.
  expect(html).not.toContain('<script>window.pwned')
  expect(html).not.toContain('<img src=x')
  expect(html).toContain('\\u003c/script>\\u003cscript>window.pwned=1')

  const page = await harness.newPage()
  await page.goto(path)
  await page.getByRole('heading', { level: 1, name: hostile }).waitFor()
  await page.getByRole('link', { name: /Discovery call/ }).waitFor()
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined()
})

/**
 * Opens `path` with the heading the HTML parser made marked, before any of the page's scripts run: once the page
 * is hydrated the mark is still there (React took the server's element over instead of painting a new one).
 * Answers the page and the errors it logged.
 */
async function openHydrated(path: string, viewport?: { width: number; height: number }) {
  const page = await harness.newPage()
  if (viewport) await page.setViewportSize(viewport)
  // Every layout shift of the page, as Lighthouse adds them up (none after an input here: nothing is clicked).
  await page.addInitScript(() => {
    const shifts: number[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.addInitScript(() =>
    document.addEventListener('readystatechange', () => {
      const heading = document.querySelector('h1')
      if (document.readyState === 'interactive' && heading) heading.dataset.fromServer = 'yes'
    }),
  )
  await page.goto(path, { waitUntil: 'networkidle' })
  await expect.poll(() => page.locator('h1').getAttribute('data-from-server')).toBe('yes')
  return { page, errors }
}

it('the browser hydrates the page it was sent instead of painting it again, and the page works', async () => {
  const path = await seller('Olivia Hydrated')
  const { page, errors } = await openHydrated(path)
  // Hydrated: the server's links now open the booker in the page, without loading another document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page.getByRole('link', { name: /Discovery call/ }).click()
  await page.waitForURL(/\?type=/)
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
  expect(errors).toEqual([])
})

it("paints the page before the app's script is even asked for, then hydrates it under the page's policy", async () => {
  const path = await seller('Olivia Paints First')
  // No script of the app's in the HTML: a small inline one adds it once the page has painted.
  expect(await serverHtml(path)).not.toMatch(/<script[^>]*\ssrc=/)
  const { page, errors } = await openHydrated(path)
  const { paint, script } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    // The public pages' own entry (public.html, main-public.tsx).
    script: performance.getEntriesByType('resource').find((entry) => /\/assets\/public-[\w-]+\.js$/.test(entry.name))?.startTime,
  }))
  expect(paint).toBeTypeOf('number')
  expect(script).toBeTypeOf('number')
  expect(script ?? -1).toBeGreaterThanOrEqual(paint ?? Number.POSITIVE_INFINITY)
  // The inline script is allowed by the page's Content-Security-Policy (a refused one logs an error), and the
  // page it hydrated works.
  await page.getByRole('link', { name: /Discovery call/ }).click()
  await page.waitForURL(/\?type=/)
  expect(errors).toEqual([])
})

it('an address outside the public pages, reached from one, opens in the whole app (the public entry has only these pages)', async () => {
  const path = await seller('Olivia Offline')
  const page = await harness.newPage()
  // The health check fails once the page is hydrated: the page sends the reader to the server error page, which is
  // the signed-in app's, so the document is loaded afresh there and the whole app shows it.
  await page.route('**/api/health', (route) => route.fulfill({ status: 503, json: { message: 'Down for a moment', code: 'UNAVAILABLE' } }))
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
  })
  await page.goto(path)
  await page.getByRole('heading', { name: 'Closeroom is not answering' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/500')
  expect(documents).toEqual([path, '/500'])
})

it('sends the page its scripts and stylesheets compressed with Brotli, and as they are to a client that asks for none', async () => {
  const path = await seller('Olivia Compressed')
  const page = await harness.newPage()
  const assets: Array<{ url: string; encoding: string | undefined; vary: string | undefined }> = []
  page.on('response', (response) => {
    if (/\/assets\/[^/]+\.(js|css)$/.test(response.url())) {
      const headers = response.headers()
      assets.push({ url: response.url(), encoding: headers['content-encoding'], vary: headers.vary })
    }
  })
  await page.goto(path)
  await page.getByRole('heading', { level: 1, name: 'Olivia Compressed' }).waitFor()
  await page.waitForLoadState('networkidle')
  // The build compresses every file of a kilobyte or more; smaller ones go as they are.
  const compressed = assets.filter((asset) => existsSync(new URL(`../apps/web/dist${new URL(asset.url).pathname}.br`, import.meta.url)))
  expect(compressed.map((asset) => new URL(asset.url).pathname)).toContainEqual(expect.stringMatching(/^\/assets\/react-dom-[\w-]+\.js$/))
  // The public pages' lean entry, not the signed-in app's (index.html's).
  expect(assets.map((asset) => new URL(asset.url).pathname)).toContainEqual(expect.stringMatching(/^\/assets\/public-[\w-]+\.js$/))
  expect(assets.map((asset) => new URL(asset.url).pathname)).not.toContainEqual(expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/))
  for (const asset of compressed)
    expect(asset, asset.url).toMatchObject({ encoding: 'br', vary: expect.stringContaining('accept-encoding') })

  // A client without Brotli gets gzip, and one that asks for no encoding the file itself, byte for byte the same script.
  const url = compressed.find((asset) => asset.url.endsWith('.js'))?.url ?? ''
  const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
  expect(plain.headers.get('content-encoding')).toBeNull()
  const gzipped = await fetch(url, { headers: { 'accept-encoding': 'gzip' } })
  expect(gzipped.headers.get('content-encoding')).toBe('gzip')
  // fetch decodes what it was sent: the same script either way.
  expect(await gzipped.text()).toBe(await plain.text())
})

/** A published sales room of a deal of `owner`'s, with a link, a plan and pricing; `settings` override the room's. */
async function salesroom(owner: Client, settings: Record<string, unknown> = {}) {
  const product = await buildProduct(harness.server.app, owner, { name: 'Platform', price: 120_000, currency: 'EUR' })
  const deal = await buildDeal(harness.server.app, owner, {
    amount: 240_000,
    currency: 'EUR',
    lines: [{ productId: product.id, quantity: 2 }],
  })
  const room = await harness.server.app.inject({
    method: 'PUT',
    url: `/api/deals/${deal.id}/salesroom`,
    headers: { cookie: owner.cookie },
    payload: { title: 'Acme × Closeroom', welcome: 'Welcome, Acme team', published: true, showPricing: true, ...settings },
  })
  expect(room.statusCode, room.body).toBe(200)
  const base = `/api/deals/${deal.id}/salesroom`
  await request(harness.server.app, owner, 'POST', `${base}/links`, {
    title: 'Security overview',
    url: 'https://docs.example.com/security',
  })
  await request(harness.server.app, owner, 'POST', `${base}/steps`, { title: 'Legal review', side: 'buyer', ownerName: 'Bea' })
  return `/d/${(room.json() as { publicId: string }).publicId}`
}

it("the server's HTML of a sales room shows its title, welcome, plan and pricing; the chat and booker come after", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Rooms' })
  const path = await salesroom(owner, { title: 'Acme <b>rollout</b>' })
  const html = await serverHtml(path)
  expect(html).toMatch(/<h1[^>]*>Acme &lt;b&gt;rollout&lt;\/b&gt;<\/h1>/)
  expect(html).toContain('Welcome, Acme team')
  expect(html).toContain('Legal review')
  expect(html).toContain('Security overview')
  expect(html).toContain('data-testid="room-total"')
  expect(html).toContain('Shared by Olivia Rooms')
  expect(html).toContain('\\u003cb>rollout')

  const { page, errors } = await openHydrated(path)
  // Hydrated: the chat has loaded, and the buyer's step can be ticked.
  await page.getByRole('textbox', { name: /message/i }).waitFor()
  await page.getByRole('checkbox', { name: /Legal review/ }).check()
  await expect.poll(() => page.getByRole('checkbox', { name: /Legal review/ }).isChecked()).toBe(true)
  expect(errors).toEqual([])
})

it('a private sales room is not rendered on the server: the browser shows its door, as before', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Private' })
  const path = await salesroom(owner, { title: 'Secret pricing room', access: 'invited', invitedEmails: ['bea@acme.example'] })
  const html = await serverHtml(path)
  expect(html).toContain('<div id="root"></div>')
  expect(html).not.toContain('Secret pricing room')
  expect(html).not.toContain('Legal review')
  const page = await harness.newPage()
  await page.goto(path)
  await page.getByRole('textbox', { name: /email/i }).waitFor()
  expect(await page.content()).not.toContain('Secret pricing room')
})

it("a reader carrying a sales room's pass, or a signer's link, gets the room from the browser, as before", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Passes' })
  const path = await salesroom(owner, { title: 'A room with passes' })
  expect(await serverHtml(path)).toContain('A room with passes')
  // Whatever the pass holds, the server does not render with it: the API's answer would name its email.
  const withPass = await serverHtml(path, `closeroom_room_${path.slice(3)}=any`)
  expect(withPass).toContain('<div id="root"></div>')
  expect(withPass).not.toContain('A room with passes')
  expect(await serverHtml(`${path}?sign=some-token`)).toContain('<div id="root"></div>')
})

it("the server's HTML of a product room shows the product's name, price and description; the booker and form come after", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Products' })
  const eventType = await buildEventType(harness.server.app, owner, { title: 'Product demo' })
  const product = await buildProduct(harness.server.app, owner, {
    name: 'Platform <i>Pro</i>',
    price: 120_000,
    currency: 'EUR',
    description: 'Everything your team needs.',
  })
  const room = await harness.server.app.inject({
    method: 'PUT',
    url: `/api/products/${product.id}/room`,
    headers: { cookie: owner.cookie },
    payload: { published: true, eventTypeId: eventType.id },
  })
  expect(room.statusCode, room.body).toBe(200)
  const path = `/p/${(room.json() as { roomId: string }).roomId}`
  const html = await serverHtml(path)
  expect(html).toMatch(/<h1[^>]*>Platform &lt;i&gt;Pro&lt;\/i&gt;<\/h1>/)
  expect(html).toContain('data-testid="product-price"')
  expect(html).toContain('Everything your team needs.')
  expect(html).toContain('\\u003ci>Pro')

  // On a phone (Lighthouse's mobile screen), where the booker starts on the first screen with the next section under it.
  const { page, errors } = await openHydrated(path, { width: 412, height: 823 })
  // Hydrated: the booker, on the first screen, mounts in a placeholder of its own height, so nothing moves; the
  // "talk to sales" form below it waits for the reader to scroll near it.
  const booking = page.getByRole('region', { name: 'Book a meeting' })
  await booking.locator('[data-date]').first().waitFor()
  // Lighthouse's CLS, to its three decimals (the web font's swap may nudge the language picker by a pixel).
  const shifted = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0))
  expect(shifted).toBeLessThan(0.001)
  const talk = page.getByRole('region', { name: 'Talk to sales' })
  expect(await talk.locator('[data-pending-part]').count()).toBe(1)
  expect(await talk.getByRole('button', { name: 'Send' }).count()).toBe(0)
  await (await revealPart(page, 'Talk to sales')).getByRole('button', { name: 'Send' }).waitFor()
  expect(errors).toEqual([])
})

it('an unpublished product room is left to the browser, which shows the not-found page as before', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Unpublished' })
  const product = await buildProduct(harness.server.app, owner, { name: 'Hidden product' })
  const publish = (published: boolean) =>
    harness.server.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}/room`,
      headers: { cookie: owner.cookie },
      payload: { published, eventTypeId: null },
    })
  const room = await publish(true)
  expect(room.statusCode, room.body).toBe(200)
  expect((await publish(false)).statusCode).toBe(200)
  const path = `/p/${(room.json() as { roomId: string }).roomId}`
  const html = await serverHtml(path)
  expect(html).toContain('<div id="root"></div>')
  expect(html).not.toContain('Hidden product')
})

/** A landing page of `owner`'s organization with one product and their booking link; its address. */
async function landingPage(owner: Client, fields: Record<string, unknown>) {
  const product = await buildProduct(harness.server.app, owner, { name: 'Platform', price: 120_000, currency: 'EUR' })
  const { handle } = (await request(harness.server.app, owner, 'GET', '/api/booking-profile')).json() as { handle: string }
  const page = await request(harness.server.app, owner, 'POST', '/api/landing-pages', {
    title: 'Acme',
    productIds: [product.id],
    handles: [handle],
    ...fields,
  })
  expect(page.statusCode, page.body).toBe(201)
  return `/l/${(page.json() as { publicId: string }).publicId}`
}

it("the server's HTML of a landing page shows its headline, intro, products and booking links, hydrated in one pass", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Landing' })
  await buildEventType(harness.server.app, owner, { title: 'Intro call' })
  const path = await landingPage(owner, {
    headline: 'Sell <em>together</em>',
    intro: 'Rooms, bookings and calls in one place.',
    published: true,
  })
  const html = await serverHtml(path)
  expect(html).toMatch(/<h1[^>]*>Sell &lt;em&gt;together&lt;\/em&gt;<\/h1>/)
  expect(html).toContain('Rooms, bookings and calls in one place.')
  expect(html).toContain('Platform')
  expect(html).toContain('Olivia Landing')
  expect(html).toContain('\\u003cem>together')

  const { page, errors } = await openHydrated(path)
  // Hydrated: a booking link opens the booking page in the app, without loading another document.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  await page.getByRole('link', { name: /Olivia Landing/ }).click()
  await page.waitForURL(/\/u\//)
  await page.getByRole('heading', { level: 1, name: 'Olivia Landing' }).waitFor()
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
  expect(errors).toEqual([])
})

it('an unpublished landing page is left to the browser, which shows the not-found page as before', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Draft' })
  const path = await landingPage(owner, { headline: 'A draft headline', published: false })
  const html = await serverHtml(path)
  expect(html).toContain('<div id="root"></div>')
  expect(html).not.toContain('A draft headline')
  const page = await harness.newPage()
  await page.goto(path)
  await page.getByRole('heading', { name: 'Page not found' }).waitFor()
})

it("the server's HTML of a routing form shows its name and description; its questions come once hydrated", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Forms' })
  const form = await buildForm(harness.server.app, owner, {
    name: 'Find <u>your</u> expert',
    description: 'Three questions, then the right person.',
  })
  const html = await serverHtml(`/f/${form.slug}`)
  expect(html).toMatch(/<h1[^>]*>Find &lt;u&gt;your&lt;\/u&gt; expert<\/h1>/)
  expect(html).toContain('Three questions, then the right person.')
  expect(html).toContain('\\u003cu>your')

  const { page, errors } = await openHydrated(`/f/${form.slug}`)
  await page.getByRole('textbox', { name: 'Your name' }).fill('Bea Buyer')
  expect(errors).toEqual([])
})

it('an unpublished routing form is left to the browser, which shows the not-found page as before', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Hidden Form' })
  const form = await buildForm(harness.server.app, owner, { name: 'A hidden form', published: false })
  const html = await serverHtml(`/f/${form.slug}`)
  expect(html).toContain('<div id="root"></div>')
  expect(html).not.toContain('A hidden form')
  const page = await harness.newPage()
  await page.goto(`/f/${form.slug}`)
  await page.getByRole('heading', { name: 'Page not found' }).waitFor()
})

/** A meeting room of a deal of `owner`'s, titled `title`: its address. */
async function meetingRoom(owner: Client, title: string) {
  const deal = await buildDeal(harness.server.app, owner, { name: title })
  const opened = await request(harness.server.app, owner, 'POST', `/api/deals/${deal.id}/meeting`)
  expect(opened.statusCode, opened.body).toBe(200)
  return `/m/${(opened.json() as { publicId: string }).publicId}`
}

it("the server's HTML of a meeting's lobby shows its title, host and name field, and none of what the call needs", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Meets' })
  const path = await meetingRoom(owner, 'Northwind <b>pilot</b>')
  const html = await serverHtml(path)
  expect(html).toMatch(/<h1[^>]*>Northwind &lt;b&gt;pilot&lt;\/b&gt;<\/h1>/)
  expect(html).toContain('Hosted by Olivia Meets')
  expect(html).toContain('Your name')
  expect(html).toContain('data-testid="video-tile"')
  expect(html).toContain('\\u003cb>pilot')
  // The embedded data is what the lobby shows: the call's ICE servers (and their TURN credential) are not in it.
  expect(html).not.toContain(TURN_CREDENTIAL)
  expect(html).not.toContain('turn.example.com')
  expect(html).not.toContain('iceServers')
  expect(html).not.toContain('requireAdmission')

  // On a phone, with the name this browser kept from an earlier call. No camera here (as in Lighthouse's browser):
  // the preview's tile says so in its own place, so nothing on the page moves.
  const page = await harness.newPage()
  await page.setViewportSize({ width: 412, height: 823 })
  await page.addInitScript(() => window.localStorage.setItem('closeroom.meeting.name', 'Bea Kept'))
  await page.addInitScript(() => {
    const shifts: number[] = []
    Object.assign(window, { layoutShifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value)
    }).observe({ type: 'layout-shift', buffered: true })
    document.addEventListener('readystatechange', () => {
      const heading = document.querySelector('h1')
      if (document.readyState === 'interactive' && heading) heading.dataset.fromServer = 'yes'
    })
  })
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(path)
  await page.getByRole('alert').filter({ hasText: 'did not give access to the camera' }).waitFor()
  await page.getByRole('button', { name: 'Join now' }).waitFor()
  await expect.poll(() => page.getByLabel('Your name').inputValue()).toBe('Bea Kept')
  // Hydrated, not painted again: the heading the HTML parser made is the one on screen.
  expect(await page.locator('h1').getAttribute('data-from-server')).toBe('yes')
  const shifted = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0))
  expect(shifted).toBeLessThan(0.001)
  // The call's code came after the lobby, and joining goes on from the lobby: the name is asked for.
  await page.getByLabel('Your name').fill('')
  await page.getByRole('button', { name: 'Join now' }).click()
  await page.getByText('Enter your name').waitFor()
  expect(errors).toEqual([])
})

it('a meeting is left to the browser for a signed-in reader and for an unknown room, as before', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Member' })
  const path = await meetingRoom(owner, 'A members-only view')
  // A member joins without a name: their session changes the answer, so the server does not render it.
  const signedIn = await serverHtml(path, owner.cookie)
  expect(signedIn).toContain('<div id="root"></div>')
  expect(signedIn).not.toContain('A members-only view')

  expect(await serverHtml('/m/no-such-meeting-room')).toContain('<div id="root"></div>')
  const page = await harness.newPage()
  await page.goto('/m/no-such-meeting-room')
  await page.getByRole('heading', { name: 'Page not found' }).waitFor()
})
