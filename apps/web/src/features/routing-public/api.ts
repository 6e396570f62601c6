import type { RoutingAnswers } from '@closeroom/shared'
import { client, unwrap } from '../../lib/api'

// The buyer's side talks to the public API only, by the form's slug (or id).

/** The API paths whose answers a server-rendered page embeds (components/public/preloaded.ts). */
export const routingPublicPaths = {
  form: (slug: string) => `/public/routings/${encodeURIComponent(slug)}`,
}

export const routingPublicApi = {
  form: (slug: string, signal?: AbortSignal) => unwrap(client.GET('/public/routings/{id}', { params: { path: { id: slug } }, signal })),
  respond: (slug: string, body: RoutingAnswers) =>
    unwrap(client.POST('/public/routings/{id}/responses', { params: { path: { id: slug } }, body })),
}
