import type { Locator, Page } from 'playwright-core'

type Point = { x: number; y: number }

/**
 * A point of the part of `locator` inside the viewport (a finger or a mouse only reaches what is shown): in
 * the middle across, at `at` of its height (0 its top, 1 its bottom).
 */
async function reachable(page: Page, locator: Locator, at = 0.5): Promise<Point> {
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  if (!box || !viewport) throw new Error('nothing to reach: the element or the viewport has no size')
  const left = Math.max(box.x, 0)
  const right = Math.min(box.x + box.width, viewport.width)
  const top = Math.max(box.y, 0)
  const bottom = Math.min(box.y + box.height, viewport.height)
  if (left >= right || top >= bottom) throw new Error('the element is outside the viewport')
  return { x: (left + right) / 2, y: top + (bottom - top) * at }
}

/** Points from `from` to `to`, `steps` of them, the last one on `to`: a drag is seen moving, not teleporting. */
const path = (from: Point, to: Point, steps = 10) =>
  Array.from({ length: steps }, (_, step) => ({
    x: from.x + ((to.x - from.x) * (step + 1)) / steps,
    y: from.y + ((to.y - from.y) * (step + 1)) / steps,
  }))

type Drag = {
  /** What the page shows when the drop would land where the test wants it: the release waits for it. */
  ready: Locator
  /** Where on the target the drop happens, as a share of its height: its middle unless said. */
  at?: number
}

/** A pointing device: a mouse or a finger, and how it starts a drag. */
type Pointer = { start(at: Point): Promise<void>; move(to: Point): Promise<void>; release(): Promise<void> }

/**
 * Drags `source` onto `target`: start as the pointer does, wait for the ghost that follows it (the drag has
 * started), slide to the target and release once the page shows the drop would land there. While the page
 * scrolls under the drag (near the window's edges it does), the aim is corrected as a person would, towards
 * where the target now is.
 */
async function drag(page: Page, pointer: Pointer, source: Locator, target: Locator, { ready, at }: Drag) {
  await source.scrollIntoViewIfNeeded()
  const from = await reachable(page, source)
  await pointer.start(from)
  await page.getByTestId('drag-ghost').waitFor()
  let aim = from
  // Where the drop lands is the page's reckoning (the ghost's place, the rows as they are while one is lifted), not
  // exactly the pointer's: when it is not there after a moment, the aim moves a little up and down around the
  // spot, wider each time, as a hand does, and comes back to the spot last. Each aim is given time to show its
  // drop (a loaded machine renders late): checking at once would move on from a right aim before it painted.
  const nudges = [0, -4, 4, -8, 8, -12, 12, 0]
  for (const nudge of nudges) {
    const spot = await reachable(page, target, at)
    const to = { x: spot.x, y: spot.y + nudge }
    for (const point of path(aim, to)) await pointer.move(point)
    aim = to
    const shown = await ready.waitFor({ timeout: 2_500 }).then(
      () => true,
      () => false,
    )
    if (shown) break
  }
  await ready.waitFor()
  await pointer.release()
}

/** Drags `source` onto `target` with the mouse. */
export async function dragWithMouse(page: Page, source: Locator, target: Locator, options: Drag) {
  const mouse: Pointer = {
    // Pressed, then moved past the few pixels after which a press is a drag and not a click.
    start: async ({ x, y }) => {
      await page.mouse.move(x, y)
      await page.mouse.down()
      await page.mouse.move(x, y + 12, { steps: 3 })
    },
    move: ({ x, y }) => page.mouse.move(x, y),
    release: () => page.mouse.up(),
  }
  await drag(page, mouse, source, target, options)
}

/**
 * Drags `source` onto `target` with a finger, through Chromium's touch events (playwright has no touch drag):
 * the finger rests on the source until the drag starts, slides and lifts.
 */
export async function dragWithTouch(page: Page, source: Locator, target: Locator, options: Drag) {
  const cdp = await page.context().newCDPSession(page)
  const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: Point) => {
    await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [] })
  }
  const finger: Pointer = {
    // Resting on the spot: a finger that moves before the drag starts scrolls instead.
    start: (at) => touch('touchStart', at),
    move: (to) => touch('touchMove', to),
    release: () => touch('touchEnd'),
  }
  await drag(page, finger, source, target, options)
  await cdp.detach()
}
