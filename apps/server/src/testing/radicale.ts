import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './process.ts'

export type RadicaleUser = { username: string; password: string; calendars: { slug: string; name: string }[] }

export type Radicale = {
  /** The server's root, e.g. http://127.0.0.1:5232/ — what a user types as the server address. */
  url: string
  /** The address of one user's calendar collection, with its trailing slash, as discovery reports it. */
  calendarUrl: (username: string, slug: string) => string
  output: () => string
  stop: () => Promise<void>
}

/**
 * Starts Debian's radicale on a free port with a throwaway storage folder and htpasswd users, each with
 * the calendars given, and resolves once it answers. Throws when radicale is not installed: the CalDAV
 * tests must fail, not skip, on a machine without it (`apt-get install radicale`).
 */
export async function startRadicale(users: RadicaleUser[]): Promise<Radicale> {
  try {
    execFileSync('radicale', ['--version'], { stdio: 'pipe' })
  } catch (error) {
    throw new Error(`radicale is not installed or not on PATH (apt-get install radicale): ${(error as Error).message}`)
  }
  const dir = mkdtempSync(join(tmpdir(), 'closeroom-radicale-'))
  const storage = join(dir, 'collections')
  for (const user of users) {
    for (const calendar of user.calendars) {
      const folder = join(storage, 'collection-root', user.username, calendar.slug)
      mkdirSync(folder, { recursive: true })
      writeFileSync(join(folder, '.Radicale.props'), JSON.stringify({ tag: 'VCALENDAR', 'D:displayname': calendar.name }))
    }
  }
  writeFileSync(join(dir, 'users'), users.map((u) => `${u.username}:${u.password}`).join('\n'))
  const port = await freePort()
  writeFileSync(
    join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${storage}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = warning',
      'mask_passwords = True',
    ].join('\n'),
  )

  const child: ChildProcess = spawn('radicale', ['--config', join(dir, 'config')], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const url = `http://127.0.0.1:${port}/`

  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true })
        resolve()
      }
      if (child.exitCode !== null || child.signalCode !== null) return done()
      child.once('exit', done)
      child.kill('SIGTERM')
    })

  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`radicale exited with ${child.exitCode} before answering:\n${output}`)
    try {
      const res = await fetch(url, { method: 'OPTIONS', signal: AbortSignal.timeout(1000) })
      if (res.status < 500) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`radicale did not answer on ${url} within 20 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }

  return { url, calendarUrl: (username, slug) => `${url}${username}/${slug}/`, output: () => output, stop }
}
