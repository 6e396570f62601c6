import { type RefObject, useLayoutEffect, useRef } from 'react'

/**
 * Follows new messages to the bottom of a thread's log, and keeps the reader's place when earlier messages come in
 * above: `keepPlace` before asking for them notes the log's height, and once the first message changes the log
 * scrolls by what was added, so the message the reader was looking at stays where it was.
 */
export function useThreadScroll(log: RefObject<HTMLElement | null>, firstId: string | undefined, lastId: string | undefined) {
  const heightBefore = useRef<number | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the first or last message changes, which is what moves the view.
  useLayoutEffect(() => {
    const box = log.current
    if (!box) return
    if (heightBefore.current !== null && firstId !== undefined) {
      box.scrollTop += box.scrollHeight - heightBefore.current
      heightBefore.current = null
    } else box.scrollTop = box.scrollHeight
  }, [firstId, lastId])

  return {
    keepPlace: () => {
      heightBefore.current = log.current?.scrollHeight ?? null
    },
    /** Nothing came in (the request failed): the next change follows the bottom again. */
    release: () => {
      heightBefore.current = null
    },
  }
}
