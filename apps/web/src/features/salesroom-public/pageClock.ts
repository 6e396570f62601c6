/**
 * Time on each page of a document as the buyer reads it: the clock runs for the page in view while the tab is
 * visible, and `take()` hands over what was counted since the last report. Pure, with the time given, so the
 * viewer decides when (page change, tab hidden, tab closed, every few seconds) and tests need no waiting.
 */
export function createPageClock(now: () => number = () => performance.now()) {
  const counted = new Map<number, number>()
  let page: number | null = null
  let visible = true
  let since = now()

  /** Adds the running stretch to the page it ran for, and starts a new one. */
  function settle() {
    const at = now()
    if (page !== null && visible) counted.set(page, (counted.get(page) ?? 0) + Math.max(0, at - since))
    since = at
  }

  return {
    /** The page now in view (null: none, the document is closed or still loading). */
    show(next: number | null) {
      if (next === page) return
      settle()
      page = next
    },
    /** The tab was hidden or shown again: a hidden tab's time is nobody's reading. */
    visibility(isVisible: boolean) {
      if (isVisible === visible) return
      settle()
      visible = isVisible
    },
    /** What was counted since the last take, in whole milliseconds per page; empty when nothing was. */
    take(): { page: number; ms: number }[] {
      settle()
      const pages = [...counted]
        .map(([number, ms]) => ({ page: number, ms: Math.round(ms) }))
        .filter((p) => p.ms > 0)
        .sort((a, b) => a.page - b.page)
      counted.clear()
      return pages
    },
  }
}

export type PageClock = ReturnType<typeof createPageClock>
