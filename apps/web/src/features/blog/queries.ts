import type { CreatePost, PostStatus, UpdatePost } from '@closeroom/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client, unwrap } from '../../lib/api'
import { upload } from '../../lib/upload'
import { libraryKeys } from '../files/queries'

export const postKeys = {
  all: ['posts'] as const,
  list: (status?: PostStatus) => [...postKeys.all, 'list', status ?? 'all'] as const,
  detail: (id: string) => [...postKeys.all, 'detail', id] as const,
}

export function usePosts(status?: PostStatus) {
  return useQuery({
    queryKey: postKeys.list(status),
    queryFn: async ({ signal }) => (await unwrap(client.GET('/posts', { params: { query: { status } }, signal }))).posts,
  })
}

/** A post's own query: its cached answer is written in place when it is saved, so its key carries its type. */
export const postQuery = (id: string) =>
  queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => unwrap(client.GET('/posts/{id}', { params: { path: { id } }, signal })),
  })

export function usePost(id: string | undefined) {
  return useQuery({ ...postQuery(id ?? ''), enabled: !!id, retry: false })
}

export function useSavePost(id: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreatePost | UpdatePost) =>
      unwrap(
        id
          ? client.PATCH('/posts/{id}', { params: { path: { id } }, body: body as UpdatePost })
          : client.POST('/posts', { body: body as CreatePost }),
      ),
    onSuccess: (post) => {
      queryClient.setQueryData(postQuery(post.id).queryKey, post)
      void queryClient.invalidateQueries({ queryKey: [...postKeys.all, 'list'] })
    },
  })
}

/** A picture uploaded into the library (the one way to upload) becomes the cover. */
export function useUploadCover(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress(fraction: number): void }) => {
      const form = new FormData()
      form.append('file', file)
      const picture = await upload('/library/files', undefined, form, onProgress)
      return unwrap(client.PATCH('/posts/{id}', { params: { path: { id } }, body: { coverFileId: picture.id } }))
    },
    onSuccess: (post) => {
      queryClient.setQueryData(postQuery(post.id).queryKey, post)
      void queryClient.invalidateQueries({ queryKey: [...postKeys.all, 'list'] })
      // The picture joined the library: its listings read again.
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all })
    },
  })
}

export function useDeletePost(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.DELETE('/posts/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: postKeys.detail(id) })
      void queryClient.invalidateQueries({ queryKey: [...postKeys.all, 'list'] })
    },
  })
}
