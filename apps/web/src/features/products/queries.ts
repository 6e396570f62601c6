import type { CreateProduct, ProductRoom, ProductRoomSettings } from '@closeroom/shared'
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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

// The queries whose cached answer is written in place: their keys carry the answer's type.

/** The product's images in their order, then its documents; reordering answers with the new list. */
export const productFilesQuery = (productId: string) =>
  queryOptions({
    queryKey: [...productKeys.detail(productId), 'files'] as const,
    queryFn: async ({ signal }) =>
      (await unwrap(client.GET('/products/{id}/files', { params: { path: { id: productId } }, signal }))).files,
  })

/** The product's public room at /p/:id; saving it or a new address answers with the room. */
const productRoomQuery = (productId: string) =>
  queryOptions({
    queryKey: [...productKeys.detail(productId), 'room'] as const,
    queryFn: ({ signal }) => unwrap(client.GET('/products/{id}/room', { params: { path: { id: productId } }, signal })),
  })

export function useProductRoom(productId: string) {
  return useQuery(productRoomQuery(productId))
}

function useRoomMutation<V>(productId: string, run: (vars: V) => Promise<ProductRoom>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: run, onSuccess: (room) => queryClient.setQueryData(productRoomQuery(productId).queryKey, room) })
}

export const useSaveProductRoom = (productId: string) =>
  useRoomMutation(productId, (settings: ProductRoomSettings) =>
    unwrap(client.PUT('/products/{id}/room', { params: { path: { id: productId } }, body: settings })),
  )

export const useRotateProductRoom = (productId: string) =>
  useRoomMutation(productId, () => unwrap(client.POST('/products/{id}/room/rotate', { params: { path: { id: productId } } })))
