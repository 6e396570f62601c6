import { client, unwrap } from '../../lib/api'

// The buyer's side talks to the public API only, through the room's public id (and, for a private room,
// the pass cookie that /verify sets).

const room = (id: string) => ({ path: { id } })

/** The API paths whose answers a server-rendered page embeds (components/public/preloaded.ts). */
export const roomPaths = {
  room: (publicId: string) => `/public/salesrooms/${encodeURIComponent(publicId)}`,
}

export const roomApi = {
  room: (publicId: string, signal?: AbortSignal) => unwrap(client.GET('/public/salesrooms/{id}', { params: room(publicId), signal })),
  requestCode: (publicId: string, email: string) =>
    unwrap(client.POST('/public/salesrooms/{id}/access', { params: room(publicId), body: { email } })),
  verify: (publicId: string, email: string, code: string) =>
    unwrap(client.POST('/public/salesrooms/{id}/verify', { params: room(publicId), body: { email, code } })),
  visit: (publicId: string) => unwrap(client.POST('/public/salesrooms/{id}/events', { params: room(publicId), body: { kind: 'visit' } })),
  heartbeat: (publicId: string, visitId: string) =>
    unwrap(client.POST('/public/salesrooms/{id}/events', { params: room(publicId), body: { kind: 'heartbeat', visitId } })),
  linkOpened: (publicId: string, visitId: string, linkId: string) =>
    unwrap(client.POST('/public/salesrooms/{id}/events', { params: room(publicId), body: { kind: 'link_opened', visitId, linkId } })),
  toggleStep: (publicId: string, stepId: string, done: boolean) =>
    unwrap(client.PATCH('/public/salesrooms/{id}/steps/{stepId}', { params: { path: { id: publicId, stepId } }, body: { done } })),
  /** The chat's latest page, or the page before `before` (the previous page's `next`). */
  messages: (publicId: string, signal?: AbortSignal, before?: string) =>
    unwrap(client.GET('/public/salesrooms/{id}/messages', { params: { path: { id: publicId }, query: before ? { before } : {} }, signal })),
  post: (publicId: string, body: string, name?: string) =>
    unwrap(client.POST('/public/salesrooms/{id}/messages', { params: room(publicId), body: name ? { body, name } : { body } })),
}

/** Only an https address is shown as a video; a YouTube or Vimeo page becomes its player. */
export function videoOf(url: string): { href: string; embed: string | null } | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== 'https:') return null
  const host = parsed.hostname.replace(/^www\./, '')
  let embed: string | null = null
  if (host === 'youtube.com' && parsed.searchParams.get('v'))
    embed = `https://www.youtube-nocookie.com/embed/${parsed.searchParams.get('v')}`
  else if (host === 'youtu.be' && parsed.pathname.length > 1) embed = `https://www.youtube-nocookie.com/embed${parsed.pathname}`
  else if (host === 'vimeo.com' && /^\/\d+$/.test(parsed.pathname)) embed = `https://player.vimeo.com/video${parsed.pathname}`
  if (embed && !/^https:\/\/[^?#]+\/[\w-]+$/.test(embed)) embed = null
  return { href: parsed.href, embed }
}
