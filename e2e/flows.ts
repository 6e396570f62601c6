import type { Page } from 'playwright-core'
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
