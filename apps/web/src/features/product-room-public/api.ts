import type { ProductInquiry, PublicProduct } from '@closeroom/shared'
import { api } from '../../lib/api'

// The buyer's side talks to the public API only, through the room's public id.

const base = (roomId: string) => `/public/products/${encodeURIComponent(roomId)}`

export const productRoomApi = {
  product: (roomId: string, signal?: AbortSignal) => api<PublicProduct>(base(roomId), { signal }),
  inquire: (roomId: string, body: ProductInquiry) => api<{ ok: true }>(`${base(roomId)}/inquiries`, { method: 'POST', body }),
}

/** A file's size in the reader's language: "820 kB", "2.4 MB". */
export function fileSize(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(1, Math.round(bytes / 1000)), 'kilobyte']
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value)
}
