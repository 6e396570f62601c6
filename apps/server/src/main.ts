import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { seedDemo } from './modules/demo/module.ts'

const config = loadConfig()
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
// ioredis is imported only when there is a Redis to talk to: the default start has none.
const redis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl) : undefined
const app = await buildApp({ config, database, redis })

const demo = config.seedDemo ? await seedDemo(database.db, app.fileStore) : null
await app.listen({ port: config.port, host: config.host })

// A plain banner for the person who just typed `npm start`; the structured log says the same for machines.
const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'
const banner = [`Closeroom is running on ${config.appUrl} (${where}${redis ? ', Redis' : ''})`]
if (demo) banner.push(`Demo organization created. Sign in at ${config.appUrl}/login as ${demo.email} with the password ${demo.password}`)
app.log.info(banner.join(' — '))
process.stdout.write(`\n  ${banner.join('\n  ')}\n\n`)

// Starting leaves garbage a server at rest never collects, as no allocation asks for a major GC: the first
// start's initdb WebAssembly memory (hundreds of MB), migrations and the demo seed. `npm run serve` passes
// --expose-gc so one collection here returns it to the system; without the flag this is a no-op. The
// 'last-resort' flavour is the one that also reduces the heap's footprint: it gives back the young generation
// grown for the start's allocations and the emptied pages V8 keeps pooled (idle RSS ~207 MB instead of ~240,
// bench/README.md, memory); a busy server grows them again as it needs.
const collect = (globalThis as { gc?: (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void }).gc
collect?.({ type: 'major', execution: 'sync', flavor: 'last-resort' })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close()
    await database.close()
    redis?.disconnect()
    process.exit(0)
  })
}
