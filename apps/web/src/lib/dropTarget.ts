import type { CollisionDetection, Over } from '@dnd-kit/core'

/** What a droppable says about itself: a list (`list` alone), or an item of one (a drop lands before it). */
export type DropData = { list: string; item?: string }

/**
 * Collision detection for lists dragged by pointer: the list under the pointer, and in it the first item whose
 * middle is below the pointer (the drop lands before it) or, past the last item, the list itself (the drop
 * lands at its end). The dragged item does not count. Keyboard drags have no pointer: they find nothing here.
 */
export const dropTarget: CollisionDetection = ({ active, pointerCoordinates, droppableContainers, droppableRects }) => {
  if (!pointerCoordinates) return []
  const { x, y } = pointerCoordinates
  const targets = droppableContainers.flatMap((container) => {
    const rect = droppableRects.get(container.id)
    const data = container.data.current as DropData | undefined
    return rect && data ? [{ id: container.id, rect, data }] : []
  })
  const list = targets.find(({ rect, data }) => !data.item && x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom)
  if (!list) return []
  const before = targets
    .filter(({ id, data }) => data.item && id !== active.id && data.list === list.data.list)
    .map(({ id, rect }) => ({ id, middle: rect.top + rect.height / 2 }))
    .sort((a, b) => a.middle - b.middle)
    .find((item) => y < item.middle)
  return [{ id: before?.id ?? list.id }]
}

/**
 * Where an item dropped on `over` lands: its list and its index there, counted without the dragged item.
 * `itemsOf` gives a list's item ids in order; null when the drop is off every list.
 */
export function dropPlace(over: Over | null, dragged: string, itemsOf: (list: string) => string[] | undefined) {
  const data = over?.data.current as DropData | undefined
  const items = data && itemsOf(data.list)
  if (!data || !items) return null
  const others = items.filter((id) => id !== dragged)
  const index = data.item ? others.indexOf(data.item) : -1
  return { list: data.list, index: index === -1 ? others.length : index }
}

/**
 * Where a list drawn with the dragged item still in it shows the marker for a drop at `index` (counted without
 * the dragged item): just before the item the drop lands before, or at the end.
 */
export function markerPosition(items: string[], dragged: string, index: number) {
  const before = items.filter((id) => id !== dragged)[index]
  return before === undefined ? items.length : items.indexOf(before)
}
