import type { Locator, Page } from 'playwright-core'
import { PASSWORD } from '../apps/server/src/testing/factories.ts'

/** Signs in through the login page and waits for the home page to greet `name`. */
export async function signIn(page: Page, email: string, name: string, password = PASSWORD) {
  await page.goto('/login')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('heading', { name: `Welcome, ${name}` }).waitFor()
}

/** Signs out from the account menu. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Your account' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
}

/** Holds the page's requests for `url` (a glob) until the returned function is called: a slow download. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * Holds the first socket.io message the page sends that `matches` (its text, e.g. '40' for the connection
 * itself), passing everything else through: a socket that connects or joins a room late. `held` settles once
 * that message has been sent and is waiting; `release()` lets it go on to the server.
 */
export async function holdSocketMessage(page: Page, matches: (message: string) => boolean) {
  let release = () => {}
  let holding = false
  const held = new Promise<void>((resolve) => {
    void page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer()
      ws.onMessage((message) => {
        if (!holding && typeof message === 'string' && matches(message)) {
          holding = true
          release = () => server.send(message)
          resolve()
        } else server.send(message)
      })
    })
  })
  return { held, release: () => release() }
}

/** Picks `option` from the select labelled `label` inside `scope`, and waits for its menu to have gone. */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  // The closing menu, hidden from assistive technology already, still covers the page until it has faded out.
  await page.locator('[role="listbox"]').waitFor({ state: 'detached' })
}

/** Whether a PDF page's canvas has anything drawn on it: pdf.js has rendered the page. */
export const drawn = (page: Locator) =>
  page.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? { data: [] }
    for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) return true
    return false
  })

/** A stroke across the signature pad, with the mouse. */
export async function drawOn(page: Page, canvas: Locator) {
  await canvas.scrollIntoViewIfNeeded()
  const box = await canvas.boundingBox()
  if (!box) throw new Error('The signature pad is not on screen')
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6)
  await page.mouse.down()
  for (let step = 1; step <= 24; step++)
    await page.mouse.move(box.x + 30 + step * 10, box.y + box.height * (0.6 - 0.25 * Math.sin(step / 3)), { steps: 2 })
  await page.mouse.up()
}

/** Presses Tab until `target` has the focus: it is reachable by keyboard (at most 40 presses). */
export async function tabTo(page: Page, target: Locator) {
  for (let press = 0; press < 40; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('Not reachable with Tab')
}

/**
 * Scrolls a public page's section (a region named by its heading) into view and waits for the part that mounts
 * only when the reader comes near it (ClientSuspense's `whenNear`: the product room's booker and forms, the sales
 * room's booker, a landing page's routing form) to replace its placeholder. Playwright does not scroll to what is
 * not in the page yet, so a test that uses such a part reveals it first.
 */
export async function revealPart(page: Page, section: string | RegExp): Promise<Locator> {
  const region = page.getByRole('region', { name: section })
  await region.scrollIntoViewIfNeeded()
  await region.locator('[data-pending-part]').waitFor({ state: 'detached' })
  return region
}
