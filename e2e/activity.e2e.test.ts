import { SocketEvents } from '@closeroom/shared'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember, buildOwner, type Client } from '../apps/server/src/testing/factories.ts'
import { connectSocket } from '../apps/server/src/testing/sockets.ts'
import { signIn, signOut } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// What a teammate's real-time connection hears about the people of their organization.

let harness: Harness
let owner: Client
let seller: Client
let teammate: Client
beforeAll(async () => {
  harness = await startHarness()
  owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  seller = await buildMember(harness.server.app, owner, { name: 'Sam Seller' })
  teammate = await buildMember(harness.server.app, owner, { name: 'Tess Teammate' })
})
afterAll(() => harness?.close())

type Seen = { state: 'active' | 'inactive'; userId: string }

/** Listens as the teammate, folding repeats: a reconnection announces the current state again. */
async function listen() {
  const socket: Socket = await connectSocket(harness.server.url, teammate.cookie)
  const seen: Seen[] = []
  let heard: (entry: Seen) => void = () => undefined
  const record = (state: Seen['state']) => (payload: { userId: string }) => {
    const last = seen.at(-1)
    if (last?.state === state && last.userId === payload.userId) return
    seen.push({ state, userId: payload.userId })
    heard({ state, userId: payload.userId })
  }
  socket.on(SocketEvents.userActive, record('active'))
  socket.on(SocketEvents.userInactive, record('inactive'))
  /** Everything heard up to and including `entry`, once it is heard. */
  const until = (entry: Seen) =>
    new Promise<Seen[]>((resolve) => {
      const check = () => {
        const index = seen.findIndex((e) => e.state === entry.state && e.userId === entry.userId)
        if (index >= 0) resolve(seen.slice(0, index + 1))
      }
      heard = check
      check()
    })
  return { socket, seen, until }
}

const blur = () => window.dispatchEvent(new Event('blur'))
const focus = () => window.dispatchEvent(new Event('focus'))

it('tells teammates who is active: on sign-in, after the window loses focus, on focus, and as the new user after another sign-in', async () => {
  const teammateView = await listen()
  const page = await harness.newPage()
  // The page's timers run on a clock the test moves, so a minute passes in an instant.
  await page.clock.install()
  await signIn(page, owner.user.email, 'Olivia Owner')
  await teammateView.until({ state: 'active', userId: owner.user.id })

  // Away for a minute: inactive. (A minute without the server's pings also drops the connection; the
  // reconnection a second or so later announces the same state, which teammates fold away.) The exact
  // timings are the unit tests' business (activity.unit.test.ts); this is the way to teammates.
  await page.evaluate(blur)
  await page.clock.fastForward(60_000)
  await page.clock.runFor(6_000)
  await teammateView.until({ state: 'inactive', userId: owner.user.id })
  await page.evaluate(focus)

  // Someone else signs in in this tab: the connection is replaced and announces them.
  await signOut(page)
  await signIn(page, seller.user.email, 'Sam Seller')
  // Messages arrive in order, so everything the owner's tab said is heard by the time the seller is.
  expect(await teammateView.until({ state: 'active', userId: seller.user.id })).toEqual([
    { state: 'active', userId: owner.user.id },
    { state: 'inactive', userId: owner.user.id },
    { state: 'active', userId: owner.user.id },
    { state: 'active', userId: seller.user.id },
  ])
  teammateView.socket.disconnect()
})
