import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { samplePdf } from '../apps/server/src/modules/agreements/pdf/testing.ts'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { form, PDF } from '../apps/server/src/testing/files.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// What the library is used for beyond rooms and products: a folder deleted with what it holds (and refused
// while something in it is used), an agreement started from a library PDF, a picture put in a post's text.

let harness: Harness
let seller: Client

beforeAll(async () => {
  harness = await startHarness()
  seller = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
})
afterAll(() => harness?.close())

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object | FormData) =>
  request(harness.server.app, seller, method, url, payload as object)
const shot = (name: string) => `/tmp/files2-shots/${name}.png`

it('deletes a folder with what it holds after saying how much, and refuses while a file inside is used', async () => {
  const clients = (await api('POST', '/api/library/folders', { name: 'Clients' })).json()
  const acme = (await api('POST', '/api/library/folders', { name: 'Acme', parentId: clients.id })).json()
  await api('POST', '/api/library/files', form({ name: 'Notes.pdf', bytes: PDF }, { folderId: clients.id }))
  const terms = (await api('POST', '/api/library/files', form({ name: 'Terms.pdf', bytes: PDF }, { folderId: acme.id }))).json()
  const deal = await buildDeal(harness.server.app, seller, { name: 'Acme rollout' })
  await api('PUT', `/api/deals/${deal.id}/salesroom`, { title: 'Acme', published: true })
  const shared = (await api('POST', `/api/deals/${deal.id}/salesroom/documents/library`, { fileId: terms.id })).json()

  const page = await harness.newPage()
  await signIn(page, seller.user.email, 'Olivia Owner')
  await page.goto('/files-manager')
  const table = page.getByRole('table', { name: 'Files' })
  await table.getByRole('button', { name: 'Actions for Clients' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete the folder Clients?' })
  await dialog.getByText('Folders inside: 1 · Files inside: 2').waitFor()
  await dialog.getByText('Nothing is deleted while a file inside is in use', { exact: false }).waitFor()
  await dialog.getByText('Terms.pdf').waitFor()
  await dialog.getByRole('link', { name: 'Acme rollout' }).waitFor()
  expect(await dialog.getByRole('button', { name: 'Delete everything' }).count()).toBe(0)
  for (const theme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'themeMode', value: theme, url: harness.server.url }])
    await page.reload()
    await table.getByRole('button', { name: 'Actions for Clients' }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    await dialog.getByText('Terms.pdf').waitFor()
    expect(await violations(page, '[role="dialog"]'), theme).toEqual([])
    await page.screenshot({ path: shot(`folder-in-use-${theme}`) })
  }
  await page.context().addCookies([{ name: 'themeMode', value: 'light', url: harness.server.url }])
  // On a phone, in Arabic: the dialog reads right to left and its links fit.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.context().addCookies([{ name: 'language', value: 'ar', url: harness.server.url }])
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'))
  await page.reload()
  await page.locator('html[dir="rtl"]').waitFor({ state: 'attached' })
  await page.getByRole('button', { name: 'إجراءات Clients' }).click()
  await page.getByRole('menuitem', { name: 'حذف' }).click()
  await page.getByRole('dialog').getByText('Terms.pdf').waitFor()
  expect(await violations(page, '[role="dialog"]'), 'arabic phone').toEqual([])
  await page.screenshot({ path: shot('folder-in-use-ar-phone') })
  await page.context().addCookies([{ name: 'language', value: 'en', url: harness.server.url }])
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'))
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.reload()
  await table.getByRole('button', { name: 'Actions for Clients' }).waitFor()

  // Out of the room, everything in the folder can go, after asking.
  await api('DELETE', `/api/deals/${deal.id}/salesroom/documents/${shared.id}`)
  await table.getByRole('button', { name: 'Actions for Clients' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await dialog.getByText('Deleting the folder deletes everything in it', { exact: false }).waitFor()
  await page.screenshot({ path: shot('folder-delete-light') })
  await dialog.getByRole('button', { name: 'Delete everything' }).click()
  await dialog.waitFor({ state: 'detached' })
  await table.getByRole('button', { name: 'Clients', exact: true }).waitFor({ state: 'detached' })
  expect((await api('GET', '/api/library?q=.pdf')).json().files).toEqual([])
})

it('starts an agreement from a library PDF, chosen in the library picker', async () => {
  await api('POST', '/api/library/files', form({ name: 'Master agreement.pdf', bytes: Buffer.from(await samplePdf(2)) }))
  const page = await harness.newPage()
  await signIn(page, seller.user.email, 'Olivia Owner')
  await page.goto('/agreements')
  await page.getByRole('button', { name: 'New agreement' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New agreement' })
  await dialog.getByRole('radio', { name: 'A PDF from the library' }).check()
  expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true)
  await dialog.getByRole('button', { name: 'Choose a PDF' }).click()
  const picker = page.getByRole('dialog', { name: 'Add from the library' })
  await picker.getByRole('button', { name: /Master agreement\.pdf/ }).click()
  await picker.waitFor({ state: 'detached' })
  await dialog.getByTestId('agreement-library-file').getByText('Master agreement.pdf').waitFor()
  expect(await violations(page, '[role="dialog"]')).toEqual([])
  await page.screenshot({ path: shot('agreement-from-library') })
  await dialog.getByRole('button', { name: 'Create' }).click()
  await page.waitForURL(/\/agreements\/[0-9a-f-]{36}\/edit$/)
  const id = new URL(page.url()).pathname.split('/')[2]
  const agreement = (await api('GET', `/api/agreements/${id}`)).json()
  expect(agreement).toMatchObject({ title: 'Master agreement', status: 'draft' })
  expect(agreement.pages).toHaveLength(2)
  const [file] = (await api('GET', '/api/library?q=Master')).json().files
  expect(file.usages).toEqual([expect.objectContaining({ kind: 'agreement', id })])
})

it('puts a picture uploaded into the library in a post’s text, shown on its public page', async () => {
  const landing = (await api('POST', '/api/landing-pages', { title: 'Acme', published: true })).json()
  const post = (await api('POST', '/api/posts', { title: 'Meet the team', body: '<p>Here we are.</p>' })).json()
  const picture = await sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer()

  const page = await harness.newPage()
  await signIn(page, seller.user.email, 'Olivia Owner')
  await page.goto(`/blog/post/${post.id}/edit`)
  const body = page.getByRole('textbox', { name: 'Text' })
  await body.getByText('Here we are.').click()
  await page.keyboard.press('End')
  await page.getByRole('button', { name: 'Picture from the library' }).click()
  const picker = page.getByRole('dialog', { name: 'Add from the library' })
  await picker.locator('input[type="file"]').setInputFiles({ name: 'Team.png', mimeType: 'image/png', buffer: picture })
  await picker.waitFor({ state: 'detached' })
  const shown = body.locator('img[alt="Team"]')
  await shown.waitFor()
  // The editor shows the library file itself; its natural width says it loaded.
  await page.waitForFunction(() => (document.querySelector('img[alt="Team"]') as HTMLImageElement | null)?.naturalWidth === 320)
  await page.screenshot({ path: shot('post-picture-editor') })
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByText('Post saved').waitFor()

  const saved = (await api('GET', `/api/posts/${post.id}`)).json()
  expect(saved.body).toMatch(new RegExp(`<img src="/api/public/post-files/${post.id}/[0-9a-f-]{36}" alt="Team" />`))
  await api('PATCH', `/api/posts/${post.id}`, { status: 'published' })
  await page.goto(`/l/${landing.publicId}/posts/${saved.slug}`)
  await page.waitForFunction(() => (document.querySelector('img[alt="Team"]') as HTMLImageElement | null)?.naturalWidth === 320)
  expect(await violations(page)).toEqual([])
  await page.screenshot({ path: shot('post-picture-public') })
})
