import type { CreateProduct, Product } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api'

export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
}

export function useProducts() {
  return useQuery({ queryKey: productKeys.list(), queryFn: async () => (await api<{ products: Product[] }>('/products')).products })
}

export function useProduct(id: string | undefined) {
  return useQuery({ queryKey: productKeys.detail(id ?? ''), queryFn: () => api<Product>(`/products/${id}`), enabled: !!id, retry: false })
}

export function useSaveProduct(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateProduct) =>
      id ? api<Product>(`/products/${id}`, { method: 'PATCH', body }) : api<Product>('/products', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  })
}

export function useDeleteProduct(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api(`/products/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  })
}
