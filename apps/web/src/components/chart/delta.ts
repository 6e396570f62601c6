/** How a figure moved from the previous period to this one. */
export type Delta = {
  current: number
  previous: number
  change: number
  /** The change as a share of the previous figure; null when there was nothing before (no percentage of zero). */
  ratio: number | null
  direction: 'up' | 'down' | 'flat'
  /** Whether the move is good news: up for revenue, down for a sales cycle's length. */
  tone: 'good' | 'bad' | 'neutral'
}

export function delta(current: number, previous: number, { lowerIsBetter = false } = {}): Delta {
  const change = current - previous
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'flat'
  const ratio = previous === 0 ? null : change / Math.abs(previous)
  const tone = direction === 'flat' ? 'neutral' : (direction === 'up') !== lowerIsBetter ? 'good' : 'bad'
  return { current, previous, change, ratio, direction, tone }
}
