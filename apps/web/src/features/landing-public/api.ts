import type { PublicLandingPage } from '@closeroom/shared'
import { api } from '../../lib/api'

// The visitor's side talks to the public API only, through the page's public id.
export const landingApi = {
  page: (publicId: string, signal?: AbortSignal) => api<PublicLandingPage>(`/public/landing/${encodeURIComponent(publicId)}`, { signal }),
}
