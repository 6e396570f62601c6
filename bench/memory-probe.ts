import { getHeapStatistics } from 'node:v8'

// Preloaded into the server under test by the benchmarks only (`node --expose-gc --import bench/memory-probe.ts`),
// so a production server never has it: on SIGUSR2 it runs full collections and prints one line the benchmark
// reads, `memory-probe {json}`. The garbage of the last requests would otherwise hide or fake a leak.

export const PROBE_PREFIX = 'memory-probe '

/** What the probe prints, in MB. */
export type ProbeReading = {
  rss: number
  heapUsed: number
  heapTotal: number
  external: number
  arrayBuffers: number
  mallocedMemory: number
}

const gc = (globalThis as { gc?: () => void }).gc
if (gc) {
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
  process.on('SIGUSR2', () => {
    // Two passes: the first can leave objects that only the second finds unreachable (weak references, finalizers).
    gc()
    gc()
    const usage = process.memoryUsage()
    const reading: ProbeReading = {
      rss: mb(usage.rss),
      heapUsed: mb(usage.heapUsed),
      heapTotal: mb(usage.heapTotal),
      external: mb(usage.external),
      arrayBuffers: mb(usage.arrayBuffers),
      mallocedMemory: mb(getHeapStatistics().malloced_memory),
    }
    process.stdout.write(`\n${PROBE_PREFIX}${JSON.stringify(reading)}\n`)
  })
}
