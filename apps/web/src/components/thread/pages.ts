import type { InfiniteData } from '@tanstack/react-query'

/** A page of a thread as the server answers it: oldest first, and the cursor of the page before it (null: none). */
export type ThreadPage<M> = { messages: M[]; next: string | null }
/** A thread in the cache: its pages from the latest backwards (the page param is the `before` that asked for each). */
export type ThreadPages<M> = InfiniteData<ThreadPage<M>>

/** The pages' messages in reading order: the earliest page loaded first, the latest page last. */
export function threadMessages<M>(data: ThreadPages<M>): M[] {
  return data.pages.toReversed().flatMap((page) => page.messages)
}

/**
 * A message written into the cached thread: in place on whichever page holds it (an edit of an older message shows
 * where it is), at the end of the latest page otherwise. The sender's answer and the socket's echo may both arrive.
 */
export function upsertMessage<M extends { id: string }>(data: ThreadPages<M> | undefined, message: M): ThreadPages<M> | undefined {
  if (!data) return data
  const held = data.pages.findIndex((page) => page.messages.some((m) => m.id === message.id))
  if (held !== -1)
    return {
      ...data,
      pages: data.pages.map((page, i) =>
        i === held ? { ...page, messages: page.messages.map((m) => (m.id === message.id ? message : m)) } : page,
      ),
    }
  const [latest, ...older] = data.pages
  if (!latest) return data
  return { ...data, pages: [{ ...latest, messages: [...latest.messages, message] }, ...older] }
}

/** What an infinite query of a thread shares: the latest page first, then each page's `next`. */
export const threadPaging = {
  initialPageParam: null as string | null,
  getNextPageParam: (page: ThreadPage<unknown>) => page.next,
}
