import { useRemote } from '../../components/public/useRemote'
import { signingApi } from './api'
import type { Values } from './fields'
import { stepOf } from './outcome'

/**
 * The recipient's agreement by the token of their link, what they can do with it, and the two things they
 * can do: sign (or approve) and decline. Either answers with the agreement as it now stands, which decides the
 * page shown next.
 */
export function useSigning(token: string) {
  const remote = useRemote(token, (signal) => signingApi.open(token, signal))
  return {
    remote,
    step: remote.data ? stepOf(remote.data) : undefined,
    sign: async (values: Values) => remote.set(await signingApi.sign(token, values)),
    decline: async (reason: string) => remote.set(await signingApi.decline(token, reason)),
  }
}
