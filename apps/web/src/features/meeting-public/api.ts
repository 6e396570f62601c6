import type { PublicMeeting } from '@closeroom/shared'
import { client, unwrap } from '../../lib/api'

/** The API path whose answer a server-rendered lobby embeds, cut down to `lobbyOf` (components/public/preloaded.ts). */
export const meetingPaths = {
  meeting: (publicId: string) => `/public/meetings/${encodeURIComponent(publicId)}`,
}

/** What the lobby shows before the call: the meeting's title, its host and organization, whether the reader is a member. */
export type LobbyMeeting = Pick<PublicMeeting, 'publicId' | 'title' | 'hostName' | 'organizationName' | 'member'>

/**
 * The part of the meeting a server-rendered lobby carries in its HTML, and nothing more: the call's ICE servers (TURN
 * credentials among them) and the admission setting are fetched by the browser, as the page does without the server.
 */
export const lobbyOf = ({ publicId, title, hostName, organizationName, member }: LobbyMeeting): LobbyMeeting => ({
  publicId,
  title,
  hostName,
  organizationName,
  member,
})

export const meetingApi = {
  read: (publicId: string, signal?: AbortSignal) =>
    unwrap(client.GET('/public/meetings/{id}', { params: { path: { id: publicId } }, signal })),
  /** Members only: guests wait in the lobby, or not. */
  setAdmission: (publicId: string, requireAdmission: boolean) =>
    unwrap(client.PATCH('/meetings/{id}', { params: { path: { id: publicId } }, body: { requireAdmission } })),
}

/** A secret of this tab: after a network drop it rejoins as the same participant (sockets.ts on the server). */
export function tabKey(): string {
  const name = 'closeroom.meeting.key'
  // getRandomValues, not randomUUID: the latter is missing on a plain-http LAN address.
  const fresh = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
  try {
    const stored = window.sessionStorage.getItem(name)
    if (stored) return stored
    const key = fresh()
    window.sessionStorage.setItem(name, key)
    return key
  } catch {
    return fresh()
  }
}
