import { client, unwrap } from '../../lib/api'

// The visitor's side talks to the public API only, through the page's public id.

/** The API paths whose answers a server-rendered page embeds (components/public/preloaded.ts). */
export const landingPaths = {
  page: (publicId: string) => `/public/landing/${encodeURIComponent(publicId)}`,
  post: (publicId: string, slug: string) => `/public/landing/${encodeURIComponent(publicId)}/posts/${encodeURIComponent(slug)}`,
}

export const landingApi = {
  page: (publicId: string, signal?: AbortSignal) =>
    unwrap(client.GET('/public/landing/{id}', { params: { path: { id: publicId } }, signal })),
  post: (publicId: string, slug: string, signal?: AbortSignal) =>
    unwrap(client.GET('/public/landing/{id}/posts/{slug}', { params: { path: { id: publicId, slug } }, signal })),
}
