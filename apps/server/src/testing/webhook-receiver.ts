import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Received = { path: string; headers: IncomingHttpHeaders; body: string }
type Answer = (res: ServerResponse, count: number) => void

/**
 * A real HTTP server on 127.0.0.1 that webhook deliveries are sent to. Each path answers as the test says
 * (200 unless told otherwise); every request is kept, and `next` waits for the next one to a path.
 */
export async function startWebhookReceiver() {
  const received: Received[] = []
  const answers = new Map<string, Answer>()
  const waiters: { path: string; fits: (r: Received) => boolean; done: (r: Received) => void }[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url ?? '/'
      const entry = { path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      received.push(entry)
      const answer = answers.get(path)
      if (answer) answer(res, received.filter((r) => r.path === path).length)
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      for (const waiter of [...waiters]) {
        if (waiter.path === path && waiter.fits(entry)) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.done(entry)
        }
      }
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    base,
    received,
    /** Sets how a path answers; `count` is how many requests it has had, this one included. */
    answer: (path: string, answer: Answer) => answers.set(path, answer),
    /** The next request to `path` for which `fits` is true (one received already counts). */
    next(path: string, fits: (r: Received) => boolean = () => true): Promise<Received> {
      const already = received.find((r) => r.path === path && fits(r))
      if (already) return Promise.resolve(already)
      return new Promise((done) => waiters.push({ path, fits, done }))
    },
    of: (path: string) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
