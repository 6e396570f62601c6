import type { AgreementListQuery, CreateAgreement, SaveAsTemplate, UpdateAgreement, VoidAgreement } from '@closeroom/shared'
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'
import { upload } from '../../lib/upload'

export type AgreementFilters = Pick<AgreementListQuery, 'status' | 'dealId' | 'ownerId' | 'template'>

export const agreementKeys = {
  all: ['agreements'] as const,
  lists: () => [...agreementKeys.all, 'list'] as const,
  list: (filters: AgreementFilters) => [...agreementKeys.lists(), filters] as const,
  templates: () => [...agreementKeys.all, 'templates'] as const,
  detail: (id: string) => [...agreementKeys.all, 'detail', id] as const,
  audit: (id: string) => [...agreementKeys.all, 'audit', id] as const,
}

const PAGE_SIZE = 25

export function useAgreements(filters: AgreementFilters) {
  return useInfiniteQuery({
    queryKey: agreementKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      unwrap(client.GET('/agreements', { params: { query: { ...filters, limit: PAGE_SIZE, cursor: pageParam ?? undefined } }, signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })
}

export function useTemplates(enabled: boolean) {
  return useQuery({
    queryKey: agreementKeys.templates(),
    queryFn: async ({ signal }) =>
      (await unwrap(client.GET('/agreements', { params: { query: { template: 'true', limit: 100 } }, signal }))).agreements,
    enabled,
  })
}

/** One agreement: its options carry the cached answer's type to every read and write of it. */
export const agreementQuery = (id: string) =>
  queryOptions({
    queryKey: agreementKeys.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/agreements/{id}', { params: { path: { id } }, signal })),
    retry: false,
  })

export function useAgreement(id: string) {
  return useQuery(agreementQuery(id))
}

export function useAgreementAudit(id: string, enabled: boolean) {
  return useQuery({
    queryKey: agreementKeys.audit(id),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/agreements/{id}/audit', { params: { path: { id } }, signal }))).entries,
    enabled,
  })
}

/** An agreement from a deal's order form or from a template. */
export function useCreateAgreement() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateAgreement) => unwrap(client.POST('/agreements', { body })),
    onSuccess: (agreement) => {
      queryClient.setQueryData(agreementQuery(agreement.id).queryKey, agreement)
      void queryClient.invalidateQueries({ queryKey: agreementKeys.lists() })
    },
  })
}

/** An agreement from an uploaded PDF, with the upload's progress. */
export function uploadAgreement(file: File, fields: { title: string; dealId?: string }, onProgress: (fraction: number) => void) {
  const form = new FormData()
  form.append('title', fields.title)
  if (fields.dealId) form.append('dealId', fields.dealId)
  // Last: the server reads the text fields before the file's stream.
  form.append('file', file)
  return upload('/agreements', undefined, form, onProgress)
}

export function useUpdateAgreement(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateAgreement) => unwrap(client.PATCH('/agreements/{id}', { params: { path: { id } }, body })),
    onSuccess: (agreement) => {
      queryClient.setQueryData(agreementQuery(id).queryKey, agreement)
      void queryClient.invalidateQueries({ queryKey: agreementKeys.lists() })
    },
  })
}

function useLifecycle<Body>(id: string, call: (body: Body) => ReturnType<typeof sendAgreement>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: (agreement) => {
      queryClient.setQueryData(agreementQuery(id).queryKey, agreement)
      void queryClient.invalidateQueries({ queryKey: agreementKeys.audit(id) })
      void queryClient.invalidateQueries({ queryKey: agreementKeys.lists() })
    },
  })
}

const sendAgreement = (id: string) => unwrap(client.POST('/agreements/{id}/send', { params: { path: { id } } }))

export function useSendAgreement(id: string) {
  return useLifecycle(id, () => sendAgreement(id))
}

export function useVoidAgreement(id: string) {
  return useLifecycle(id, (body: VoidAgreement) => unwrap(client.POST('/agreements/{id}/void', { params: { path: { id } }, body })))
}

export function useDeleteAgreement(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.DELETE('/agreements/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: agreementKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: agreementKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: agreementKeys.templates() })
    },
  })
}

export function useSaveAsTemplate(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SaveAsTemplate) => unwrap(client.POST('/agreements/{id}/template', { params: { path: { id } }, body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: agreementKeys.templates() }),
  })
}
