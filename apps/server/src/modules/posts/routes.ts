import { CreatePost, ErrorBody, IdParams, Ok, Post, PostList, PostListQuery, PublicPostFileParams, UpdatePost } from '@closeroom/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actor } from '../../http/auth.ts'
import type { RateLimitGuards } from '../../http/rate-limits.ts'
import { sendFile } from '../files/module.ts'
import type { PostsModule } from './module.ts'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody }
const tags = ['posts']

/** The organization's posts, signed in. */
export function postRoutes(app: FastifyInstance, { posts }: PostsModule) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(
    '/posts',
    {
      schema: {
        tags,
        description: 'Newest change first; `status` keeps drafts or published posts only.',
        querystring: PostListQuery,
        response: { 200: PostList, ...errors },
      },
    },
    async (req) => ({ posts: await posts.list(actor(req), req.query.status) }),
  )
  r.post(
    '/posts',
    {
      schema: {
        tags,
        description:
          "The body is HTML; the server keeps headings, paragraphs, lists, links, emphasis, quotes, code and the post's own images, and drops the rest.",
        body: CreatePost,
        response: { 201: Post, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await posts.create(actor(req), req.body)),
  )
  r.get('/posts/:id', { schema: { tags, params: IdParams, response: { 200: Post, ...errors } } }, async (req) =>
    posts.get(actor(req), req.params.id),
  )
  r.patch(
    '/posts/:id',
    {
      schema: {
        tags,
        description: 'Edits a post; `status` publishes or unpublishes it.',
        params: IdParams,
        body: UpdatePost,
        response: { 200: Post, ...errors },
      },
    },
    async (req) => posts.update(actor(req), req.params.id, req.body),
  )
  r.delete('/posts/:id', { schema: { tags, params: IdParams, response: { 200: Ok, ...errors } } }, async (req) => {
    await posts.remove(actor(req), req.params.id)
    return { ok: true as const }
  })
}

/** GET /api/public/post-files/:postId/:fileId: a published post's cover and images. */
export function publicPostRoutes(app: FastifyInstance, { published, files, limits }: PostsModule & { limits: RateLimitGuards }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/public/post-files/:postId/:fileId',
    {
      preHandler: limits.publicReads,
      schema: { tags: ['public posts'], params: PublicPostFileParams, response: { 400: ErrorBody, 404: ErrorBody, 429: ErrorBody } },
    },
    async (req, reply) => sendFile(reply, files, await published.file(req.params.postId, req.params.fileId), 'inline'),
  )
}
