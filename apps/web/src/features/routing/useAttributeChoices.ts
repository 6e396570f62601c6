import { queryOptions, useQuery } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'
import type { AttributeChoice } from './AttributeMatchRows'
import { routingKeys } from './queries'

const attributesQuery = () =>
  queryOptions({
    queryKey: [...routingKeys.all, 'attributes'] as const,
    queryFn: async ({ signal }) => (await unwrap(client.GET('/users/attributes', { signal }))).attributes,
  })

/**
 * The attribute keys the organization's members hold, with their values, for the members action's rows. A key
 * nobody holds yet can still be typed: the rows take free text too.
 */
export function useAttributeChoices(): AttributeChoice[] {
  return useQuery(attributesQuery()).data ?? []
}
