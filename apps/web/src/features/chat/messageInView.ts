import { useEffect } from 'react'

/** How long an opened thread may take to load the message a search hit points at. */
const WAIT_MS = 10_000

/**
 * A search hit opens its thread at the message (`?message=<id>`): once the message is on screen (rendered
 * with id `message-<id>` by the thread), it is scrolled into view and marked (`data-found`), after the
 * thread's own scroll to its newest message.
 */
export function useMessageInView(messageId: string | null) {
  useEffect(() => {
    if (!messageId) return
    let frame = 0
    const show = () => {
      const element = document.getElementById(`message-${messageId}`)
      if (!element) return false
      // Two frames: the thread's scroll to its bottom (an effect of its own) comes first.
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          for (const marked of document.querySelectorAll('[data-found]')) marked.removeAttribute('data-found')
          element.setAttribute('data-found', 'true')
          element.scrollIntoView({ block: 'center' })
        })
      })
      return true
    }
    if (show()) return () => cancelAnimationFrame(frame)
    const observer = new MutationObserver(() => {
      if (show()) observer.disconnect()
    })
    observer.observe(document.body, { childList: true, subtree: true })
    const timer = setTimeout(() => observer.disconnect(), WAIT_MS)
    return () => {
      observer.disconnect()
      clearTimeout(timer)
      cancelAnimationFrame(frame)
    }
  }, [messageId])
}
