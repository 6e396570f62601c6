import type { BookingLinkOption, CreateLandingPage, LandingPage, UpdateLandingPage } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api'

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
    queryFn: async () => (await api<{ landingPages: LandingPage[] }>('/landing-pages')).landingPages,
  })
}

export function useLandingPage(id: string | undefined) {
  return useQuery({
    queryKey: landingKeys.detail(id ?? ''),
    queryFn: () => api<LandingPage>(`/landing-pages/${id}`),
    enabled: !!id,
    retry: false,
  })
}

export function useBookingLinkOptions() {
  return useQuery({
    queryKey: landingKeys.bookingLinks(),
    queryFn: async () => (await api<{ bookingLinks: BookingLinkOption[] }>('/landing-pages/booking-links')).bookingLinks,
  })
}

export function useSaveLandingPage(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateLandingPage | UpdateLandingPage) =>
      id
        ? api<LandingPage>(`/landing-pages/${id}`, { method: 'PATCH', body })
        : api<LandingPage>('/landing-pages', { method: 'POST', body }),
    onSuccess: (page) => {
      queryClient.setQueryData(landingKeys.detail(page.id), page)
      void queryClient.invalidateQueries({ queryKey: landingKeys.list() })
    },
  })
}

export function useDeleteLandingPage(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api(`/landing-pages/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: landingKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: landingKeys.list() })
    },
  })
}
