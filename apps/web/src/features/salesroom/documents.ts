import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'
import { upload } from '../../lib/upload'
import { salesroomKeys } from './queries'

// Under the room's key: whatever reads the room again (a teammate's change, live) reads its documents too.
const documentsKey = (dealId: string) => [...salesroomKeys.room(dealId), 'documents'] as const
// Under the engagement's key: a buyer's reading refreshes it live.
const readingKey = (dealId: string) => [...salesroomKeys.engagement(dealId), 'reading'] as const

export function useRoomDocuments(dealId: string) {
  return useQuery({
    queryKey: documentsKey(dealId),
    queryFn: async ({ signal }) =>
      (await unwrap(client.GET('/deals/{id}/salesroom/documents', { params: { path: { id: dealId } }, signal }))).documents,
  })
}

function useDocumentMutation<V>(dealId: string, run: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentsKey(dealId) }),
        queryClient.invalidateQueries({ queryKey: readingKey(dealId) }),
      ]),
  })
}

/** One file up, its title the file's name (the server drops the extension), with its progress. */
export const useUploadDocument = (dealId: string) =>
  useDocumentMutation(dealId, ({ file, onProgress }: { file: File; onProgress(fraction: number): void }) => {
    const form = new FormData()
    form.append('file', file)
    return upload('/deals/{id}/salesroom/documents', { id: dealId }, form, onProgress)
  })

export const useRenameDocument = (dealId: string) =>
  useDocumentMutation(dealId, ({ id, title }: { id: string; title: string }) =>
    unwrap(
      client.PATCH('/deals/{id}/salesroom/documents/{documentId}', { params: { path: { id: dealId, documentId: id } }, body: { title } }),
    ),
  )

export const useDeleteDocument = (dealId: string) =>
  useDocumentMutation(dealId, (id: string) =>
    unwrap(client.DELETE('/deals/{id}/salesroom/documents/{documentId}', { params: { path: { id: dealId, documentId: id } } })),
  )

/** A file of the organization's library shown in the room, by reference. */
export const useAddLibraryDocument = (dealId: string) =>
  useDocumentMutation(dealId, (fileId: string) =>
    unwrap(client.POST('/deals/{id}/salesroom/documents/library', { params: { path: { id: dealId } }, body: { fileId } })),
  )

/** How the room's buyers read each document. */
export function useDocumentReading(dealId: string) {
  return useQuery({
    queryKey: readingKey(dealId),
    queryFn: async ({ signal }) =>
      (await unwrap(client.GET('/deals/{id}/salesroom/documents/reading', { params: { path: { id: dealId } }, signal }))).documents,
  })
}
