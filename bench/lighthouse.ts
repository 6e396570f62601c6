import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { startServerProcess } from '../apps/server/src/testing/process.ts'
import { CHROMIUM_ARGS } from '../e2e/harness.ts'
import { type Result, result } from './report.ts'

// Lighthouse 13's default configuration (the mobile preset: a Moto G Power's screen, 4× CPU slowdown and slow
// 4G simulated from the trace) over the demo's public pages, on the real server as a user starts it (built web
// app, embedded PGlite, demo seeded). Simulated throttling computes the metrics from the page's dependency
// graph, so the machine's load moves them much less than it moves wall-clock timings.

/** The demo's public pages (modules/demo/seed.ts), the two of issue 17's table first; LIGHTHOUSE_PAGES=/u/demo,… for some. */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? ['/u/demo', '/d/demo', '/p/demo', '/l/demo', '/f/demo', '/m/demo']

/** Runs per page (LIGHTHOUSE_RUNS); each metric reported is the median run's. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)

/** LIGHTHOUSE_JSON_DIR=dir keeps each run's whole report (its long-tasks, bootup-time and main-thread audits) there. */
const JSON_DIR = process.env.LIGHTHOUSE_JSON_DIR
let reports = 0

type Metrics = { score: number; lcp: number; fcp: number; tbt: number; cls: number }

async function audit(url: string, port: number, tries = 3): Promise<Metrics> {
  const runner = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
  const lhr = runner?.lhr
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`)
  // On a loaded machine Chromium's trace now and then misses the navigation's start: Lighthouse asks to run again.
  if (lhr.runtimeError?.code === 'NO_NAVSTART' && tries > 1) return audit(url, port, tries - 1)
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`)
  if (JSON_DIR) {
    mkdirSync(JSON_DIR, { recursive: true })
    const name = new URL(url).pathname.replaceAll('/', '_') || '_'
    writeFileSync(join(JSON_DIR, `${String(++reports).padStart(2, '0')}${name}.json`), JSON.stringify(lhr))
  }
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue
    if (value === undefined) throw new Error(`${url}: no ${id} in Lighthouse's report`)
    return value
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: numeric('largest-contentful-paint'),
    fcp: numeric('first-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

async function medianAudit(url: string, port: number): Promise<Metrics> {
  const runs: Metrics[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await audit(url, port))
  return {
    score: median(runs.map((r) => r.score)),
    lcp: median(runs.map((r) => r.lcp)),
    fcp: median(runs.map((r) => r.fcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
  }
}

/**
 * The baseline: the least a page can be, a heading in plain HTML from a bare Node server, audited by the same
 * Lighthouse in the same Chromium in the same run.
 */
async function bareAudit(port: number): Promise<Metrics> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Olivia</title></head><body><h1>Olivia Martin</h1></body></html>'
  const bare = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html))
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  try {
    const address = bare.address()
    if (!address || typeof address === 'string') throw new Error('the bare server has no port')
    return await medianAudit(`http://127.0.0.1:${address.port}/`, port)
  } finally {
    bare.close()
  }
}

export async function lighthouseBench(): Promise<Result[]> {
  const webDist = process.env.E2E_WEB_DIST ?? new URL('../apps/web/dist', import.meta.url).pathname
  if (!existsSync(join(webDist, 'index.html')))
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: new URL('..', import.meta.url) })
  const dataDir = mkdtempSync(join(tmpdir(), 'closeroom-bench-lighthouse-'))
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: webDist })
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  })
  try {
    const bare = await bareAudit(chrome.port)
    const results: Result[] = []
    for (const path of PAGES) {
      // One visit first so the server's first-request work (compiling, caches) is not in the measured runs.
      await fetch(server.url + path, { headers: { accept: 'text/html' } })
      const page = await medianAudit(server.url + path, chrome.port)
      console.log(
        `${path}: score ${page.score}, LCP ${Math.round(page.lcp)} ms, FCP ${Math.round(page.fcp)} ms, TBT ${Math.round(page.tbt)} ms, CLS ${page.cls.toFixed(3)}`,
      )
      const row = (metric: string, value: number, baseline: number, unit: string) =>
        result({ bench: 'lighthouse', metric: `${path} ${metric}`, value, unit, baseline })
      results.push(
        row('performance score', page.score, bare.score, 'points'),
        row('LCP', page.lcp, bare.lcp, 'ms'),
        row('FCP', page.fcp, bare.fcp, 'ms'),
        row('TBT', page.tbt, Math.max(bare.tbt, 1), 'ms'),
        // CLS is a fraction: reported in thousandths so the table's whole numbers show it.
        row('CLS', page.cls * 1000, Math.max(bare.cls * 1000, 1), 'thousandths'),
      )
    }
    return results
  } finally {
    chrome.kill()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
