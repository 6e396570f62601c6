import type { Locator, Page } from 'playwright-core'

type Point = { x: number; y: number }

/** The middle of the part of `locator` inside the viewport: a finger or a mouse can only reach what is shown. */
async function reachable(page: Page, locator: Locator): Promise<Point> {
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  if (!box || !viewport) throw new Error('nothing to reach: the element or the viewport has no size')
  const left = Math.max(box.x, 0)
  const right = Math.min(box.x + box.width, viewport.width)
  const top = Math.max(box.y, 0)
  const bottom = Math.min(box.y + box.height, viewport.height)
  if (left >= right || top >= bottom) throw new Error('the element is outside the viewport')
  return { x: (left + right) / 2, y: (top + bottom) / 2 }
}

/** Points from `from` to `to`, `steps` of them, the last one on `to`: a drag is seen moving, not teleporting. */
const path = (from: Point, to: Point, steps = 10) =>
  Array.from({ length: steps }, (_, step) => ({
    x: from.x + ((to.x - from.x) * (step + 1)) / steps,
    y: from.y + ((to.y - from.y) * (step + 1)) / steps,
  }))

type Drag = {
  /** What the page shows once the drag has started (e.g. the drop marker). */
  started: Locator
  /** What the page shows when the drop would land where the test wants it: the release waits for it. */
  ready: Locator
}

/** Drags `source` onto `target` with the mouse: press, move past the few pixels that start a drag, move, release. */
export async function dragWithMouse(page: Page, source: Locator, target: Locator, { started, ready }: Drag) {
  await source.scrollIntoViewIfNeeded()
  const from = await reachable(page, source)
  const to = await reachable(page, target)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(from.x, from.y + 12, { steps: 3 })
  await started.waitFor()
  await page.mouse.move(to.x, to.y, { steps: 10 })
  await ready.waitFor()
  await page.mouse.up()
}

/**
 * Drags `source` onto `target` with a finger, through Chromium's touch events (playwright has no touch drag):
 * the finger rests on the source until the drag starts, slides to the target and lifts.
 */
export async function dragWithTouch(page: Page, source: Locator, target: Locator, { started, ready }: Drag) {
  const cdp = await page.context().newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: Point) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [] })
  await source.scrollIntoViewIfNeeded()
  const from = await reachable(page, source)
  const to = await reachable(page, target)
  await touch('touchStart', from)
  await started.waitFor()
  for (const point of path(from, to)) await touch('touchMove', point)
  await ready.waitFor()
  await touch('touchEnd')
  await cdp.detach()
}
