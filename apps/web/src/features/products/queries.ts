import type { CreateProduct } from '@closeroom/shared'
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'

export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
}

export function useProducts() {
  return useQuery({
    queryKey: productKeys.list(),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/products', { signal }))).products,
  })
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: productKeys.detail(id ?? ''),
    queryFn: id ? ({ signal }) => unwrap(client.GET('/products/{id}', { params: { path: { id } }, signal })) : skipToken,
    retry: false,
  })
}

/** Creates the product, or saves it when it has an id. */
export function useSaveProduct(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateProduct) =>
      unwrap(id ? client.PATCH('/products/{id}', { params: { path: { id } }, body }) : client.POST('/products', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  })
}

export function useDeleteProduct(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.DELETE('/products/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  })
}
