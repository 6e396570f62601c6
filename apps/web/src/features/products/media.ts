import type { ProductFile } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'
import { upload } from '../../lib/upload'
import { productFilesQuery } from './queries'

/** The product's images in their order, then its documents. */
export function useProductFiles(productId: string) {
  return useQuery(productFilesQuery(productId))
}

function useMediaMutation<V>(productId: string, run: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productFilesQuery(productId).queryKey }),
  })
}

export const useUploadProductFile = (productId: string) =>
  useMediaMutation(
    productId,
    ({ file, kind, onProgress }: { file: File; kind: ProductFile['kind']; onProgress(fraction: number): void }) => {
      const form = new FormData()
      form.append('kind', kind)
      form.append('file', file)
      return upload('/products/{id}/files', { id: productId }, form, onProgress)
    },
  )

/** Every image's id in the new order. */
export function useReorderImages(productId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (fileIds: string[]) =>
      unwrap(client.PUT('/products/{id}/files/order', { params: { path: { id: productId } }, body: { fileIds } })),
    onSuccess: (answer) => queryClient.setQueryData(productFilesQuery(productId).queryKey, answer.files),
  })
}

export const useDeleteProductFile = (productId: string) =>
  useMediaMutation(productId, (fileId: string) =>
    unwrap(client.DELETE('/products/{id}/files/{fileId}', { params: { path: { id: productId, fileId } } })),
  )

/** A file of the organization's library shown with the product, by reference. */
export const useAddLibraryProductFile = (productId: string) =>
  useMediaMutation(productId, ({ fileId, kind }: { fileId: string; kind: ProductFile['kind'] }) =>
    unwrap(client.POST('/products/{id}/files/library', { params: { path: { id: productId } }, body: { fileId, kind } })),
  )
