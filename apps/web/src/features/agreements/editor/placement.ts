import type { FieldType } from '@closeroom/shared'

/** A field's place on its page, in fractions of the page's width and height from its top-left corner. */
export type Place = { x: number; y: number; width: number; height: number }

/** A pixel rectangle on screen, as the browser and dnd-kit measure them. */
export type Rect = { left: number; top: number; width: number; height: number }

/** The smallest a field gets, so it stays visible and grabbable. */
export const MIN_SIZE = 0.02

/** What one arrow key press moves or resizes a field by: a hundredth of the page. */
export const KEY_STEP = 0.01

/** A new field's size: signatures wide enough to sign in, checkboxes square on an A4 or Letter page. */
const sizes: Record<FieldType, { width: number; height: number }> = {
  signature: { width: 0.3, height: 0.06 },
  initials: { width: 0.12, height: 0.05 },
  name: { width: 0.28, height: 0.035 },
  email: { width: 0.3, height: 0.035 },
  date: { width: 0.18, height: 0.035 },
  text: { width: 0.3, height: 0.035 },
  checkbox: { width: 0.03, height: 0.022 },
}

export function defaultSize(type: FieldType) {
  return sizes[type]
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/** The place kept whole on the page: no smaller than MIN_SIZE, no larger than the page, no edge past the page's. */
export function onPage({ x, y, width, height }: Place): Place {
  const w = clamp(width, MIN_SIZE, 1)
  const h = clamp(height, MIN_SIZE, 1)
  return { x: clamp(x, 0, 1 - w), y: clamp(y, 0, 1 - h), width: w, height: h }
}

/** The place moved by fractions of the page, stopping at its edges. */
export function moveBy(place: Place, dx: number, dy: number): Place {
  return onPage({ ...place, x: place.x + dx, y: place.y + dy })
}

/** The place grown or shrunk from its bottom-right corner, its top-left corner staying put. */
export function resizeBy(place: Place, dw: number, dh: number): Place {
  const width = clamp(place.width + dw, MIN_SIZE, 1 - place.x)
  const height = clamp(place.height + dh, MIN_SIZE, 1 - place.y)
  return { ...place, width, height }
}

/** Where a field of `size` dropped with its top-left corner at `rect` lands on a page drawn at `page`. */
export function placeFromRect(rect: Pick<Rect, 'left' | 'top'>, page: Rect, size: { width: number; height: number }): Place {
  return onPage({ x: (rect.left - page.left) / page.width, y: (rect.top - page.top) / page.height, ...size })
}

/** A pixel drag on a page drawn `page` wide and high, as fractions of it. */
export function fractionsOf(delta: { x: number; y: number }, page: { width: number; height: number }) {
  return { dx: delta.x / page.width, dy: delta.y / page.height }
}

/**
 * What an arrow key does to a selected field: moves it a step, or with Shift resizes it a step (right and down
 * grow it). Arrows mean the page's directions whatever the language: a PDF page is never mirrored.
 */
export function placeAfterKey(place: Place, key: string, shift: boolean): Place | null {
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key]
  if (!step) return null
  const [dx, dy] = step.map((s) => s * KEY_STEP) as [number, number]
  return shift ? resizeBy(place, dx, dy) : moveBy(place, dx, dy)
}
