import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { meetings } from '../apps/server/src/db/schema/index.ts'
import { buildOwner, type Client } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// Issue 7's recordings: a call recorded in the browser with MediaRecorder, uploaded in chunks as it goes,
// assembled by the server, then played back with seeking, speed and comments pinned to moments.

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

/** A meeting of the owner's organization (its room is another feature's; here only the row matters). */
async function buildMeeting(owner: Client, title: string): Promise<string> {
  const publicId = `rec${Math.random().toString(36).slice(2, 12)}`
  await harness.server.app.database.db
    .insert(meetings)
    .values({ publicId, organizationId: owner.user.organizationId, hostId: owner.user.id, title })
  return publicId
}

/**
 * Records about three seconds of a moving canvas in the page, the way the call does: start the recording,
 * upload each MediaRecorder chunk in order as it comes, flush the last one on stop, then stop the recording.
 */
async function recordInPage(page: Page, meetingPublicId: string): Promise<string> {
  return page.evaluate(async (meetingId) => {
    const started = await fetch(`/api/meetings/${meetingId}/recordings`, { method: 'POST' })
    const { id } = (await started.json()) as { id: string }
    const canvas = document.createElement('canvas')
    canvas.width = 320
    canvas.height = 180
    const context = canvas.getContext('2d', { alpha: false }) as CanvasRenderingContext2D
    let frame = 0
    const paint = setInterval(() => {
      context.fillStyle = `hsl(${(frame++ * 9) % 360} 70% 45%)`
      context.fillRect(0, 0, 320, 180)
    }, 40)
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' })
    let sequence = 0
    let uploads = Promise.resolve()
    recorder.addEventListener('dataavailable', (event) => {
      const at = sequence++
      uploads = uploads.then(async () => {
        const res = await fetch(`/api/recordings/${id}/chunks/${at}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/octet-stream' },
          body: event.data,
        })
        if (!res.ok) throw new Error(`chunk ${at}: ${res.status}`)
      })
    })
    const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve))
    recorder.start(1000)
    await new Promise((resolve) => setTimeout(resolve, 3000))
    recorder.stop()
    await stopped
    clearInterval(paint)
    await uploads
    await fetch(`/api/recordings/${id}/stop`, { method: 'POST' })
    return id
  }, meetingPublicId)
}

const metadataOf = (video: Locator) =>
  video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        if (element.readyState >= 1) resolve(element.duration)
        else element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true })
      }),
  )

/** The time the player shows once the seek under way (or `seconds`, set here) lands. */
const seekedTo = (video: Locator, seconds?: number) =>
  video.evaluate(
    (element: HTMLVideoElement, to) =>
      new Promise<number>((resolve) => {
        element.addEventListener('seeked', () => resolve(element.currentTime), { once: true })
        if (to !== undefined) element.currentTime = to
      }),
    seconds,
  )

it('records a call in the browser, then plays it back with a real duration, seeking, speed and comments at moments', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Rita Recorder' })
  const meetingPublicId = await buildMeeting(owner, 'Globex demo call')
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Rita Recorder')
  const id = await recordInPage(page, meetingPublicId)

  await page.goto('/recordings')
  const row = page.getByRole('row', { name: /Globex demo call/ })
  // The list looks again while the recording is being assembled.
  await row.getByText('Ready').waitFor({ timeout: 20_000 })
  await row.getByRole('link', { name: 'Globex demo call' }).click()
  await page.waitForURL(`**/recordings/${id}`)
  await page.getByRole('heading', { level: 1, name: 'Globex demo call' }).waitFor()

  // Chromium's MediaRecorder file has no duration; the server's has the real one, so the player knows it.
  const video = page.getByLabel('Recording of Globex demo call')
  const duration = await metadataOf(video)
  expect(Number.isFinite(duration)).toBe(true)
  expect(duration).toBeGreaterThan(2.5)
  expect(duration).toBeLessThan(3.5)
  expect(await seekedTo(video, 2)).toBeCloseTo(2, 1)

  await page.getByRole('combobox', { name: 'Speed' }).click()
  await page.getByRole('option', { name: '2×', exact: true }).click()
  expect(await video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(2)

  // A comment is pinned to the moment shown, and clicking it brings the player back there.
  await page.getByLabel('Comment at 0:02').fill('They asked about <b>SSO</b> here')
  await page.getByRole('button', { name: 'Add comment' }).click()
  const comment = page.getByRole('button', { name: 'Go to 0:02' })
  await comment.waitFor()
  await expect.poll(() => comment.textContent()).toContain('They asked about <b>SSO</b> here')
  expect(await seekedTo(video, 0)).toBe(0)
  const landed = seekedTo(video)
  await comment.click()
  expect(await landed).toBeCloseTo(2, 1)

  // A link to a moment opens the player there.
  await page.goto(`/recordings/${id}?t=1`)
  const reopened = page.getByLabel('Recording of Globex demo call')
  await metadataOf(reopened)
  await expect.poll(() => reopened.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeCloseTo(1, 1)

  // Deleting asks first, then the list is empty again.
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
  await page.waitForURL('**/recordings')
  await page.getByText('No recording yet').waitFor()
})

for (const mode of ['light', 'dark'] as const) {
  it(`finds no serious or critical accessibility problem on the recordings pages, ${mode} mode`, async () => {
    const owner = await buildOwner(harness.server.app, { name: `Ada ${mode}` })
    const meetingPublicId = await buildMeeting(owner, 'Initech kickoff')
    const page = await harness.newPage()
    await page.emulateMedia({ colorScheme: mode })
    await signIn(page, owner.user.email, `Ada ${mode}`)
    const id = await recordInPage(page, meetingPublicId)
    await page.goto('/recordings')
    await page
      .getByRole('row', { name: /Initech kickoff/ })
      .getByText('Ready')
      .waitFor({ timeout: 20_000 })
    const problems: string[] = []
    for (const path of ['/recordings', `/recordings/${id}`]) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await page.waitForLoadState('networkidle')
      for (const problem of await violations(page)) problems.push(`${path}: ${problem}`)
    }
    expect(problems).toEqual([])
  })
}
