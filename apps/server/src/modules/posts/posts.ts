import { type CreatePost, IMAGE_TYPES, type Post, type PostStatus, type PostSummary, type UpdatePost } from '@closeroom/shared'
import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { files, posts, users } from '../../db/schema/index.ts'
import { Conflict, Invalid, isUniqueViolation, NotFound } from '../../http/errors.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'
import { excerptOf, sanitizePostHtml, slugOf } from './sanitize.ts'

export const POST_NOT_FOUND = 'Post not found'
const SLUG_TAKEN = 'slug: Another post of your organization has this address'

type Row = typeof posts.$inferSelect
type Joined = { post: Row; authorName: string | null }

const summaryOf = ({ post, authorName }: Joined): PostSummary => ({
  id: post.id,
  title: post.title,
  slug: post.slug,
  excerpt: excerptOf(post),
  status: post.publishedAt ? 'published' : 'draft',
  publishedAt: post.publishedAt?.toISOString() ?? null,
  coverUrl: post.coverFileId ? `/api/files/${post.coverFileId}` : null,
  author: post.authorId && authorName !== null ? { id: post.authorId, name: authorName } : null,
  createdAt: post.createdAt.toISOString(),
  updatedAt: post.updatedAt.toISOString(),
})

const present = (joined: Joined): Post => ({
  ...summaryOf(joined),
  body: joined.post.body,
  coverFileId: joined.post.coverFileId,
  ownExcerpt: joined.post.excerpt,
})

/** The body as it is stored: sanitised to the allow-list. */
const written = (input: { body?: string }) => (input.body === undefined ? {} : { body: sanitizePostHtml(input.body) })

/**
 * The organization's posts as its members write them. Everyone reads them; any member writes one; its author and
 * the admins change, publish and delete it (posts.manage).
 */
export function createPosts({ db }: { db: Db }) {
  const selection = { post: posts, authorName: users.name }

  async function joined(organizationId: string, id: string): Promise<Joined> {
    const [found] = await db
      .select(selection)
      .from(posts)
      .leftJoin(users, eq(users.id, posts.authorId))
      .where(and(eq(posts.id, id), eq(posts.organizationId, organizationId)))
    if (!found) throw NotFound(POST_NOT_FOUND)
    return found
  }

  /** A cover must be an image of the caller's organization. */
  async function checkCover(organizationId: string, fileId: string | null | undefined) {
    if (!fileId) return
    const [file] = await db
      .select({ contentType: files.contentType })
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.organizationId, organizationId)))
    if (!file) throw Invalid('coverFileId: Choose an image of your organization')
    if (!(IMAGE_TYPES as readonly string[]).includes(file.contentType))
      throw Invalid('coverFileId: The cover must be a PNG, JPEG, WebP or GIF image')
  }

  /** A slug from the title that no other post of the organization has: the title's, then -2, -3… */
  async function freeSlug(organizationId: string, title: string): Promise<string> {
    const base = slugOf(title)
    const taken = new Set(
      (
        await db
          .select({ slug: posts.slug })
          .from(posts)
          .where(and(eq(posts.organizationId, organizationId), sql`${posts.slug} like ${`${base}%`}`))
      ).map((p) => p.slug),
    )
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`
      if (!taken.has(slug)) return slug
    }
  }

  async function list(auth: AuthContext, status?: PostStatus): Promise<PostSummary[]> {
    const rows = await db
      .select(selection)
      .from(posts)
      .leftJoin(users, eq(users.id, posts.authorId))
      .where(
        and(
          eq(posts.organizationId, auth.user.organizationId),
          status === 'published' ? isNotNull(posts.publishedAt) : status === 'draft' ? isNull(posts.publishedAt) : undefined,
        ),
      )
      .orderBy(desc(posts.updatedAt), desc(posts.id))
    return rows.map(summaryOf)
  }

  const get = async (auth: AuthContext, id: string): Promise<Post> => present(await joined(auth.user.organizationId, id))

  async function create(auth: AuthContext, input: z.output<typeof CreatePost>): Promise<Post> {
    const organizationId = auth.user.organizationId
    await checkCover(organizationId, input.coverFileId)
    const slug = input.slug || (await freeSlug(organizationId, input.title))
    try {
      const [created] = await db
        .insert(posts)
        .values({
          organizationId,
          authorId: auth.user.id,
          title: input.title,
          slug,
          excerpt: input.excerpt,
          ...written(input),
          coverFileId: input.coverFileId,
          publishedAt: input.status === 'published' ? new Date() : null,
        })
        .returning({ id: posts.id })
      if (!created) throw new Error('post insert returned nothing')
      return get(auth, created.id)
    } catch (error) {
      if (isUniqueViolation(error, 'posts_organization_slug_key')) throw Conflict(SLUG_TAKEN, { code: 'slug_taken' })
      throw error
    }
  }

  async function update(auth: AuthContext, id: string, input: z.output<typeof UpdatePost>): Promise<Post> {
    const organizationId = auth.user.organizationId
    const { post: current } = await joined(organizationId, id)
    authorize(auth.user, 'posts.manage', current)
    await checkCover(organizationId, input.coverFileId)
    const slug = input.slug === '' ? await freeSlug(organizationId, input.title ?? current.title) : input.slug
    if (slug && slug !== current.slug) {
      const [other] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.organizationId, organizationId), eq(posts.slug, slug), ne(posts.id, id)))
      if (other) throw Conflict(SLUG_TAKEN, { code: 'slug_taken' })
    }
    // Publishing keeps the first publication's date when the post is already out.
    const publishedAt = input.status === undefined ? undefined : input.status === 'published' ? (current.publishedAt ?? new Date()) : null
    try {
      await db
        .update(posts)
        .set({
          title: input.title,
          slug: slug || undefined,
          excerpt: input.excerpt,
          ...written(input),
          coverFileId: input.coverFileId,
          publishedAt,
          updatedAt: new Date(),
        })
        .where(and(eq(posts.id, id), eq(posts.organizationId, organizationId)))
    } catch (error) {
      if (isUniqueViolation(error, 'posts_organization_slug_key')) throw Conflict(SLUG_TAKEN, { code: 'slug_taken' })
      throw error
    }
    return get(auth, id)
  }

  async function remove(auth: AuthContext, id: string): Promise<void> {
    const organizationId = auth.user.organizationId
    const { post: current } = await joined(organizationId, id)
    authorize(auth.user, 'posts.manage', current)
    await db.delete(posts).where(and(eq(posts.id, id), eq(posts.organizationId, organizationId)))
  }

  return { list, get, create, update, remove }
}

export type Posts = ReturnType<typeof createPosts>
