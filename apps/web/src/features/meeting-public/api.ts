import { client, unwrap } from '../../lib/api'

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
