import type { Db } from '../../db/client.ts'
import type { FileStore } from '../files/module.ts'
import { createPosts } from './posts.ts'
import { createPublicPosts } from './public.ts'

export { seedPosts } from './demo.ts'
export type { PublicPosts } from './public.ts'

/** Posts: written in the app, published on the organization's landing pages. */
export function createPostsModule({ db, files }: { db: Db; files: FileStore }) {
  return { posts: createPosts({ db }), published: createPublicPosts(db), files }
}

export type PostsModule = ReturnType<typeof createPostsModule>
