import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

// Evaluated through the browser's debugging protocol: the app's CSP rightly refuses an injected <script>.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }
type Axe = { run(context: unknown, options: object): Promise<{ violations: Violation[] }> }

/**
 * The serious and critical problems axe-core finds on the page as a user sees it once it has settled, as one
 * line each (rule, impact, help, where). `include` limits the check to one part of the page.
 *
 * Settled means every finite CSS transition and animation has ended: a button that has just been enabled
 * fades from grey to its colour over 250 ms, and a check inside that fade measures text on a half-drawn
 * background (the meeting lobby's "Join now" failed so on a machine fast enough to check within it).
 * Endless animations (spinners, skeletons) are left running; axe reads their resting styles.
 */
export async function violations(page: Page, include?: string): Promise<string[]> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const found = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: Axe }).axe
    const context = selector ? { include: [selector] } : document
    return (await axe.run(context, { resultTypes: ['violations'] })).violations
  }, include)
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)
}
