import { type MeetingJoinAck, SocketEvents } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { meetings } from '../apps/server/src/db/schema/index.ts'
import { participantId } from '../apps/server/src/modules/meetings/sockets.ts'
import { bookingBody, buildEventType, freeSlots, nextMonday } from '../apps/server/src/testing/booking.ts'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { connectSocket } from '../apps/server/src/testing/sockets.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// A deal's meeting: the seller starts it from the deal, a signed-out guest opens the link, types a name and
// joins; each sees and hears the other (Chromium's fake camera and microphone), they chat, the guest mutes
// and leaves.

let harness: Harness
let seller: Client

beforeAll(async () => {
  harness = await startHarness({
    browserArgs: [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      // Host candidates as plain addresses, not mDNS (.local) names: the tests need not depend on this machine
      // resolving them. (Calls that never connected turned out to be an offer collision: see peer.ts.)
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  })
  seller = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
})
afterAll(() => harness?.close())

/**
 * Sets the tab keys of two pages about to join `publicId`, so that `caller` is the side that makes the pair's
 * first offer (peer.ts isCaller: the greater participant id), instead of leaving it to chance.
 */
async function pair(publicId: string, caller: Page, called: Page) {
  const [meeting] = await harness.server.app.database.db.select().from(meetings).where(eq(meetings.publicId, publicId))
  if (!meeting) throw new Error(`no meeting ${publicId}`)
  // Keys as a tab makes them: 16 bytes in hex.
  const key = (n: number) => n.toString(16).padStart(32, '0')
  const calledKey = key(0)
  let callerKey = key(1)
  for (let i = 2; participantId(meeting.id, callerKey) <= participantId(meeting.id, calledKey); i++) callerKey = key(i)
  for (const [page, key] of [
    [caller, callerKey],
    [called, calledKey],
  ] as const)
    await page.evaluate((value) => sessionStorage.setItem('closeroom.meeting.key', value), key)
}

/** Waits until the tile named `name` plays video: frames have a size and its clock moves on. */
async function framesArrive(page: Page, name: string) {
  const video = `[data-testid="video-tile"][data-name="${name}"] video`
  await page.waitForFunction((selector) => {
    const element = document.querySelector<HTMLVideoElement>(selector)
    return Boolean(element && element.videoWidth > 0 && element.currentTime > 0)
  }, video)
  const before = await page.evaluate((selector) => document.querySelector<HTMLVideoElement>(selector)?.currentTime ?? 0, video)
  await page.waitForFunction(
    ([selector, then]) => (document.querySelector<HTMLVideoElement>(selector as string)?.currentTime ?? 0) > (then as number),
    [video, before] as const,
  )
}

it('the seller starts a meeting from the deal, a guest joins by the link; they see and chat, the seller records, they leave, and the recording plays back', async () => {
  const deal = await buildDeal(harness.server.app, seller, { name: 'Northwind pilot' })
  const host = await harness.newPage()
  await signIn(host, seller.user.email, 'Olivia Owner')
  await host.goto(`/deals/${deal.id}`)
  await host.getByRole('button', { name: 'Start a meeting' }).click()
  await host.waitForURL(/\/m\/[A-Za-z0-9_-]{16}$/)
  await host.getByRole('heading', { level: 1, name: 'Northwind pilot' }).waitFor()
  await host.getByText('You join as a member of').waitFor()

  // The guest: another browser context, no account, only the link. Joining second, they call the host.
  const guest = await harness.newPage()
  const link = new URL(host.url()).pathname
  await guest.goto(link)
  await pair(link.slice('/m/'.length), guest, host)
  await host.getByRole('button', { name: 'Join now' }).click()
  await host.locator('[data-testid="video-tile"][data-name="Olivia Owner (you)"]').waitFor()
  await guest.getByRole('heading', { level: 1, name: 'Northwind pilot' }).waitFor()
  await guest.getByText('Hosted by Olivia Owner').waitFor()
  // The preview plays the fake camera before joining.
  await framesArrive(guest, 'Your camera preview')
  expect(await violations(guest)).toEqual([])
  await guest.getByRole('button', { name: 'Join now' }).click()
  await guest.getByText('Enter your name').waitFor()
  await guest.getByLabel('Your name').fill('Bea Buyer')
  await guest.getByRole('button', { name: 'Join now' }).click()

  // Each sees the other's video, frames arriving.
  await framesArrive(host, 'Bea Buyer')
  await framesArrive(guest, 'Olivia Owner')

  // Chat both ways, as plain text.
  await host.getByRole('button', { name: 'Chat', exact: true }).click()
  await host.getByLabel('Message').fill('Welcome, Bea!')
  await host.getByRole('button', { name: 'Send' }).click()
  await guest.getByRole('button', { name: 'Chat', exact: true }).click()
  await guest.getByTestId('chat-message').filter({ hasText: 'Welcome, Bea!' }).waitFor()
  await guest.getByLabel('Message').fill('<b>Hello</b> Olivia')
  await guest.getByRole('button', { name: 'Send' }).click()
  await host.getByTestId('chat-message').filter({ hasText: '<b>Hello</b> Olivia' }).waitFor()
  expect(await host.locator('[data-testid="chat-message"] b').count()).toBe(0)

  // The host shares their screen: the guest's picture of them turns wide (Chromium's fake screen is 16:9, its
  // fake camera 4:3) and the host's own tile says so; stopping brings the camera back.
  const aspectOfHost = () =>
    guest.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="video-tile"][data-name="Olivia Owner"] video')
      return video?.videoHeight ? video.videoWidth / video.videoHeight : 0
    })
  expect(await aspectOfHost()).toBeCloseTo(4 / 3, 1)
  await host.getByRole('button', { name: 'Share your screen' }).click()
  await host.getByText('You are sharing your screen').waitFor()
  await expect.poll(aspectOfHost, { timeout: 20_000 }).toBeCloseTo(16 / 9, 1)
  await host.getByRole('button', { name: 'Stop sharing' }).click()
  await host.getByText('You are sharing your screen').waitFor({ state: 'detached' })
  await expect.poll(aspectOfHost, { timeout: 20_000 }).toBeCloseTo(4 / 3, 1)

  // The host records the call for a few seconds (until its second chunk is uploaded): the guest is told.
  const secondChunk = host.waitForResponse((r) => /\/api\/recordings\/[\w-]+\/chunks\/1$/.test(r.url()) && r.ok(), {
    timeout: 30_000,
  })
  // The recording lies inside this window: the recorder is made after the Record click and stopped within the
  // Stop click's handler.
  const made = host.waitForResponse((r) => /\/api\/meetings\/[\w-]+\/recordings$/.test(r.url()) && r.request().method() === 'POST')
  const clickedRecord = Date.now()
  await host.getByRole('button', { name: 'Record', exact: true }).click()
  expect((await made).status()).toBe(201)
  await guest.getByRole('status').filter({ hasText: 'Recording' }).waitFor()
  await secondChunk
  await host.getByRole('button', { name: 'Stop recording' }).click()
  const recordedSeconds = (Date.now() - clickedRecord) / 1000
  await guest.getByRole('status').filter({ hasText: 'Recording' }).waitFor({ state: 'detached' })

  // The guest mutes: the host's tile of them says so.
  const guestTile = host.locator('[data-testid="video-tile"][data-name="Bea Buyer"]')
  await expect.poll(() => guestTile.getAttribute('data-muted')).toBe('false')
  await guest.getByRole('button', { name: 'Mute microphone' }).click()
  await guestTile.getByTestId('tile-muted').waitFor()

  // The guest leaves: their page says so, and their tile goes from the host's call.
  await guest.getByRole('button', { name: 'Leave' }).click()
  await guest.getByRole('heading', { name: 'You left the meeting' }).waitFor()
  await guest.getByRole('button', { name: 'Rejoin' }).waitFor()
  await guestTile.waitFor({ state: 'detached' })

  // The recording plays back from the recordings page, with the length it was recorded for.
  await host.getByRole('button', { name: 'Leave' }).click()
  await host.goto('/recordings')
  const row = host.getByRole('row', { name: /Northwind pilot/ })
  await row.getByText('Ready').waitFor({ timeout: 30_000 })
  await row.getByRole('link', { name: 'Northwind pilot' }).first().click()
  const duration = await host.getByLabel('Recording of Northwind pilot').evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        if (video.readyState >= 1) resolve(video.duration)
        else video.addEventListener('loadedmetadata', () => resolve(video.duration), { once: true })
      }),
  )
  expect(Number.isFinite(duration)).toBe(true)
  // Never more than that window and what the encoder still held, and most of it. Not all of it: the server's answer and starting
  // the recorder take their time, and on a starved machine Chromium's encoder falls behind and drops frames (the
  // page's own start-to-stop read 10.4 s for a 12.2 s video at load 15). A lost chunk or an unfixed duration still
  // fails here.
  expect(duration).toBeGreaterThan(Math.max(2, recordedSeconds / 2))
  expect(duration).toBeLessThan(recordedSeconds + 1.5)
  // Two browsers through a whole call, a screen share, a recording and its playback: 31 s in CI, past 60 s at load 15.
}, 120_000)

it('with the lobby on, a guest waits until the host lets them in, and a refused guest is told', async () => {
  const deal = await buildDeal(harness.server.app, seller, { name: 'Contoso renewal' })
  const host = await harness.newPage()
  await signIn(host, seller.user.email, 'Olivia Owner')
  await host.goto(`/deals/${deal.id}`)
  await host.getByRole('button', { name: 'Start a meeting' }).click()
  await host.getByRole('button', { name: 'Join now' }).click()
  await host.getByRole('button', { name: 'Participants' }).click()
  const saved = host.waitForResponse((r) => r.url().includes('/api/meetings/') && r.request().method() === 'PATCH')
  await host.getByLabel('Guests wait in the lobby until someone lets them in').check()
  expect((await saved).status()).toBe(200)
  const link = new URL(host.url()).pathname

  const guest = await harness.newPage()
  await guest.goto(link)
  await guest.getByLabel('Your name').fill('Bea Buyer')
  await guest.getByRole('button', { name: 'Join now' }).click()
  await guest.getByRole('heading', { name: 'Waiting for the host to let you in…' }).waitFor()
  await host.getByText('Bea Buyer wants to join').waitFor()
  await host.getByRole('button', { name: 'Let in' }).click()
  await framesArrive(guest, 'Olivia Owner')
  await framesArrive(host, 'Bea Buyer')

  const other = await harness.newPage()
  await other.goto(link)
  await other.getByLabel('Your name').fill('Mallory')
  await other.getByRole('button', { name: 'Join now' }).click()
  await host.getByText('Mallory wants to join').waitFor()
  await host.getByRole('button', { name: 'Refuse' }).click()
  await other.getByRole('heading', { name: 'The host did not let you in.' }).waitFor()
  await host.getByText('Mallory wants to join').waitFor({ state: 'detached' })
  expect(await host.locator('[data-testid="video-tile"][data-name="Mallory"]').count()).toBe(0)
})

it('a booked meeting opens from its link for host and buyer, and the buyer comes back by themselves after a network drop', async () => {
  const eventType = await buildEventType(harness.server.app, seller, { title: 'Discovery call', location: { kind: 'meeting' } })
  const [start] = await freeSlots(harness.server.app, eventType.id, nextMonday())
  const booked = await request(
    harness.server.app,
    null,
    'POST',
    '/api/public/bookings',
    bookingBody(eventType.id, start ?? '', { name: 'Bea Buyer' }),
  )
  expect(booked.statusCode, booked.body).toBe(201)
  const link = new URL(String(booked.json().location.value)).pathname
  expect(link).toMatch(/^\/m\/[A-Za-z0-9_-]{16}$/)

  const host = await harness.newPage()
  await signIn(host, seller.user.email, 'Olivia Owner')
  await host.goto(link)
  await host.getByRole('heading', { level: 1, name: 'Discovery call' }).waitFor()
  // Here the host, in the call first, calls the buyer (the first test has it the other way round).
  const guest = await harness.newPage()
  await guest.goto(link)
  await pair(link.slice('/m/'.length), host, guest)
  await host.getByRole('button', { name: 'Join now' }).click()

  await guest.getByLabel('Your name').fill('Bea Buyer')
  await guest.getByRole('button', { name: 'Join now' }).click()
  await framesArrive(host, 'Bea Buyer')
  await framesArrive(guest, 'Olivia Owner')

  // The buyer's network drops: their page says it is reconnecting, then the call goes on without a click.
  await guest.context().setOffline(true)
  await guest.getByText('Reconnecting…').waitFor()
  await guest.context().setOffline(false)
  await guest.getByText('Reconnecting…').waitFor({ state: 'detached' })
  await framesArrive(host, 'Bea Buyer')
  await framesArrive(guest, 'Olivia Owner')
})

it('connects three people in a call, each seeing both others', async () => {
  const deal = await buildDeal(harness.server.app, seller, { name: 'Umbrella trio' })
  const opened = await request(harness.server.app, seller, 'POST', `/api/deals/${deal.id}/meeting`)
  const { publicId } = opened.json() as { publicId: string }
  const host = await harness.newPage()
  await signIn(host, seller.user.email, 'Olivia Owner')
  await host.goto(`/m/${publicId}`)
  await host.getByRole('button', { name: 'Join now' }).click()
  // Two guests one after the other: whoever the ids make caller of each pair, all three pairs connect.
  const guests = [await harness.newPage(), await harness.newPage()]
  for (const [i, guest] of guests.entries()) {
    await guest.goto(`/m/${publicId}`)
    await guest.getByLabel('Your name').fill(`Guest ${i + 1}`)
    await guest.getByRole('button', { name: 'Join now' }).click()
  }
  const [first, second] = guests as [Page, Page]
  await framesArrive(host, 'Guest 1')
  await framesArrive(host, 'Guest 2')
  await framesArrive(first, 'Olivia Owner')
  await framesArrive(first, 'Guest 2')
  await framesArrive(second, 'Olivia Owner')
  await framesArrive(second, 'Guest 1')
})

it('tells a seventh person the call is full, and lets them in once someone has left', async () => {
  const deal = await buildDeal(harness.server.app, seller, { name: 'Globex expansion' })
  const opened = await request(harness.server.app, seller, 'POST', `/api/deals/${deal.id}/meeting`)
  const { publicId } = opened.json() as { publicId: string }
  // Six people already in the call, on sockets of their own (the signalling is all the server counts).
  const six = await Promise.all([1, 2, 3, 4, 5, 6].map(() => connectSocket(harness.server.url)))
  try {
    for (const [i, socket] of six.entries()) {
      const ack = (await socket.emitWithAck(SocketEvents.meetingJoin, { meetingId: publicId, name: `Attendee ${i + 1}` })) as MeetingJoinAck
      expect(ack).toMatchObject({ ok: true, state: 'in' })
    }

    const guest = await harness.newPage()
    await guest.goto(`/m/${publicId}`)
    await guest.getByLabel('Your name').fill('Bea Buyer')
    await guest.getByRole('button', { name: 'Join now' }).click()
    await guest.getByRole('heading', { name: 'This meeting is full' }).waitFor()
    await guest.getByText('A call takes up to 6 people. Try again when someone leaves.').waitFor()
    expect(await violations(guest)).toEqual([])

    await (six[0] as (typeof six)[number]).emitWithAck(SocketEvents.meetingLeave, {})
    await guest.getByRole('button', { name: 'Try again' }).click()
    await guest.getByRole('button', { name: 'Join now' }).click()
    await guest.locator('[data-testid="video-tile"][data-name="Bea Buyer (you)"]').waitFor()
    await guest.locator('[data-testid="video-tile"][data-name="Attendee 6"]').waitFor()
  } finally {
    for (const socket of six) socket.disconnect()
  }
})
