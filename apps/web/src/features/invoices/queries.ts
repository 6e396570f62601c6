import type { Invoice, InvoiceInput, InvoiceSettings, InvoiceStatus } from '@closeroom/shared'
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'

export type InvoiceFilters = { status?: InvoiceStatus; q?: string; dealId?: string }

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (filters: InvoiceFilters) => [...invoiceKeys.lists(), filters] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
  fromDeal: (dealId: string) => [...invoiceKeys.all, 'from-deal', dealId] as const,
}

const PAGE_SIZE = 50

/** The list, newest first, a page at a time. */
export function useInvoices(filters: InvoiceFilters) {
  return useInfiniteQuery({
    queryKey: invoiceKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      unwrap(client.GET('/invoices', { params: { query: { ...filters, limit: PAGE_SIZE, cursor: pageParam ?? undefined } }, signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })
}

export const invoiceQuery = (id: string) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/invoices/{id}', { params: { path: { id } }, signal })),
    retry: false,
  })

export function useInvoice(id: string | undefined) {
  return useQuery({ ...invoiceQuery(id ?? ''), enabled: !!id })
}

/** What a won deal puts on a new invoice. */
export function useInvoiceFromDeal(dealId: string | null) {
  return useQuery({
    queryKey: invoiceKeys.fromDeal(dealId ?? ''),
    queryFn: ({ signal }) => unwrap(client.GET('/invoices/from-deal', { params: { query: { dealId: dealId ?? '' } }, signal })),
    enabled: !!dealId,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

function useInvoiceWrite<A>(write: (args: A) => Promise<Invoice>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQuery(invoice.id).queryKey, invoice)
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() })
    },
  })
}

export const useCreateInvoice = () => useInvoiceWrite((body: InvoiceInput) => unwrap(client.POST('/invoices', { body })))

export const useUpdateInvoice = (id: string) =>
  useInvoiceWrite((body: InvoiceInput) => unwrap(client.PUT('/invoices/{id}', { params: { path: { id } }, body })))

export function useInvoiceStep(id: string, step: 'send' | 'paid' | 'void') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      unwrap(
        step === 'send'
          ? client.POST('/invoices/{id}/send', { params: { path: { id } } })
          : step === 'paid'
            ? client.POST('/invoices/{id}/paid', { params: { path: { id } } })
            : client.POST('/invoices/{id}/void', { params: { path: { id } } }),
      ),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceQuery(id).queryKey, invoice)
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() })
    },
  })
}

export function useDeleteInvoice(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.DELETE('/invoices/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: invoiceKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() })
    },
  })
}

const settingsQuery = queryOptions({
  queryKey: [...invoiceKeys.all, 'settings'] as const,
  queryFn: ({ signal }) => unwrap(client.GET('/invoices/settings', { signal })),
})

export function useInvoiceSettings(enabled: boolean) {
  return useQuery({ ...settingsQuery, enabled })
}

export function useSaveInvoiceSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: InvoiceSettings) => unwrap(client.PUT('/invoices/settings', { body })),
    onSuccess: (settings) => queryClient.setQueryData(settingsQuery.queryKey, settings),
  })
}
