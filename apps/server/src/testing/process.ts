import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const mainPath = fileURLToPath(new URL('../main.ts', import.meta.url))

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export type ServerProcess = { url: string; child: ChildProcess; output: () => string; stop: () => Promise<void> }

/** Every server process started here and not yet exited, so a test that timed out mid-start leaves none behind. */
const live = new Set<ChildProcess>()

/** Stops every server process still running, including one whose start was still under way. */
export async function stopServerProcesses() {
  await Promise.all([...live].map((child) => stopChild(child)))
}

function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    // A process that was killed by a signal has no exit code, only its signal.
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    // A process still starting has no SIGTERM handler of its own yet, and one seen here did not end on it.
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** Runs `node apps/server/src/main.ts` as a user would, and resolves once it says it is listening. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const child = spawn(process.execPath, [mainPath], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', WEB_DIST: '/nonexistent', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  live.add(child)
  child.once('exit', () => live.delete(child))
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (output.includes('Closeroom is running')) {
        child.stdout?.off('data', onData)
        resolve()
      }
    }
    child.stdout?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stop: () => stopChild(child),
  }
}
