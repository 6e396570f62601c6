import { type OrganizationExport, type OrganizationExportChanged, ProductSocketEvents } from '@closeroom/shared'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSocket } from '../../app/SocketProvider'
import { API_URL, client, unwrap } from '../../lib/api'

export const exportKeys = { all: ['exports'] as const }

/** Where an export's archive downloads from (a plain link: the browser saves the zip itself). */
export const downloadUrl = (id: string) => `${API_URL}/exports/${id}/download`

const exportsQuery = queryOptions({
  queryKey: exportKeys.all,
  queryFn: async ({ signal }) => (await unwrap(client.GET('/exports', { signal }))).exports,
})

export function useExports() {
  return useQuery(exportsQuery)
}

export function useStartExport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(client.POST('/exports')),
    onSuccess: (started) => queryClient.setQueryData(exportsQuery.queryKey, (current = []) => place(current, started)),
  })
}

/** The list with this export in it, newest first. */
function place(list: OrganizationExport[], changed: OrganizationExport) {
  const others = list.filter((e) => e.id !== changed.id)
  return [changed, ...others].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
}

/**
 * Keeps the list live: the server tells the organization's admins each step of an export as it starts, and when
 * it is ready or failed. What was missed while disconnected is read again on reconnecting.
 */
export function useExportsLive() {
  const { socket } = useSocket()
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!socket) return
    const changed = ({ export: changed }: OrganizationExportChanged) =>
      queryClient.setQueryData(exportsQuery.queryKey, (current = []) => place(current, changed))
    const reconnected = () => void queryClient.invalidateQueries({ queryKey: exportKeys.all })
    socket.on(ProductSocketEvents.organizationExportChanged, changed)
    socket.io.on('reconnect', reconnected)
    return () => {
      socket.off(ProductSocketEvents.organizationExportChanged, changed)
      socket.io.off('reconnect', reconnected)
    }
  }, [socket, queryClient])
}
