import type { RoomDocument } from '@closeroom/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api'
import { upload } from '../../lib/upload'
import { salesroomKeys } from './queries'

// Under the room's key: whatever reads the room again (a teammate's change, live) reads its documents too.
const documentsKey = (dealId: string) => [...salesroomKeys.room(dealId), 'documents'] as const
const base = (dealId: string) => `/deals/${encodeURIComponent(dealId)}/salesroom/documents`

export function useRoomDocuments(dealId: string) {
  return useQuery({
    queryKey: documentsKey(dealId),
    queryFn: async () => (await api<{ documents: RoomDocument[] }>(base(dealId))).documents,
  })
}

function useDocumentMutation<V>(dealId: string, run: (vars: V) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: documentsKey(dealId) }) })
}

/** One file up, its title the file's name (the server drops the extension), with its progress. */
export const useUploadDocument = (dealId: string) =>
  useDocumentMutation(dealId, ({ file, onProgress }: { file: File; onProgress(fraction: number): void }) => {
    const form = new FormData()
    form.append('file', file)
    return upload<RoomDocument>(base(dealId), form, onProgress)
  })

export const useRenameDocument = (dealId: string) =>
  useDocumentMutation(dealId, ({ id, title }: { id: string; title: string }) =>
    api<RoomDocument>(`${base(dealId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { title } }),
  )

export const useDeleteDocument = (dealId: string) =>
  useDocumentMutation(dealId, (id: string) => api(`${base(dealId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }))
