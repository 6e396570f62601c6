import type { ActionStep, PublicSalesroom, RoomMessage } from '@closeroom/shared'
import { api } from '../../lib/api'

// The buyer's side talks to the public API only, through the room's public id (and, for a private room,
// the pass cookie that /verify sets).

const base = (publicId: string) => `/public/salesrooms/${encodeURIComponent(publicId)}`

export const roomApi = {
  room: (publicId: string, signal?: AbortSignal) => api<PublicSalesroom>(base(publicId), { signal }),
  requestCode: (publicId: string, email: string) => api<{ ok: true }>(`${base(publicId)}/access`, { method: 'POST', body: { email } }),
  verify: (publicId: string, email: string, code: string) =>
    api<PublicSalesroom>(`${base(publicId)}/verify`, { method: 'POST', body: { email, code } }),
  visit: (publicId: string) => api<{ visitId: string }>(`${base(publicId)}/events`, { method: 'POST', body: { kind: 'visit' } }),
  heartbeat: (publicId: string, visitId: string) =>
    api<{ visitId: string }>(`${base(publicId)}/events`, { method: 'POST', body: { kind: 'heartbeat', visitId } }),
  linkOpened: (publicId: string, visitId: string, linkId: string) =>
    api<{ visitId: string }>(`${base(publicId)}/events`, { method: 'POST', body: { kind: 'link_opened', visitId, linkId } }),
  toggleStep: (publicId: string, stepId: string, done: boolean) =>
    api<ActionStep>(`${base(publicId)}/steps/${encodeURIComponent(stepId)}`, { method: 'PATCH', body: { done } }),
  messages: (publicId: string, signal?: AbortSignal) => api<{ messages: RoomMessage[] }>(`${base(publicId)}/messages`, { signal }),
  post: (publicId: string, body: string, name?: string) =>
    api<RoomMessage>(`${base(publicId)}/messages`, { method: 'POST', body: name ? { body, name } : { body } }),
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

/** Minor units in the currency, in the reader's language. */
export function money(minor: number, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency })
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2
    return format.format(minor / 10 ** digits)
  } catch {
    return `${minor / 100} ${currency}`
  }
}
