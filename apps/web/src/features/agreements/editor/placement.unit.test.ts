import { describe, expect, it } from 'vitest'
import { MIN_SIZE, moveBy, onPage, placeAfterKey, placeFromRect, resizeBy } from './placement'

const near = (actual: Record<string, number>, expected: Record<string, number>) => {
  for (const [key, value] of Object.entries(expected)) expect(actual[key], key).toBeCloseTo(value, 6)
}

describe('a field placed on a page', () => {
  it('lands where it was dropped, in fractions of the page as drawn', () => {
    const page = { left: 100, top: 50, width: 600, height: 800 }
    near(placeFromRect({ left: 250, top: 250 }, page, { width: 0.3, height: 0.06 }), { x: 0.25, y: 0.25, width: 0.3, height: 0.06 })
  })

  it('dropped half off the page is pulled back onto it', () => {
    const page = { left: 0, top: 0, width: 500, height: 1000 }
    near(placeFromRect({ left: 450, top: -40 }, page, { width: 0.3, height: 0.06 }), { x: 0.7, y: 0, width: 0.3, height: 0.06 })
  })

  it('never grows past the page nor shrinks out of sight', () => {
    near(onPage({ x: 0.5, y: 0.5, width: 2, height: 0 }), { x: 0, y: 0.5, width: 1, height: MIN_SIZE })
  })
})

describe('moving and resizing', () => {
  const place = { x: 0.1, y: 0.2, width: 0.3, height: 0.05 }

  it('moves by the drag and stops at the edges', () => {
    near(moveBy(place, 0.1, 0.1), { x: 0.2, y: 0.3 })
    near(moveBy(place, -0.5, 2), { x: 0, y: 0.95 })
  })

  it('resizes from the bottom-right corner, keeping the top-left corner and the page edge', () => {
    near(resizeBy(place, 0.1, 0.05), { x: 0.1, y: 0.2, width: 0.4, height: 0.1 })
    near(resizeBy(place, 1, 1), { width: 0.9, height: 0.8 })
    near(resizeBy(place, -1, -1), { width: MIN_SIZE, height: MIN_SIZE })
  })

  it('steps a hundredth of the page with the arrows, and resizes with Shift', () => {
    near(placeAfterKey(place, 'ArrowRight', false) ?? {}, { x: 0.11, y: 0.2, width: 0.3 })
    near(placeAfterKey(place, 'ArrowUp', false) ?? {}, { x: 0.1, y: 0.19 })
    near(placeAfterKey(place, 'ArrowRight', true) ?? {}, { x: 0.1, width: 0.31 })
    near(placeAfterKey(place, 'ArrowDown', true) ?? {}, { y: 0.2, height: 0.06 })
    expect(placeAfterKey(place, 'Enter', false)).toBeNull()
  })
})
