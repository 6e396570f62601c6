import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildMember, buildOwner, type Client, invalidField } from '../../testing/factories.ts'
import { form, PDF, PNG, SVG } from '../../testing/files.ts'
import { seedDemo } from '../demo/module.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'
const call = (client: Client | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: client ? { cookie: client.cookie } : {}, payload })

type PostBody = {
  id: string
  title: string
  slug: string
  status: string
  body: string
  excerpt: string
  coverFileId: string | null
  publishedAt: string | null
}

async function buildPost(client: Client, fields: Record<string, unknown> = {}): Promise<PostBody> {
  const res = await call(client, 'POST', '/api/posts', { title: 'Our first case study', ...fields })
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** An image uploaded into the library (the one way to upload), made the post's cover. */
async function coverFrom(client: Client, postId: string, name = 'cover.png', bytes = PNG) {
  const file = await call(client, 'POST', '/api/library/files', form({ name, bytes }))
  if (file.statusCode !== 201) throw new Error(`upload failed: ${file.statusCode} ${file.body}`)
  return call(client, 'PATCH', `/api/posts/${postId}`, { coverFileId: file.json().id })
}

/** A published landing page of the client's organization, where its published posts show. */
async function buildLandingPage(client: Client): Promise<string> {
  const res = await call(client, 'POST', '/api/landing-pages', { title: 'Acme', published: true })
  if (res.statusCode !== 201) throw new Error(`landing page failed: ${res.statusCode} ${res.body}`)
  return res.json().publicId
}

describe('posts in the app', () => {
  it('lets a member write a draft, edit and publish it, lists it by status, and deletes it', async () => {
    const owner = await buildOwner(app, { name: 'Olivia Owner' })
    const member = await buildMember(app, owner)
    const created = await call(member, 'POST', '/api/posts', {
      title: ' Release notes: Spring ',
      body: '<p>Hello <strong>buyers</strong>, read <a href="https://example.com/notes">the notes</a>.</p>',
    })
    expect(created.statusCode).toBe(201)
    const post = created.json()
    expect(post).toMatchObject({
      title: 'Release notes: Spring',
      slug: 'release-notes-spring',
      status: 'draft',
      publishedAt: null,
      coverUrl: null,
      author: { id: member.user.id },
      // Without an excerpt of its own, a post's excerpt is the start of its words, and follows them.
      excerpt: 'Hello buyers, read the notes.',
      ownExcerpt: '',
      body: '<p>Hello <strong>buyers</strong>, read <a href="https://example.com/notes" rel="noopener nofollow">the notes</a>.</p>',
    })

    // A second post with the same title gets an address of its own.
    const again = await buildPost(member, { title: 'Release notes: Spring' })
    expect(again.slug).toBe('release-notes-spring-2')

    const published = await call(member, 'PATCH', `/api/posts/${post.id}`, { status: 'published', excerpt: 'What is new this spring.' })
    expect(published.statusCode).toBe(200)
    expect(published.json()).toMatchObject({
      status: 'published',
      excerpt: 'What is new this spring.',
      ownExcerpt: 'What is new this spring.',
      title: 'Release notes: Spring',
    })
    expect(published.json().publishedAt).toEqual(expect.any(String))

    const list = async (query = '') => (await call(owner, 'GET', `/api/posts${query}`)).json().posts.map((p: { id: string }) => p.id)
    expect(await list()).toEqual(expect.arrayContaining([post.id, again.id]))
    expect(await list('?status=published')).toEqual([post.id])
    expect(await list('?status=draft')).toEqual([again.id])
    expect((await call(owner, 'GET', '/api/posts?status=archived')).statusCode).toBe(400)

    expect((await call(member, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200)
    expect((await call(member, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404)
  })

  it("keeps a teammate's post to its author and the admins", async () => {
    const owner = await buildOwner(app)
    const author = await buildMember(app, owner)
    const teammate = await buildMember(app, owner)
    const post = await buildPost(author)
    // Everyone reads it…
    expect((await call(teammate, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(200)
    // …only its author and the admins change, publish or delete it.
    for (const [method, payload] of [
      ['PATCH', { title: 'Mine now' }],
      ['PATCH', { status: 'published' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(teammate, method, `/api/posts/${post.id}`, payload)
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe("Only the post's author, owners and admins can change, publish or delete a post")
    }
    expect((await call(owner, 'PATCH', `/api/posts/${post.id}`, { status: 'published' })).json().status).toBe('published')
  })

  it("hides another organization's posts and refuses to change them", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const post = await buildPost(owner)
    expect((await call(stranger, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404)
    expect((await call(stranger, 'PATCH', `/api/posts/${post.id}`, { title: 'Taken' })).statusCode).toBe(404)
    expect((await call(stranger, 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(404)
    expect((await call(stranger, 'GET', '/api/posts')).json().posts).toEqual([])
    expect((await call(null, 'GET', '/api/posts')).statusCode).toBe(401)
    // Another organization's file is no cover, as if it did not exist.
    const theirs = await buildPost(stranger)
    const cover = await coverFrom(stranger, theirs.id)
    expect(cover.statusCode).toBe(200)
    const res = await call(owner, 'PATCH', `/api/posts/${post.id}`, { coverFileId: cover.json().coverFileId })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(invalidField('coverFileId: Choose an image of your organization'))
  })

  it('answers bad input with a 4xx that says what is wrong', async () => {
    const owner = await buildOwner(app)
    const post = await buildPost(owner, { slug: 'taken' })
    const cases: [Method, string, object | undefined, number, string][] = [
      ['POST', '/api/posts', { title: '   ' }, 400, 'title'],
      ['POST', '/api/posts', { title: 'x'.repeat(161) }, 400, 'title'],
      ['POST', '/api/posts', { title: 'Bad slug', slug: 'Not A Slug!' }, 400, 'slug'],
      ['POST', '/api/posts', { title: 'Body', body: 'x'.repeat(200_001) }, 400, 'body'],
      ['POST', '/api/posts', { title: 'Status', status: 'live' }, 400, 'status'],
      ['POST', '/api/posts', { title: 'Twice', slug: 'taken' }, 409, 'slug'],
      ['PATCH', '/api/posts/not-an-id', { title: 'x' }, 400, 'id'],
      ['GET', '/api/posts/00000000-0000-4000-8000-000000000000', undefined, 404, ''],
    ]
    for (const [method, url, payload, status, field] of cases) {
      const res = await call(owner, method, url, payload)
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 60)}`).toBe(status)
      expect(res.json().message).toEqual(expect.any(String))
      if (field) expect(res.json().message).toContain(field)
    }
    // Renaming onto another post's address is refused too, and the post keeps its own.
    const other = await buildPost(owner, { title: 'Other' })
    const clash = await call(owner, 'PATCH', `/api/posts/${other.id}`, { slug: post.slug })
    expect(clash.statusCode).toBe(409)
    expect(clash.json().code).toBe('slug_taken')
  })
})

describe('what a post body keeps', () => {
  it('strips scripts, event handlers, javascript: links and foreign images, and keeps the allow-list', async () => {
    const owner = await buildOwner(app)
    const post = await buildPost(owner, {
      body: [
        '<h1>Big</h1><h2 style="color:red" class="x">Title</h2>',
        '<p onclick="alert(1)">Text<script>alert(document.cookie)</script></p>',
        '<img src="x" onerror="alert(1)">',
        '<img src="https://evil.example/track.png">',
        '<p><a href="javascript:alert(1)">click</a> <a href="JaVaScRiPt:alert(1)">again</a> <a href="mailto:sales@acme.test" target="_blank">mail</a></p>',
        '<p><a href="data:text/html,<script>alert(1)</script>">data</a></p>',
        '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
        '<ul><li><em>one</em></li></ul><ol><li><b>two</b></li></ol><blockquote><p>quote</p></blockquote><pre><code>npm i</code></pre>',
        '<svg onload="alert(1)"><circle r="4"/></svg>',
        '<p dir="auto">Direction</p><p dir="evil">kept, its dir not</p>',
      ].join(''),
    })
    expect(post.body).toBe(
      [
        '<h2>Big</h2><h2>Title</h2>',
        '<p>Text</p>',
        '<p><a rel="noopener nofollow">click</a> <a rel="noopener nofollow">again</a> <a href="mailto:sales@acme.test" rel="noopener nofollow">mail</a></p>',
        '<p><a rel="noopener nofollow">data</a></p>',
        '<ul><li><em>one</em></li></ul><ol><li><strong>two</strong></li></ol><blockquote><p>quote</p></blockquote><pre><code>npm i</code></pre>',
        '<p dir="auto">Direction</p><p>kept, its dir not</p>',
      ].join(''),
    )
    for (const bad of ['script', 'onerror', 'onclick', 'javascript:', 'iframe', 'style', 'evil.example', 'svg', 'data:'])
      expect(post.body.toLowerCase()).not.toContain(bad)
  })

  it("keeps an image of the post's own files and serves it once the post is published", async () => {
    const owner = await buildOwner(app)
    const post = await buildPost(owner)
    const withCover = (await coverFrom(owner, post.id)).json()
    const src = `/api/public/post-files/${post.id}/${withCover.coverFileId}`
    const edited = await call(owner, 'PATCH', `/api/posts/${post.id}`, { body: `<p>Look:</p><img src="${src}" alt="The team">` })
    expect(edited.json().body).toBe(`<p>Look:</p><img src="${src}" alt="The team" />`)
    expect((await call(null, 'GET', src)).statusCode).toBe(404)
    await call(owner, 'PATCH', `/api/posts/${post.id}`, { status: 'published' })
    const image = await call(null, 'GET', src)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
  })
})

describe('pictures in a post', () => {
  it('shows a library picture in the text on the public page, keeps it in the library while shown, and strips one from elsewhere', async () => {
    const owner = await buildOwner(app)
    const publicId = await buildLandingPage(owner)
    const picture = (await call(owner, 'POST', '/api/library/files', form({ name: 'team.png', bytes: PNG }))).json()
    const post = await buildPost(owner, { title: 'Meet the team' })
    const src = `/api/public/post-files/${post.id}/${picture.id}`
    const body = `<p>Here we are:</p><img src="${src}" alt="The team"><img src="https://tracker.example/pixel.png" alt="">`
    const saved = await call(owner, 'PATCH', `/api/posts/${post.id}`, { body, status: 'published' })
    expect(saved.json().body).toBe(`<p>Here we are:</p><img src="${src}" alt="The team" />`)

    const page = (await call(null, 'GET', `/api/public/landing/${publicId}/posts/${post.slug}`)).json()
    expect(page.html).toContain(`<img src="${src}" alt="The team" />`)
    expect(page.html).not.toContain('tracker.example')
    const image = await call(null, 'GET', src)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')

    // The library names the post as a use of the picture and will not delete it from under the text.
    const [listed] = (await call(owner, 'GET', '/api/library?q=team.png')).json().files
    expect(listed.usages).toEqual([{ kind: 'post', id: post.id, name: 'Meet the team', url: `/blog/post/${post.id}` }])
    expect((await call(owner, 'DELETE', `/api/library/files/${picture.id}`)).json()).toEqual({
      message: 'team.png is in use, remove it there first: post Meet the team',
      code: 'file_in_use',
    })
    // Out of the text, it can go.
    await call(owner, 'PATCH', `/api/posts/${post.id}`, { body: '<p>Here we are.</p>' })
    expect((await call(owner, 'DELETE', `/api/library/files/${picture.id}`)).statusCode).toBe(200)
  })
})

describe('covers', () => {
  it('takes a picture of the library and refuses any other file', async () => {
    const owner = await buildOwner(app)
    const post = await buildPost(owner)
    const png = await coverFrom(owner, post.id)
    expect(png.statusCode).toBe(200)
    expect(png.json().coverUrl).toBe(`/api/files/${png.json().coverFileId}`)
    expect((await call(owner, 'GET', png.json().coverUrl)).headers['content-type']).toBe('image/png')
    // A PDF is no cover, even named like a picture; an SVG is not even taken into the library.
    const pdf = await coverFrom(owner, post.id, 'cover.png', PDF)
    expect(pdf.json()).toEqual(invalidField('coverFileId: The cover must be a PNG, JPEG, WebP or GIF image'))
    expect((await call(owner, 'POST', '/api/library/files', form({ name: 'cover.png', bytes: SVG }))).json().code).toBe('unsupported_type')
    // The library is the one way to upload: a post has no upload address of its own.
    expect((await call(owner, 'POST', `/api/posts/${post.id}/cover`, form({ name: 'cover.png', bytes: PNG }))).statusCode).toBe(404)
    // Taking the cover off.
    expect((await call(owner, 'PATCH', `/api/posts/${post.id}`, { coverFileId: null })).json().coverUrl).toBeNull()
  })

  it('takes a cover from the library, from where another post takes it too, and keeps it there while in use', async () => {
    const owner = await buildOwner(app)
    const first = await buildPost(owner)
    const { coverFileId } = (await coverFrom(owner, first.id, 'launch.png')).json()
    const listed = (await call(owner, 'GET', '/api/library')).json().files.find((file: { id: string }) => file.id === coverFileId)
    expect(listed).toMatchObject({ name: 'launch.png', usages: [{ kind: 'post', id: first.id, name: first.title }] })
    const second = await buildPost(owner)
    const picked = await call(owner, 'PATCH', `/api/posts/${second.id}`, { coverFileId })
    expect(picked.json().coverUrl).toBe(`/api/files/${coverFileId}`)
    // Deleting it from the library would take it off both posts: refused, naming them.
    const removed = await call(owner, 'DELETE', `/api/library/files/${coverFileId}`)
    expect(removed.statusCode).toBe(409)
    expect(removed.json()).toMatchObject({ code: 'file_in_use', message: expect.stringContaining(`post ${second.title}`) })
  })
})

describe('published posts in public', () => {
  it('shows published posts on the landing page and at their own address, never a draft', async () => {
    const owner = await buildOwner(app, { name: 'Olivia Owner' })
    const publicId = await buildLandingPage(owner)
    const draft = await buildPost(owner, { title: 'Secret plans', body: '<p>Not yet.</p>' })
    const out = await buildPost(owner, {
      title: 'Case study: Northwind',
      body: '<p>They <strong>closed</strong>.</p>',
      status: 'published',
    })
    await coverFrom(owner, out.id)

    const page = (await call(null, 'GET', `/api/public/landing/${publicId}`)).json()
    expect(page.posts).toEqual([
      {
        slug: 'case-study-northwind',
        title: 'Case study: Northwind',
        excerpt: 'They closed.',
        coverUrl: expect.stringMatching(new RegExp(`^/api/public/post-files/${out.id}/[0-9a-f-]{36}$`)),
        publishedAt: expect.any(String),
        authorName: 'Olivia Owner',
      },
    ])
    expect((await call(null, 'GET', page.posts[0].coverUrl)).statusCode).toBe(200)

    const single = await call(null, 'GET', `/api/public/landing/${publicId}/posts/case-study-northwind`)
    expect(single.statusCode).toBe(200)
    expect(single.json()).toMatchObject({
      title: 'Case study: Northwind',
      html: '<p>They <strong>closed</strong>.</p>',
      page: { publicId, title: 'Acme' },
      organization: { name: expect.any(String) },
    })
    // Nothing of the post's insides leaves: no ids, no author's id.
    expect(Object.keys(single.json()).sort()).toEqual(
      ['authorName', 'coverUrl', 'excerpt', 'html', 'organization', 'page', 'publishedAt', 'slug', 'title'].sort(),
    )

    // The draft is nowhere in public.
    expect((await call(null, 'GET', `/api/public/landing/${publicId}/posts/${draft.slug}`)).statusCode).toBe(404)
    // Unpublishing takes a post back.
    await call(owner, 'PATCH', `/api/posts/${out.id}`, { status: 'draft' })
    expect((await call(null, 'GET', `/api/public/landing/${publicId}`)).json().posts).toEqual([])
    expect((await call(null, 'GET', `/api/public/landing/${publicId}/posts/case-study-northwind`)).statusCode).toBe(404)
    expect((await call(null, 'GET', page.posts[0].coverUrl)).statusCode).toBe(404)
  })

  it("does not show one organization's post under another's landing page", async () => {
    const owner = await buildOwner(app)
    const stranger = await buildOwner(app)
    const theirPage = await buildLandingPage(stranger)
    await buildPost(owner, { title: 'Ours', status: 'published' })
    expect((await call(null, 'GET', `/api/public/landing/${theirPage}/posts/ours`)).statusCode).toBe(404)
    expect((await call(null, 'GET', `/api/public/landing/${theirPage}`)).json().posts).toEqual([])
    expect((await call(null, 'GET', `/api/public/landing/${theirPage}/posts/Bad_Slug!`)).statusCode).toBe(400)
  })
})

it('gives the demo organization two published posts on /l/demo, each with its own page', async () => {
  const demo = await buildTestApp()
  try {
    expect(await seedDemo(demo.database.db, demo.fileStore)).not.toBeNull()
    const page = (await demo.inject({ method: 'GET', url: '/api/public/landing/demo' })).json()
    expect(page.posts.map((p: { slug: string }) => p.slug)).toEqual(['release-notes-autumn', 'northwind-closes-faster'])
    const post = await demo.inject({ method: 'GET', url: '/api/public/landing/demo/posts/northwind-closes-faster' })
    expect(post.statusCode).toBe(200)
    expect(post.json().html).toContain('<strong>one sales room</strong>')
    expect(post.json().authorName).toBe('Olivia Owner')
  } finally {
    await demo.close()
  }
})
