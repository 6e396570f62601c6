import type { ProductFile } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api'
import { upload } from '../../lib/upload'
import { productKeys } from './queries'

const mediaKey = (productId: string) => [...productKeys.detail(productId), 'files'] as const
const base = (productId: string) => `/products/${encodeURIComponent(productId)}/files`

/** The product's images in their order, then its documents. */
export function useProductFiles(productId: string) {
  return useQuery({
    queryKey: mediaKey(productId),
    queryFn: async () => (await api<{ files: ProductFile[] }>(base(productId))).files,
  })
}

function useMediaMutation<V>(productId: string, run: (vars: V) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: mediaKey(productId) }) })
}

export const useUploadProductFile = (productId: string) =>
  useMediaMutation(
    productId,
    ({ file, kind, onProgress }: { file: File; kind: ProductFile['kind']; onProgress(fraction: number): void }) => {
      const form = new FormData()
      form.append('kind', kind)
      form.append('file', file)
      return upload<ProductFile>(base(productId), form, onProgress)
    },
  )

/** Every image's id in the new order. */
export function useReorderImages(productId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (fileIds: string[]) => api<{ files: ProductFile[] }>(`${base(productId)}/order`, { method: 'PUT', body: { fileIds } }),
    onSuccess: (answer) => client.setQueryData(mediaKey(productId), answer.files),
  })
}

export const useDeleteProductFile = (productId: string) =>
  useMediaMutation(productId, (fileId: string) => api(`${base(productId)}/${encodeURIComponent(fileId)}`, { method: 'DELETE' }))
