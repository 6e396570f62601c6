import type { UseInfiniteQueryResult } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { type ThreadPages, threadMessages } from './pages'

/**
 * A thread's infinite query as a thread component shows it: the loaded messages in reading order, the refusal to
 * load it, and `earlier` while older messages remain (it rejects when the page did not come). `until`, a message a
 * search hit opens the thread at, has the earlier pages read until it is among them (or the thread's start is).
 */
export function useThreadPages<M extends { id: string }>(query: UseInfiniteQueryResult<ThreadPages<M>, Error>, until?: string | null) {
  const { data, error, hasNextPage, fetchNextPage, isFetching, isFetchNextPageError } = query
  const messages = useMemo(() => (data ? threadMessages(data) : undefined), [data])
  const missing = !!until && !!messages && !messages.some((m) => m.id === until)
  useEffect(() => {
    if (missing && hasNextPage && !isFetching && !isFetchNextPageError) void fetchNextPage()
  }, [missing, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage])
  return {
    messages,
    // A page of earlier messages that did not come is said beside its button, not over the whole thread.
    error: isFetchNextPageError ? null : error,
    earlier: hasNextPage ? () => fetchNextPage({ throwOnError: true }) : undefined,
  }
}
