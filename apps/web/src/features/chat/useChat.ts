import { type ChatMessage, ProductSocketEvents, type ServerPayload } from '@closeroom/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { useAuthContext } from '../../app/AuthProvider'
import { useSocket } from '../../app/SocketProvider'
import { chatApi, chatKeys, conversationsQuery } from './api'
import { chatReducer, initialChatState } from './store'

/**
 * The chat page's state (./store.ts), fed by the server's answers and kept live by chat-message and chat-read.
 * The conversation in the address is the active one: its history loads, and it is read while it is on screen.
 */
export function useChat(activeId: string | null) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState)
  const me = useAuthContext().user?.id
  const { socket, connected } = useSocket()
  const queryClient = useQueryClient()

  const conversations = useQuery({ ...conversationsQuery, enabled: connected })
  const contacts = useQuery({ queryKey: chatKeys.contacts, queryFn: ({ signal }) => chatApi.contacts(signal) })
  useEffect(() => {
    if (conversations.data) dispatch({ type: 'conversations', conversations: conversations.data })
  }, [conversations.data])
  useEffect(() => {
    if (conversations.error) dispatch({ type: 'failed', error: conversations.error })
  }, [conversations.error])
  useEffect(() => {
    if (contacts.data) dispatch({ type: 'contacts', contacts: contacts.data })
  }, [contacts.data])

  useEffect(() => {
    dispatch(activeId ? { type: 'activate', conversationId: activeId } : { type: 'reset' })
  }, [activeId])
  const known = !!(activeId && state.conversations.byId[activeId])

  /** Reading: on opening, and on each message that arrives while it is open. */
  const read = useCallback(
    (conversationId: string) => {
      dispatch({ type: 'read', conversationId })
      void chatApi.read(conversationId).then(
        () => queryClient.invalidateQueries({ queryKey: chatKeys.unread }),
        () => undefined,
      )
    },
    [queryClient],
  )

  // The active conversation's latest page of history, once it is in the list (again after a reconnection).
  const loaded = activeId ? state.conversations.byId[activeId]?.before !== undefined : false
  useEffect(() => {
    if (!activeId || !known || !connected) return
    let current = true
    void chatApi.history(activeId).then(
      (page) =>
        current && dispatch({ type: 'history', conversationId: activeId, messages: page.messages, before: page.before, older: false }),
      (error: unknown) => current && dispatch({ type: 'failed', error }),
    )
    read(activeId)
    return () => {
      current = false
    }
  }, [activeId, known, connected, read])

  const loadOlder = useCallback(async () => {
    const before = activeId ? state.conversations.byId[activeId]?.before : null
    if (!activeId || !before) return
    const page = await chatApi.history(activeId, before)
    dispatch({ type: 'history', conversationId: activeId, messages: page.messages, before: page.before, older: true })
  }, [activeId, state.conversations.byId])

  // The live part. A message of a conversation not yet in the list (someone started one) reads the list again.
  const activeRef = useRef(activeId)
  activeRef.current = activeId
  const byIdRef = useRef(state.conversations.byId)
  byIdRef.current = state.conversations.byId
  useEffect(() => {
    if (!socket || !connected) return
    const onMessage = ({ message }: ServerPayload<typeof ProductSocketEvents.chatMessage>) => {
      if (!byIdRef.current[message.conversationId]) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations })
        return
      }
      dispatch({ type: 'received', message, me })
      if (message.conversationId === activeRef.current && message.senderId !== me && document.visibilityState === 'visible') {
        read(message.conversationId)
      }
    }
    const onRead = (payload: ServerPayload<typeof ProductSocketEvents.chatRead>) => {
      dispatch({ type: 'readReceipt', ...payload })
      // Read in another tab of one's own.
      if (payload.userId === me) dispatch({ type: 'read', conversationId: payload.conversationId })
    }
    socket.on(ProductSocketEvents.chatMessage, onMessage)
    socket.on(ProductSocketEvents.chatRead, onRead)
    return () => {
      socket.off(ProductSocketEvents.chatMessage, onMessage)
      socket.off(ProductSocketEvents.chatRead, onRead)
    }
  }, [socket, connected, queryClient, me, read])

  const sent = useCallback((message: ChatMessage) => dispatch({ type: 'sent', message }), [])

  return { state, dispatch, loaded, loadOlder, sent, me }
}
