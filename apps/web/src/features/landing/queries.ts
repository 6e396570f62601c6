import type { CreateLandingPage, LandingPage } from '@closeroom/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'

export const landingKeys = {
  all: ['landing-pages'] as const,
  list: () => [...landingKeys.all, 'list'] as const,
  detail: (id: string) => [...landingKeys.all, 'detail', id] as const,
  bookingLinks: () => [...landingKeys.all, 'booking-links'] as const,
}

/** Where a page is seen: the editor may be on another address than the server's (a LAN name). */
export const publicUrlOf = (page: Pick<LandingPage, 'publicId'>) => `${window.location.origin}/l/${page.publicId}`

export function useLandingPages() {
  return useQuery({
    queryKey: landingKeys.list(),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/landing-pages', { signal }))).landingPages,
  })
}

/** A page's own query: its cached answer is written in place when it is saved, so its key carries its type. */
export const landingPageQuery = (id: string) =>
  queryOptions({
    queryKey: landingKeys.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/landing-pages/{id}', { params: { path: { id } }, signal })),
  })

export function useLandingPage(id: string | undefined) {
  return useQuery({ ...landingPageQuery(id ?? ''), enabled: !!id, retry: false })
}

export function useBookingLinkOptions() {
  return useQuery({
    queryKey: landingKeys.bookingLinks(),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/landing-pages/booking-links', { signal }))).bookingLinks,
  })
}

export function useSaveLandingPage(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateLandingPage) =>
      unwrap(id ? client.PATCH('/landing-pages/{id}', { params: { path: { id } }, body }) : client.POST('/landing-pages', { body })),
    onSuccess: (page) => {
      queryClient.setQueryData(landingPageQuery(page.id).queryKey, page)
      void queryClient.invalidateQueries({ queryKey: landingKeys.list() })
    },
  })
}

export function useDeleteLandingPage(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.DELETE('/landing-pages/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: landingKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: landingKeys.list() })
    },
  })
}
