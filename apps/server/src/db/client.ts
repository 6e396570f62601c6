import { spawn } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { type ConstructorOptions, fromPglite } from 'pg-boss'
import * as schema from './schema/index.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** The handle a transaction's callback gets: a write that must commit with others takes this. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** How pg-boss reaches the same database: its own pool on PostgreSQL, the one PGlite connection otherwise. */
  jobs: ConstructorOptions
  /** Cheap round trip used by the health check. */
  ping(): Promise<void>
  close(): Promise<void>
}

// btree_gist lets the bookings' exclusion constraint compare a host id (=) beside a time range (&&);
// pg_trgm indexes the deal search (name or company containing the words typed).
const pgliteExtensions = { btree_gist, pg_trgm }

/**
 * PGlite's memory is one WebAssembly memory that only grows. PostgreSQL's default shared_buffers (128 MB)
 * is allocated in it at start and mostly touched, which was most of the server's idle RSS; the files sit
 * in the operating system's page cache anyway, so a smaller buffer pool costs little.
 */
const pgliteMemory = {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=16MB`],
}

/**
 * V8 compiles PGlite's WebAssembly with its baseline compiler, then optimizes the functions that get hot (the
 * parser, the executor: very large functions) with TurboFan on background threads, by default as many as it
 * likes. Each thread's compilation zones come from its own glibc arena, which keeps the memory once freed: with
 * one thread the idle server holds 50-80 MB less (bench/README.md, memory), and the optimized code is the same,
 * so queries run as fast once warm (unlike --liftoff-only, which never optimizes). Set before any module is
 * compiled; a V8 flag Node refuses in NODE_OPTIONS, so it is set here for every process that opens PGlite.
 */
setFlagsFromString('--wasm-num-compilation-tasks=1')

const migrationsFolder = new URL('./migrations', import.meta.url).pathname
const createScript = new URL('./create.ts', import.meta.url).pathname

/**
 * Opens PostgreSQL when a URL is given, otherwise embedded PGlite: persisted under dataDir, or in memory
 * when dataDir is 'memory://' (tests). Same schema, same migrations, same queries either way.
 */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<Database> {
  if (options.url) {
    // No JIT compilation: the dashboards' statements run for tens of milliseconds, and their estimated cost (tiny
    // tables such as pipeline_stages are below autovacuum's analyze threshold, so the planner guesses hundreds of
    // rows) crosses jit_above_cost, so PostgreSQL spent 50-100 ms compiling each before running it for 30.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: '-c jit=off' })
    // An idle connection dropped by the server (restart, failover) must not take the process down;
    // the pool replaces it on the next query.
    pool.on('error', () => undefined)
    const db = drizzlePg(pool, { schema }) as unknown as Db
    await migratePg(drizzlePg(pool), { migrationsFolder })
    return {
      db,
      kind: 'postgres',
      jobs: { connectionString: options.url, max: 4 },
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    }
  }
  const dataDir = options.dataDir ?? 'memory://'
  if (dataDir.startsWith('memory://')) return openPglite(dataDir)
  const directory = join(dataDir, 'pglite')
  if (!existsSync(join(directory, 'PG_VERSION'))) await createInChildProcess(directory)
  return openPglite(directory)
}

/**
 * A first start creates the database (PostgreSQL's initdb, run in a WebAssembly module and memory of its own)
 * and runs every migration: hundreds of MB of native memory that glibc keeps in the process once freed. Done in
 * a short-lived process (db/create.ts), it is all given back when that process ends, and this one opens the
 * database as any later start does.
 */
async function createInChildProcess(directory: string) {
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    // The server's own flags, but not a watcher (the child would wait for file changes instead of exiting) or
    // a debugger (its port is the server's).
    const flags = process.execArgv.filter((flag) => !/^--(watch|inspect)/.test(flag))
    const child = spawn(process.execPath, [...flags, createScript, directory], { stdio: ['ignore', 'ignore', 'pipe'] })
    let output = ''
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('error', reject)
    child.once('exit', (exitCode) => resolve({ code: exitCode, output }))
  })
  if (code !== 0) throw new Error(`creating the database in ${directory} failed (exit ${code}):\n${output}`)
}

/** A migrated in-memory PGlite database as a dump to start others from (`openPglite`'s template; the tests'). */
export async function pgliteTemplate(): Promise<Blob> {
  const client = new PGlite({ extensions: pgliteExtensions, ...pgliteMemory })
  await migratePglite(drizzlePglite(client), { migrationsFolder })
  const dump = await client.dumpDataDir('none')
  await client.close()
  return dump
}

/**
 * Embedded PGlite at a directory (created if need be) or in memory ('memory://'), migrated. `template` is a
 * dump of a database to start an in-memory one from (PGlite's `dumpDataDir`): what migrations it lacks still run.
 */
export async function openPglite(location: string, template?: Blob): Promise<Database> {
  const pgliteOptions = { extensions: pgliteExtensions, ...pgliteMemory, ...(template && { loadDataDir: template }) }
  let client: PGlite
  if (location.startsWith('memory://')) client = new PGlite(pgliteOptions)
  else {
    mkdirSync(location, { recursive: true })
    client = new PGlite(location, pgliteOptions)
  }
  await client.waitReady
  const db = drizzlePglite(client, { schema }) as unknown as Db
  await migratePglite(drizzlePglite(client), { migrationsFolder })
  return {
    db,
    kind: 'pglite',
    jobs: { db: fromPglite(client), backend: 'pglite' },
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  }
}
