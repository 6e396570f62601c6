import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startServerProcess } from '../apps/server/src/testing/process.ts'
import { type Result, result } from './report.ts'
import { SERVE_ENV, SERVE_NODE_OPTIONS } from './server.ts'

// Idle memory of the real server as a user starts it (`node apps/server/src/main.ts` on embedded PGlite
// in a fresh DATA_DIR, demo data seeded, with `npm run serve`'s V8 flags), read from /proc once it has listened and settled. Baseline: a bare
// Node process that imports nothing, in the same run. Linux only (/proc).

/** Settling time after the banner: jobs start, the first timers fire, V8 finishes its post-start GCs. */
const SETTLE_MS = 5_000

/** VmRSS and VmHWM (the peak) of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

async function bareNode() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  try {
    await sleep(1_000)
    if (child.pid === undefined) throw new Error('bare node did not start')
    return memoryOf(child.pid)
  } finally {
    child.kill('SIGTERM')
  }
}

async function server() {
  const dataDir = mkdtempSync(join(tmpdir(), 'closeroom-bench-memory-'))
  const running = await startServerProcess({ ...SERVE_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_OPTIONS: SERVE_NODE_OPTIONS })
  try {
    await sleep(SETTLE_MS)
    if (running.child.pid === undefined) throw new Error('server has no pid')
    return memoryOf(running.child.pid)
  } finally {
    await running.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function memoryBench(): Promise<Result[]> {
  const bare = await bareNode()
  const full = await server()
  return [
    result({ bench: 'memory', metric: 'RSS idle after start (PGlite, demo)', value: full.rss, unit: 'MB', baseline: bare.rss }),
    result({ bench: 'memory', metric: 'peak RSS during start (PGlite, demo)', value: full.peak, unit: 'MB', baseline: bare.peak }),
  ]
}
