import { z } from 'zod'
import { MESSAGES } from '../messages.ts'
import { Slug } from './booking.ts'
import { Id, patchOf } from './common.ts'

// Posts: the organization's case studies and release notes, written in the app with a rich-text editor. The
// body is HTML the server sanitises to an allow-list before storing it; a published post shows on the
// organization's landing pages (/l/{publicId}) and at /l/{publicId}/posts/{slug}. A draft is never public.

export const POST_LIMITS = {
  maxTitle: 160,
  maxExcerpt: 300,
  /** The body's HTML as the editor sends it, before sanitising. */
  maxBodyChars: 200_000,
  /** Posts a landing page lists, newest first. */
  onLandingPage: 6,
} as const

export const PostStatus = z.enum(['draft', 'published'])
export type PostStatus = z.infer<typeof PostStatus>

export const PostFields = z.object({
  title: z.string().trim().min(1, { message: MESSAGES.title }).max(POST_LIMITS.maxTitle),
  /** The post's address under a landing page; empty: made from the title. Unique in the organization. */
  slug: z.union([z.literal(''), Slug]).default(''),
  /** A line or two for lists and search engines; empty: the start of the body. */
  excerpt: z.string().trim().max(POST_LIMITS.maxExcerpt).default(''),
  /** HTML from the editor; the server keeps only what its allow-list accepts. */
  body: z.string().max(POST_LIMITS.maxBodyChars, { message: 'The post is too long' }).default(''),
  /** An image of the organization's files shown above the post; null for none. */
  coverFileId: Id.nullable().default(null),
  /** Published posts are public; a draft is seen in the app only. */
  status: PostStatus.default('draft'),
})
export const CreatePost = PostFields
export type CreatePost = z.input<typeof CreatePost>
export const UpdatePost = patchOf(PostFields)
export type UpdatePost = z.input<typeof UpdatePost>

const Author = z.object({ id: Id, name: z.string() })

/** A post in the app's list. */
export const PostSummary = z.object({
  id: Id,
  title: z.string(),
  slug: z.string(),
  /** The author's summary, or the start of the body's words when they wrote none. */
  excerpt: z.string(),
  status: PostStatus,
  /** When it was (last) published; null for a draft. */
  publishedAt: z.string().nullable(),
  /** The cover for the organization's members: /api/files/{id}; null without one. */
  coverUrl: z.string().nullable(),
  author: Author.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type PostSummary = z.infer<typeof PostSummary>

/** A post as its editor loads it: the sanitised body too. */
export const Post = PostSummary.extend({
  body: z.string(),
  coverFileId: Id.nullable(),
  /** The summary its author wrote; empty when `excerpt` is made from the start of the body. */
  ownExcerpt: z.string(),
})
export type Post = z.infer<typeof Post>

export const PostList = z.object({ posts: z.array(PostSummary) })
export const PostListQuery = z.object({ status: PostStatus.optional() })

/** A published post as a visitor of a landing page sees it in the list. */
export const PublicPostSummary = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** /api/public/post-files/{postId}/{fileId}; null without a cover. */
  coverUrl: z.string().nullable(),
  publishedAt: z.string(),
  authorName: z.string().nullable(),
})
export type PublicPostSummary = z.infer<typeof PublicPostSummary>

/** What a visitor of /l/{publicId}/posts/{slug} sees. */
export const PublicPost = PublicPostSummary.extend({
  /** Sanitised HTML. */
  html: z.string(),
  page: z.object({ publicId: z.string(), title: z.string() }),
  organization: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
})
export type PublicPost = z.infer<typeof PublicPost>

export const PublicPostParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/, { message: 'Page not found' }),
  slug: z.string().regex(/^[a-z0-9-]{1,60}$/, { message: 'Post not found' }),
})
export const PublicPostFileParams = z.object({ postId: Id, fileId: Id })
