import type { LibraryListing } from '@closeroom/shared'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'
import { upload, uploadReplacing } from '../../lib/upload'

export const libraryKeys = {
  all: ['library'] as const,
  listing: (folderId: string | null, q: string) => [...libraryKeys.all, 'listing', folderId, q] as const,
  views: () => [...libraryKeys.all, 'views'] as const,
}

/**
 * A folder's folders and files (the top for null), or with `q`, matching files of every folder: read a page of
 * LIBRARY_LISTED files at a time, `fetchNextPage` adding the next one; `data` holds every page read so far as one
 * listing, whose `next` says whether there are more.
 */
export function useLibrary(folderId: string | null, q = '', enabled = true) {
  return useInfiniteQuery({
    queryKey: libraryKeys.listing(folderId, q),
    queryFn: ({ signal, pageParam }) =>
      unwrap(
        client.GET('/library', {
          params: { query: { ...(folderId ? { folderId } : {}), ...(q ? { q } : {}), ...(pageParam ? { after: pageParam } : {}) } },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    select: ({ pages }): LibraryListing => {
      const [first] = pages as [LibraryListing, ...LibraryListing[]]
      return { ...first, files: pages.flatMap((page) => page.files), next: pages.at(-1)?.next ?? null }
    },
    enabled,
  })
}

/** Every change to the library can move files between listings and change the storage used: all listings read again. */
function useLibraryMutation<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }) })
}

export const useUploadLibraryFile = () =>
  useLibraryMutation(({ file, folderId, onProgress }: { file: File; folderId: string | null; onProgress(fraction: number): void }) => {
    const form = new FormData()
    if (folderId) form.append('folderId', folderId)
    form.append('file', file)
    return upload('/library/files', undefined, form, onProgress)
  })

/** A new version of a file, with its progress. */
export const useReplaceLibraryFile = () =>
  useLibraryMutation(({ fileId, file, onProgress }: { fileId: string; file: File; onProgress?(fraction: number): void }) => {
    const form = new FormData()
    form.append('file', file)
    return uploadReplacing('/library/files/{fileId}/content', { fileId }, form, onProgress)
  })

export const useCreateFolder = () =>
  useLibraryMutation((body: { name: string; parentId: string | null }) => unwrap(client.POST('/library/folders', { body })))

/** Renames and/or moves a folder. */
export const useUpdateFolder = () =>
  useLibraryMutation(({ id, ...body }: { id: string; name?: string; parentId?: string | null }) =>
    unwrap(client.PATCH('/library/folders/{folderId}', { params: { path: { folderId: id } }, body })),
  )

/** What deleting a folder would take with it (its folders and files at any depth, and the files in use). */
export function useFolderContents(folderId: string | null) {
  return useQuery({
    queryKey: [...libraryKeys.all, 'contents', folderId] as const,
    queryFn: ({ signal }) =>
      unwrap(client.GET('/library/folders/{folderId}/contents', { params: { path: { folderId: folderId ?? '' } }, signal })),
    enabled: folderId !== null,
    staleTime: 0,
  })
}

/** Deletes a folder; `withContents` takes everything in it too, in one go. */
export const useDeleteFolder = () =>
  useLibraryMutation(({ id, withContents }: { id: string; withContents: boolean }) =>
    unwrap(
      client.DELETE('/library/folders/{folderId}', {
        params: { path: { folderId: id }, query: withContents ? { withContents: '1' } : {} },
      }),
    ),
  )

export const useUpdateLibraryFile = () =>
  useLibraryMutation(({ id, ...body }: { id: string; name?: string; folderId?: string | null }) =>
    unwrap(client.PATCH('/library/files/{fileId}', { params: { path: { fileId: id } }, body })),
  )

export const useDeleteLibraryFile = () =>
  useLibraryMutation((id: string) => unwrap(client.DELETE('/library/files/{fileId}', { params: { path: { fileId: id } } })))

/** /file: reading across the organization's rooms. */
export function useDocumentViews() {
  return useQuery({
    queryKey: libraryKeys.views(),
    queryFn: ({ signal }) => unwrap(client.GET('/salesrooms/document-views', { signal })),
  })
}
