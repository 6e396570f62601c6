import { type ConnectMailbox, type MailLabel, type MailThreadSummary, ProductSocketEvents, type SendMail } from '@closeroom/shared'
import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSocket } from '../../app/SocketProvider'
import { client, unwrap } from '../../lib/api'

export type MailScope = 'mine' | 'all'

/** One key factory for mail: invalidating `all` refreshes the mailbox, the lists and the threads. */
export const mailKeys = {
  all: ['mail'] as const,
  mailbox: () => [...mailKeys.all, 'mailbox'] as const,
  threads: (scope: MailScope, label: MailLabel) => [...mailKeys.all, 'threads', scope, label] as const,
  thread: (id: string) => [...mailKeys.all, 'thread', id] as const,
  closeroom: () => [...mailKeys.all, 'closeroom'] as const,
}

/**
 * New mail in one's own mailbox is pushed (the server keeps it in IDLE and says mail-changed: useMailArrivals).
 * Everyone's mail and Closeroom's own emails are not: those lists look again every 30 s.
 */
const REFRESH_MS = 30_000

/** Reads the mail lists and threads again whenever new mail reaches the member's mailbox. */
export function useMailArrivals() {
  const { socket, connected } = useSocket()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!socket || !connected) return
    const onArrival = () => void queryClient.invalidateQueries({ queryKey: mailKeys.all })
    socket.on(ProductSocketEvents.mailChanged, onArrival)
    return () => {
      socket.off(ProductSocketEvents.mailChanged, onArrival)
    }
  }, [socket, connected, queryClient])
}

export function useMailbox() {
  return useQuery({
    queryKey: mailKeys.mailbox(),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/mail/mailbox', { signal }))).mailbox,
  })
}

export function useConnectMailbox() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ConnectMailbox) => unwrap(client.PUT('/mail/mailbox', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  })
}

export function useDisconnectMailbox() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.DELETE('/mail/mailbox')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  })
}

/** The emails Closeroom itself sent for the organization, shown under their own label. */
export function useCloseroomEmails(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: mailKeys.closeroom(),
    queryFn: ({ signal, pageParam }) =>
      unwrap(client.GET('/mail/closeroom', { params: { query: { before: pageParam ?? undefined } }, signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    enabled,
    refetchInterval: REFRESH_MS,
  })
}

export const threadQuery = (id: string) =>
  queryOptions({
    queryKey: mailKeys.thread(id),
    queryFn: ({ signal }) => unwrap(client.GET('/mail/threads/{id}', { params: { path: { id } }, signal })),
  })

export function useThread(id: string | null) {
  return useQuery({ ...threadQuery(id ?? ''), enabled: !!id })
}

export function useSendMail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SendMail) => unwrap(client.POST('/mail/send', { body })),
    onSuccess: (thread) => {
      queryClient.setQueryData(threadQuery(thread.id).queryKey, thread)
      return queryClient.invalidateQueries({ queryKey: [...mailKeys.all, 'threads'] })
    },
  })
}

/** A mail, as the spec's mail state keeps it: a thread or one of Closeroom's own emails, by id. */
export type MailItem =
  | { kind: 'thread'; id: string; thread: MailThreadSummary }
  | { kind: 'closeroom'; id: string; to: string; subject: string; text: string; createdAt: string }

/**
 * The spec's mail state for one label: isLoading, error, the mails keyed by id with their id list (newest
 * first), and the labels there are to choose from; older conversations are loaded on request.
 */
export function useMailState(scope: MailScope, label: MailLabel, labels: MailLabel[]) {
  const isCloseroom = label === 'closeroom'
  // A page at a time, newest first; older pages on request (a mailbox can hold years of mail).
  const threads = useInfiniteQuery({
    queryKey: mailKeys.threads(scope, label),
    queryFn: ({ signal, pageParam }) =>
      unwrap(
        client.GET('/mail/threads', {
          params: { query: { scope, label: label === 'sent' ? 'sent' : 'inbox', before: pageParam ?? undefined } },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    enabled: !isCloseroom,
    refetchInterval: scope === 'all' ? REFRESH_MS : false,
    placeholderData: keepPreviousData,
  })
  const closeroom = useCloseroomEmails(isCloseroom)
  const source = isCloseroom ? closeroom : threads
  const items: MailItem[] = isCloseroom
    ? (closeroom.data?.pages ?? []).flatMap((page) => page.emails.map((email) => ({ kind: 'closeroom' as const, ...email })))
    : (threads.data?.pages ?? []).flatMap((page) => page.threads.map((thread) => ({ kind: 'thread' as const, id: thread.id, thread })))
  return {
    isLoading: source.isPending && source.fetchStatus !== 'idle',
    // A failed older page is said under the list, beside its button, not in place of the list.
    error: source.isFetchNextPageError ? null : source.error,
    mails: {
      byId: Object.fromEntries(items.map((item) => [item.id, item])) as Record<string, MailItem>,
      allIds: items.map((item) => item.id),
    },
    labels,
    /** Older conversations (or Closeroom's emails) to show, when the label has more than is loaded. */
    older: {
      has: source.hasNextPage,
      loading: source.isFetchingNextPage,
      error: source.isFetchNextPageError ? source.error : null,
      load: () => void source.fetchNextPage(),
    },
  }
}
