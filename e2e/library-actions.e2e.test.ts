import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { files } from '../apps/server/src/db/schema/index.ts'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { form, pdfOfPages } from '../apps/server/src/testing/files.ts'
import { signIn } from './flows.ts'
import { CONTEXT_DEFAULTS, type Harness, startHarness } from './harness.ts'

// The library's everyday actions in a browser: rename, search, a picture's and a video's preview, what a drop
// refuses (each file named), a folder holding more than one page, and a new
// version of a shared PDF reaching the buyer's room (it is shared by reference, not copied).

let harness: Harness
let seller: Client
beforeAll(async () => {
  harness = await startHarness()
  seller = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
})
afterAll(() => harness?.close())

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object | FormData) =>
  request(harness.server.app, seller, method, url, payload as object)

async function upload(name: string, bytes: Buffer) {
  const answer = await api('POST', '/api/library/files', form({ name, bytes }))
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json() as { id: string }
}

it('renames a file, finds it by a word of its name, and previews a picture and a video', async () => {
  const page = await harness.newPage()
  await signIn(page, seller.user.email, 'Olivia Owner')
  // A real picture and a real WebM clip, the clip recorded by the browser itself from a canvas.
  const picture = await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 48 })
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no canvas')
    context.fillStyle = '#00786a'
    context.fillRect(0, 0, 64, 48)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
    return [...new Uint8Array(await (blob as Blob).arrayBuffer())]
  })
  const clip = await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 64, height: 48 })
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no canvas')
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' })
    const chunks: Blob[] = []
    recorder.ondataavailable = (event) => chunks.push(event.data)
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve
    })
    recorder.start()
    for (let frame = 0; frame < 8; frame++) {
      context.fillStyle = frame % 2 ? '#00786a' : '#1d4ed8'
      context.fillRect(0, 0, 64, 48)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    recorder.stop()
    await stopped
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())]
  })
  await upload('Logo.png', Buffer.from(picture))
  await upload('Demo clip.webm', Buffer.from(clip))
  await upload('Proposal draft.pdf', await pdfOfPages(1))

  await page.goto('/files-manager')
  const table = page.getByRole('table', { name: 'Files' })
  await table.getByRole('button', { name: 'Proposal draft.pdf', exact: true }).waitFor()

  // Rename.
  await table.getByRole('button', { name: 'Actions for Proposal draft.pdf' }).click()
  await page.getByRole('menuitem', { name: 'Rename' }).click()
  const rename = page.getByRole('dialog', { name: 'Rename Proposal draft.pdf' })
  await rename.getByLabel('File name').fill('Acme proposal.pdf')
  await rename.getByRole('button', { name: 'Save' }).click()
  await rename.waitFor({ state: 'detached' })
  await table.getByRole('button', { name: 'Acme proposal.pdf', exact: true }).waitFor()
  expect(await table.getByRole('button', { name: 'Proposal draft.pdf', exact: true }).count()).toBe(0)

  // Search finds it by a word of its new name, and nothing else.
  await page.getByRole('searchbox', { name: 'Search all files' }).fill('acme')
  await page.getByRole('searchbox', { name: 'Search all files' }).press('Enter')
  await page.getByRole('heading', { name: /Files named like “acme”/ }).waitFor()
  await table.getByRole('button', { name: 'Acme proposal.pdf', exact: true }).waitFor()
  expect(await table.getByRole('button', { name: 'Logo.png', exact: true }).count()).toBe(0)
  await page.getByRole('button', { name: 'Clear the search' }).click()
  await table.getByRole('button', { name: 'Logo.png', exact: true }).waitFor()

  // The picture shows as a picture.
  await table.getByRole('button', { name: 'Logo.png', exact: true }).click()
  const picturePreview = page.getByRole('dialog', { name: 'Logo.png' })
  const image = picturePreview.getByRole('img', { name: 'Logo.png' })
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64)
  await picturePreview.getByRole('button', { name: 'Close' }).click()
  await picturePreview.waitFor({ state: 'detached' })

  // The video plays in the page: the browser reads its length from what the library serves.
  await table.getByRole('button', { name: 'Demo clip.webm', exact: true }).click()
  const videoPreview = page.getByRole('dialog', { name: 'Demo clip.webm' })
  const video = videoPreview.locator('video[aria-label="Demo clip.webm"]')
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(64)
})

it('says which files of a drop it refuses and why, and keeps the others', async () => {
  const page = await harness.newPage()
  await signIn(page, seller.user.email, 'Olivia Owner')
  await page.goto('/files-manager')
  await page.getByRole('button', { name: 'Choose files' }).waitFor()
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles([
      // Markup under a harmless name: the bytes decide, not the name.
      { name: 'Invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') },
      { name: 'Brochure.pdf', mimeType: 'application/pdf', buffer: await pdfOfPages(1) },
      { name: 'Notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]) },
    ])
  const table = page.getByRole('table', { name: 'Files' })
  await table.getByRole('button', { name: 'Brochure.pdf', exact: true }).waitFor()
  const alert = page.getByRole('alert')
  await alert.getByText(/Notes\.exe was not added: /).waitFor()
  expect((await alert.innerText()).split('\n')).toEqual([
    'Invoice.pdf was not added: This type of file is not accepted here',
    'Notes.exe was not added: This type of file is not accepted here',
  ])
  expect(await table.getByRole('button', { name: 'Invoice.pdf', exact: true }).count()).toBe(0)
  expect(await table.getByRole('button', { name: 'Notes.exe', exact: true }).count()).toBe(0)
})

it('lists a large folder 500 files at a time, the next ones on request, and a search finds any of them', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Lara Library' })
  // 501 files at the top, made as rows (listing reads no bytes), "Report 000" … "Report 500".
  await harness.server.app.database.db.insert(files).values(
    Array.from({ length: 501 }, (_, n) => ({
      organizationId: owner.user.organizationId,
      name: `Report ${String(n).padStart(3, '0')}.pdf`,
      contentType: 'application/pdf',
      size: 10,
      sha256: `sha-${owner.user.id}-${n}`,
      storageKey: `large-${owner.user.id}-${n}`,
      inLibrary: true,
    })),
  )
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Lara Library')
  await page.goto('/files-manager')
  const table = page.getByRole('table', { name: 'Files' })
  await table.getByRole('button', { name: 'Report 499.pdf', exact: true }).waitFor()
  expect(await table.getByRole('button', { name: 'Report 500.pdf', exact: true }).count()).toBe(0)
  const more = page.getByRole('button', { name: 'Show more files' })
  await more.click()
  await table.getByRole('button', { name: 'Report 500.pdf', exact: true }).waitFor()
  await more.waitFor({ state: 'detached' })
  // Every file once, in name order.
  const names = await table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.querySelector('bdi')?.textContent))
  expect(names).toEqual(Array.from({ length: 501 }, (_, n) => `Report ${String(n).padStart(3, '0')}.pdf`))

  await page.getByRole('searchbox', { name: 'Search all files' }).fill('Report 500')
  await page.getByRole('searchbox', { name: 'Search all files' }).press('Enter')
  await table.getByRole('button', { name: 'Report 500.pdf', exact: true }).waitFor()
  await table.getByRole('button', { name: 'Report 499.pdf', exact: true }).waitFor({ state: 'detached' })
  expect(await more.count()).toBe(0)
})

it('uploads a new version of a shared PDF, and the buyer’s room shows its new pages', async () => {
  const deal = await buildDeal(harness.server.app, seller, { name: 'Acme rollout' })
  const room = await api('PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme × Closeroom', published: true })
  expect(room.statusCode, room.body).toBe(200)
  const file = await upload('Proposal.pdf', await pdfOfPages(2))
  const shared = await api('POST', `/api/deals/${deal.id}/salesroom/documents/library`, { fileId: file.id })
  expect(shared.statusCode, shared.body).toBe(201)

  const context = await harness.browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: harness.server.url })
  onTestFinished(() => context.close())
  const buyer = await context.newPage()
  await buyer.goto(`/d/${room.json().publicId}`)
  const open = buyer.getByRole('region', { name: 'Documents' }).getByRole('button', { name: 'Open “Proposal”', exact: true })
  await open.click()
  await buyer.getByRole('dialog', { name: 'Proposal' }).getByText('Page 1 of 2').waitFor()

  const library = await harness.newPage()
  await signIn(library, seller.user.email, 'Olivia Owner')
  await library.goto('/files-manager')
  const table = library.getByRole('table', { name: 'Files' })
  await table.getByRole('link', { name: 'Acme rollout' }).waitFor()
  await table.getByRole('button', { name: 'Actions for Proposal.pdf' }).click()
  const chooser = library.waitForEvent('filechooser')
  await library.getByRole('menuitem', { name: 'Upload a new version' }).click()
  await (await chooser).setFiles({ name: 'Proposal v2.pdf', mimeType: 'application/pdf', buffer: await pdfOfPages(4) })
  await library.getByText('New version of Proposal.pdf uploaded: the place that shows it shows the new version.').waitFor()

  // The buyer's room shows the new version, not a copy of the old one.
  await buyer.reload()
  await open.click()
  await buyer.getByRole('dialog', { name: 'Proposal' }).getByText('Page 1 of 4').waitFor()
})
