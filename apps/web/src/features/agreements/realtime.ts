import { type AgreementChange, ProductSocketEvents } from '@closeroom/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSocket } from '../../app/SocketProvider'
import { agreementKeys } from './queries'

/**
 * Keeps the agreements on screen live: the server tells everyone of the organization when one changes (sent,
 * opened, signed, declined, sealed…), and the lists, that agreement and its audit log read again.
 */
export function useAgreementsLive() {
  const { socket } = useSocket()
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!socket) return
    const changed = ({ agreementId }: AgreementChange) => {
      void queryClient.invalidateQueries({ queryKey: agreementKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: agreementKeys.detail(agreementId) })
      void queryClient.invalidateQueries({ queryKey: agreementKeys.audit(agreementId) })
    }
    // What changed while the connection was down was never heard: everything shown reads again.
    const reconnected = () => void queryClient.invalidateQueries({ queryKey: agreementKeys.all })
    socket.on(ProductSocketEvents.agreementChanged, changed)
    socket.io.on('reconnect', reconnected)
    return () => {
      socket.off(ProductSocketEvents.agreementChanged, changed)
      socket.io.off('reconnect', reconnected)
    }
  }, [socket, queryClient])
}
