import { appendFileSync } from 'node:fs'
import autocannon from 'autocannon'

// What every benchmark shares: one load shape, and one way to report a number next to the baseline
// measured in the same run (absolute numbers mean little on a shared 2-core machine; ratios travel).

/** One measurement, as printed and as appended to bench/results.jsonl. */
export type Result = { bench: string; metric: string; value: number; unit: string; baseline: number; ratio: number }

/** The same load for every measurement: 10 connections for 5 s after a 1 s warm-up. */
export const LOAD = { connections: 10, warmUpSeconds: 1, seconds: 5 } as const

const resultsFile = new URL('./results.jsonl', import.meta.url)

async function fire(url: string, headers: Record<string, string>, seconds: number) {
  // One worker thread makes the load, so the server under test keeps this process's main thread.
  const result = await autocannon({ url, headers, connections: LOAD.connections, duration: seconds, workers: 1 })
  const failures = result.non2xx + result.errors + result.timeouts
  if (failures > 0) {
    throw new Error(`${url}: ${failures} of ${result.requests.sent} requests failed (${result.non2xx} non-2xx, ${result.errors} errors)`)
  }
  return result
}

/** Mean requests per second that url sustains under LOAD; a run with any non-2xx answer or error throws. */
export async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  await fire(url, headers, LOAD.warmUpSeconds)
  return (await fire(url, headers, LOAD.seconds)).requests.average
}

export function result(fields: Omit<Result, 'ratio'>): Result {
  return { ...fields, ratio: Number((fields.value / fields.baseline).toFixed(4)) }
}

/** Prints the results as a table and appends each one as a JSON line to bench/results.jsonl. */
export function report(results: Result[]) {
  const rows = results.map((r) => [
    r.bench,
    r.metric,
    `${Math.round(r.value)} ${r.unit}`,
    `${Math.round(r.baseline)} ${r.unit}`,
    `${r.ratio.toFixed(3)}`,
  ])
  const header = ['bench', 'metric', 'value', 'baseline', 'ratio']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)))
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ')
  console.log(['', line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ''].join('\n'))
  appendFileSync(resultsFile, results.map((r) => `${JSON.stringify(r)}\n`).join(''))
}
