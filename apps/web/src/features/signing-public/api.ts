import { client, unwrap } from '../../lib/api'
import type { Values } from './fields'

// The recipient's side talks to the public signing API only, through the token of their link.

const link = (token: string) => ({ path: { token } })

export const signingApi = {
  open: (token: string, signal?: AbortSignal) => unwrap(client.GET('/public/signing/{token}', { params: link(token), signal })),
  sign: (token: string, values: Values) => unwrap(client.POST('/public/signing/{token}', { params: link(token), body: { values } })),
  decline: (token: string, reason: string) =>
    unwrap(client.POST('/public/signing/{token}/decline', { params: link(token), body: { reason } })),
}
