import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { buildOwner, type Client, request } from '../apps/server/src/testing/factories.ts'
import { form } from '../apps/server/src/testing/files.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { CONTEXT_DEFAULTS, type Harness, startHarness } from './harness.ts'

// Posts: the owner writes a case study in the editor (bold and a link), saves a draft no visitor can open, adds
// a cover and publishes it; a visitor finds it on the landing page and reads it on its own page, which the
// server rendered with the post's title and description. A cover is also taken from the library as it is.

let harness: Harness
let owner: Client
let publicId: string

beforeAll(async () => {
  harness = await startHarness()
  const app = harness.server.app
  owner = await buildOwner(app, { name: 'Olivia Owner' })
  await request(app, owner, 'PATCH', '/api/organization', { name: 'Acme Sales' })
  const page = await request(app, owner, 'POST', '/api/landing-pages', { title: 'Acme for sales teams', published: true })
  expect(page.statusCode, page.body).toBe(201)
  publicId = page.json().publicId
})
afterAll(() => harness?.close())

/** A signed-out visitor: a browser context of its own, no cookies, in `mode`. */
async function visitor(mode: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await harness.browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: harness.server.url })
  await context.addCookies([{ name: 'themeMode', value: mode, domain: new URL(harness.server.url).hostname, path: '/' }])
  onTestFinished(() => context.close())
  return context.newPage()
}

const cover = () =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 0, g: 120, b: 103 } } })
    .png()
    .toBuffer()

it('the owner writes a post with bold and a link, adds a cover and publishes it; a visitor reads it, never the draft', async () => {
  const editor = await harness.newPage()
  await signIn(editor, owner.user.email, 'Olivia Owner')
  await editor.getByRole('link', { name: 'Posts' }).click()
  await editor.getByText('No posts yet').waitFor()
  await editor.getByRole('link', { name: 'New post' }).click()
  await editor.getByRole('heading', { level: 1, name: 'New post' }).waitFor()

  // Saving without a title says so under the field.
  await editor.getByRole('button', { name: 'Save draft' }).click()
  await editor.getByText('Give the post a title').waitFor()

  await editor.getByLabel('Title').fill('How Northwind closed in three weeks')
  const body = editor.getByRole('textbox', { name: 'Text' })
  await body.click()
  await editor.keyboard.type('Northwind closed ')
  await editor.getByRole('button', { name: 'Bold' }).click()
  await editor.keyboard.type('three weeks early')
  await editor.getByRole('button', { name: 'Bold' }).click()
  await editor.keyboard.type('. Read the ')
  await editor.keyboard.type('full story')
  // Select "full story" and make it a link.
  for (let i = 0; i < 'full story'.length; i++) await editor.keyboard.press('Shift+ArrowLeft')
  await editor.getByRole('button', { name: 'Link', exact: true }).click()
  const dialog = editor.getByRole('dialog', { name: 'Link' })
  await dialog.getByLabel('Address').fill('javascript:alert(1)')
  await dialog.getByText('Enter an address starting with').waitFor()
  await dialog.getByLabel('Address').fill('https://example.com/northwind')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await body.locator('a[href="https://example.com/northwind"]').waitFor()
  await editor.getByRole('button', { name: 'Save draft' }).click()
  await editor.getByText('Post saved').waitFor()
  await editor.waitForURL(/\/blog\/post\/[0-9a-f-]{36}$/)
  await editor.getByText('A draft is not public.').waitFor()
  await editor.getByText('Post saved').waitFor({ state: 'detached' })
  expect(await violations(editor), 'post page').toEqual([])

  // The draft is nowhere in public.
  const slug = 'how-northwind-closed-in-three-weeks'
  const page = await visitor()
  await page.goto(`/l/${publicId}/posts/${slug}`)
  await page.getByRole('heading', { name: /not found/i }).waitFor()

  // A cover, then published.
  await editor.getByRole('link', { name: 'Edit' }).click()
  await editor.getByRole('heading', { level: 1, name: 'How Northwind closed in three weeks' }).waitFor()
  await editor.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await cover() })
  await editor.getByText('Cover image saved').waitFor()
  await editor.getByRole('img', { name: 'Cover of How Northwind closed in three weeks' }).waitFor()
  await editor.getByLabel('Published').check()
  await editor.getByText('Cover image saved').waitFor({ state: 'detached' })
  expect(await violations(editor), 'editor').toEqual([])
  await editor.getByRole('button', { name: 'Save', exact: true }).click()
  await editor.waitForURL(/\/blog\/post\/[0-9a-f-]{36}$/)
  await editor.getByRole('link', { name: /Acme for sales teams/ }).waitFor()

  // The visitor finds it on the landing page and opens it.
  await page.goto(`/l/${publicId}`)
  await page.getByRole('heading', { level: 2, name: 'News and stories' }).waitFor()
  await page.getByRole('link', { name: 'How Northwind closed in three weeks' }).click()
  await page.waitForURL(`**/l/${publicId}/posts/${slug}`)
  await page.getByRole('heading', { level: 1, name: 'How Northwind closed in three weeks' }).waitFor()
  await expect.poll(() => page.title()).toBe('How Northwind closed in three weeks · Acme Sales')
  const article = page.getByRole('article')
  expect(await article.locator('strong').textContent()).toBe('three weeks early')
  const link = article.getByRole('link', { name: 'full story' })
  expect(await link.getAttribute('href')).toBe('https://example.com/northwind')
  expect(await link.getAttribute('rel')).toBe('noopener nofollow')
  expect(await article.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640)
  expect(await violations(page), 'public post, light').toEqual([])

  // The server rendered the page, title and description included, before any script ran.
  const html = await (await page.request.get(`/l/${publicId}/posts/${slug}`, { headers: { accept: 'text/html' } })).text()
  expect(html).toContain('<title>How Northwind closed in three weeks · Acme Sales</title>')
  expect(html).toContain('<meta name="description" content="Northwind closed three weeks early. Read the full story" />')
  expect(html).toContain('<strong>three weeks early</strong>')

  const dark = await visitor('dark')
  await dark.goto(`/l/${publicId}/posts/${slug}`)
  await dark.getByRole('heading', { level: 1, name: 'How Northwind closed in three weeks' }).waitFor()
  expect(await violations(dark), 'public post, dark').toEqual([])
  await dark.goto(`/l/${publicId}`)
  await dark.getByRole('heading', { level: 2, name: 'News and stories' }).waitFor()
  expect(await violations(dark), 'landing page with posts, dark').toEqual([])

  // Back to a draft: its page answers "not found" and the landing page lists nothing.
  await editor.getByRole('button', { name: 'Unpublish' }).click()
  await editor.getByText('The post is a draft again').waitFor()
  await dark.goto(`/l/${publicId}/posts/${slug}`)
  await dark.getByRole('heading', { name: /not found/i }).waitFor()

  // Deleting asks first.
  await editor.getByRole('button', { name: 'Delete' }).click()
  await editor
    .getByRole('dialog', { name: 'Delete “How Northwind closed in three weeks”?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await editor.waitForURL('**/blog/posts')
  await editor.getByText('No posts yet').waitFor()
})

it('takes a post’s cover from the library, where the picture already is, and shows it to the visitor', async () => {
  const app = harness.server.app
  const hero = await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 30, g: 64, b: 175 } } })
    .png()
    .toBuffer()
  const uploaded = await request(app, owner, 'POST', '/api/library/files', form({ name: 'Hero.png', bytes: hero }))
  expect(uploaded.statusCode, uploaded.body).toBe(201)
  const post = await request(app, owner, 'POST', '/api/posts', {
    title: 'Spring release notes',
    body: '<p>Three new things.</p>',
    status: 'published',
  })
  expect(post.statusCode, post.body).toBe(201)
  const { id, slug } = post.json() as { id: string; slug: string }

  const editor = await harness.newPage()
  await signIn(editor, owner.user.email, 'Olivia Owner')
  await editor.goto(`/blog/post/${id}/edit`)
  await editor.getByRole('button', { name: 'Add from the library' }).click()
  const picker = editor.getByRole('dialog', { name: 'Add from the library' })
  await picker.getByRole('button', { name: /Hero\.png/ }).click()
  await picker.waitFor({ state: 'detached' })
  await editor.getByText('Cover image saved').waitFor()
  const cover = editor.getByRole('img', { name: 'Cover of Spring release notes' })
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800)
  // The cover is the library's file itself, not a copy: the library shows where it is used.
  const library = (await request(app, owner, 'GET', '/api/library')).json() as { files: { name: string; usages: { name: string }[] }[] }
  expect(library.files.filter((f) => f.name === 'Hero.png')).toEqual([
    expect.objectContaining({ usages: [expect.objectContaining({ name: 'Spring release notes' })] }),
  ])

  const page = await visitor()
  await page.goto(`/l/${publicId}/posts/${slug}`)
  await page.getByRole('heading', { level: 1, name: 'Spring release notes' }).waitFor()
  await expect
    .poll(() =>
      page
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(800)
})
