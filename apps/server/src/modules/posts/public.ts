import { POST_LIMITS, type PublicPostSummary } from '@closeroom/shared'
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { files, posts, users } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import type { FileStore } from '../files/module.ts'
import { excerptOf } from './sanitize.ts'

const POST_NOT_FOUND = 'Post not found'

type Row = typeof posts.$inferSelect
type FileRow = Awaited<ReturnType<FileStore['ofOrganization']>>

/** Where a visitor sees a published post's images: this post's, of its organization (sanitize.ts allows no other). */
export const publicFileUrl = (postId: string, fileId: string) => `/api/public/post-files/${postId}/${fileId}`

function summaryOf(post: Row & { publishedAt: Date }, authorName: string | null): PublicPostSummary {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: excerptOf(post),
    coverUrl: post.coverFileId ? publicFileUrl(post.id, post.coverFileId) : null,
    publishedAt: post.publishedAt.toISOString(),
    authorName,
  }
}

const isPublished = (post: Row): post is Row & { publishedAt: Date } => post.publishedAt !== null

/** Published posts as visitors see them; a draft is never among them. */
export function createPublicPosts(db: Db) {
  /** The organization's latest published posts, for its landing pages. */
  async function latest(organizationId: string): Promise<PublicPostSummary[]> {
    const rows = await db
      .select({ post: posts, authorName: users.name })
      .from(posts)
      .leftJoin(users, eq(users.id, posts.authorId))
      .where(and(eq(posts.organizationId, organizationId), isNotNull(posts.publishedAt)))
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(POST_LIMITS.onLandingPage)
    return rows.flatMap(({ post, authorName }) => (isPublished(post) ? [summaryOf(post, authorName)] : []))
  }

  /** A published post of the organization by its slug, with its sanitised body. */
  async function bySlug(organizationId: string, slug: string): Promise<PublicPostSummary & { html: string }> {
    const [found] = await db
      .select({ post: posts, authorName: users.name })
      .from(posts)
      .leftJoin(users, eq(users.id, posts.authorId))
      .where(and(eq(posts.organizationId, organizationId), eq(posts.slug, slug)))
    if (!found || !isPublished(found.post)) throw NotFound(POST_NOT_FOUND)
    return { ...summaryOf(found.post, found.authorName), html: found.post.body }
  }

  /**
   * A file a published post shows: its cover, or an image its body refers to, of the post's own organization.
   * Nothing of a draft, nothing of another organization.
   */
  async function file(postId: string, fileId: string): Promise<FileRow> {
    const [found] = await db
      .select({ post: posts, file: files })
      .from(posts)
      .innerJoin(files, and(eq(files.id, fileId), eq(files.organizationId, posts.organizationId)))
      .where(eq(posts.id, postId))
    if (!found || !isPublished(found.post)) throw NotFound('File not found')
    const shown = found.post.coverFileId === fileId || found.post.body.includes(publicFileUrl(postId, fileId))
    if (!shown || !found.file.contentType.startsWith('image/')) throw NotFound('File not found')
    return found.file
  }

  return { latest, bySlug, file }
}

export type PublicPosts = ReturnType<typeof createPublicPosts>
