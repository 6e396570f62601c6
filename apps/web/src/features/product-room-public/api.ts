import type { ProductInquiry } from '@closeroom/shared'
import { client, unwrap } from '../../lib/api'

// The buyer's side talks to the public API only, through the room's public id.

/** The API paths whose answers a server-rendered page embeds (components/public/preloaded.ts). */
export const productRoomPaths = {
  product: (roomId: string) => `/public/products/${encodeURIComponent(roomId)}`,
}

export const productRoomApi = {
  product: (roomId: string, signal?: AbortSignal) =>
    unwrap(client.GET('/public/products/{roomId}', { params: { path: { roomId } }, signal })),
  inquire: (roomId: string, body: ProductInquiry) =>
    unwrap(client.POST('/public/products/{roomId}/inquiries', { params: { path: { roomId } }, body })),
}

/** A file's size in the reader's language: "820 kB", "2.4 MB". */
export function fileSize(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(1, Math.round(bytes / 1000)), 'kilobyte']
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value)
}
