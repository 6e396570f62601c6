import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { startServerProcess } from '../apps/server/src/testing/process.ts'
import { CHROMIUM_ARGS } from '../e2e/harness.ts'

// A diagnostic, not a benchmark: `node bench/trace-public.ts /p/demo …` opens each public page of the demo in
// Chromium with its CPU slowed 4× (as Lighthouse's mobile preset) and prints the main thread's tasks over 30 ms
// with what they spent their time on, to find what Lighthouse's Total Blocking Time is made of. Needs a build.

const pages = process.argv.slice(2)
const webDist = process.env.E2E_WEB_DIST ?? new URL('../apps/web/dist', import.meta.url).pathname
const dataDir = mkdtempSync(join(tmpdir(), 'closeroom-trace-'))
const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: webDist })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
type Event = { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { data?: Record<string, unknown> } }
try {
  for (const path of pages) {
    await fetch(server.url + path, { headers: { accept: 'text/html' } })
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const events: Event[] = []
    cdp.on('Tracing.dataCollected', (data) => {
      events.push(...(data.value as unknown as Event[]))
    })
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,blink.user_timing,loading',
      transferMode: 'ReportEvents',
    })
    if (process.env.TRACE_PROFILE) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    await page.goto(server.url + path, { waitUntil: 'networkidle' })
    await page.waitForTimeout(3000)
    if (process.env.TRACE_PROFILE) {
      type Node = {
        id: number
        callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
        children?: number[]
      }
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] } }
      const byId = new Map(profile.nodes.map((n) => [n.id, n]))
      const parent = new Map<number, number>()
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
      const self = new Map<string, number>()
      const total = new Map<string, number>()
      profile.samples.forEach((id, i) => {
        const dt = profile.timeDeltas[i] ?? 0
        const frame = (n: Node) =>
          `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`
        const node = byId.get(id)
        if (!node) return
        self.set(frame(node), (self.get(frame(node)) ?? 0) + dt)
        const seen = new Set<string>()
        for (let at: Node | undefined = node; at; at = byId.get(parent.get(at.id) ?? -1)) {
          const key = frame(at)
          if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + dt)
          seen.add(key)
        }
      })
      const top = (m: Map<string, number>) =>
        [...m.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 25)
          .map(([k, v]) => `    ${Math.round(v / 1000)} ms ${k}`)
          .join('\n')
      console.log(`${path} self time:\n${top(self)}\n${path} total time:\n${top(total)}`)
    }
    await cdp.send('Tracing.end')
    await done
    // The renderer's main thread that ran the most (about:blank's may be another).
    const mains = events.filter((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain')
    const busy = (m: Event) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X').length
    const main = mains.sort((a, b) => busy(b) - busy(a))[0]
    const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
    const start = events.find((e) => e.name === 'navigationStart' && main && e.pid === main.pid)?.ts ?? onMain[0]?.ts ?? 0
    const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 30_000)
    let blocking = 0
    console.log(`\n${path}: ${tasks.length} tasks over 30 ms (4× slower CPU)`)
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0)
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
      const byName = new Map<string, number>()
      for (const e of inside) {
        const url = (e.args?.data?.url as string | undefined)?.split('/').pop()
        const fn = e.args?.data?.functionName as string | undefined
        const key = e.name + (url ? ` ${url}` : '') + (fn ? ` ${fn}` : '')
        if (
          [
            'FunctionCall',
            'EvaluateScript',
            'v8.evaluateModule',
            'UpdateLayoutTree',
            'Layout',
            'ParseHTML',
            'TimerFire',
            'FireAnimationFrame',
            'RunMicrotasks',
            'v8.compile',
            'v8.compileModule',
            'MajorGC',
            'MinorGC',
            'Paint',
            'PrePaint',
            'HitTest',
            'ParseAuthorStyleSheet',
            'XHRReadyStateChange',
            'EventDispatch',
          ].includes(e.name)
        )
          byName.set(key, (byName.get(key) ?? 0) + (e.dur ?? 0))
      }
      const top = [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5)
      blocking += Math.max(0, (task.dur ?? 0) / 1000 - 50)
      console.log(
        `  at ${Math.round((task.ts - start) / 1000)} ms, ${Math.round((task.dur ?? 0) / 1000)} ms: ${top.map(([k, v]) => `${k} ${Math.round(v / 1000)}`).join('; ')}`,
      )
    }
    console.log(`  blocking over 50 ms, summed: ${Math.round(blocking)} ms`)
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
