import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agreement, PublicSigning } from '@closeroom/shared'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agreementEvents, files } from '../../db/schema/index.ts'
import { sentAgreement, tokenOf } from '../../testing/agreements.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildOwner, request } from '../../testing/factories.ts'
import { type ServerProcess, startServerProcess } from '../../testing/process.ts'
import { samplePdf } from './pdf/testing.ts'

// On PostgreSQL (npm run test:postgres) the two signatures below run in two transactions at once: without the
// lock on the agreement's row each would see the other's signature missing and neither would complete it.

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const signer = (name: string, email: string) => ({ name, email, role: 'signer' as const })

describe('the last two signers at the same moment', () => {
  it('complete the agreement exactly once, and it is sealed once', async () => {
    const owner = await buildOwner(app)
    for (let round = 0; round < 6; round++) {
      const sent = await sentAgreement(app, owner, [signer('Bea', 'bea@example.com'), signer('Carl', 'carl@example.com')])
      const tokens = sent.recipients.map((r) => tokenOf(r.signingUrl))
      const pages = await Promise.all(tokens.map((t) => app.inject({ method: 'GET', url: `/api/public/signing/${t}` })))
      const bodies = pages.map((page) => {
        const signature = (page.json().fields as { id: string; type: string }[]).find((f) => f.type === 'signature')
        return { values: { [signature?.id ?? '']: 'Signed' } }
      })
      const answers = await Promise.all(
        tokens.map((t, i) => app.inject({ method: 'POST', url: `/api/public/signing/${t}`, payload: bodies[i] })),
      )
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
      const after = (await request(app, owner, 'GET', `/api/agreements/${sent.id}`)).json()
      expect(after.status, `round ${round}`).toBe('completed')
      const [completions] = await app.database.db
        .select({ n: count() })
        .from(agreementEvents)
        .where(and(eq(agreementEvents.agreementId, sent.id), eq(agreementEvents.kind, 'completed')))
      expect(completions?.n).toBe(1)
      // However many seal runs there are (the queued job and these two), one sealed file stays.
      await Promise.all([app.agreements.sealing.seal(sent.id), app.agreements.sealing.seal(sent.id)])
      const sealed = (await request(app, owner, 'GET', `/api/agreements/${sent.id}`)).json()
      expect(sealed.sealedSha256).toMatch(/^[0-9a-f]{64}$/)
      const [copies] = await app.database.db.select({ n: count() }).from(files).where(eq(files.sha256, sealed.sealedSha256))
      expect(copies?.n).toBe(1)
    }
  })
})

describe('a server killed while sealing', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'closeroom-seal-'))
  const running: ServerProcess[] = []
  // A server on PGlite closes its database before it exits, which takes a while on a loaded machine.
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()))
    rmSync(dataDir, { recursive: true, force: true })
  }, 180_000)

  // Two server starts and a certificate made at the first seal: more than a request's time.
  it('seals the agreement once it is started again', { timeout: 180_000 }, async () => {
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info' }
    const first = await startServerProcess(env)
    running.push(first)
    const call = async (path: string, init: { method?: string; body?: FormData; json?: object; cookie?: string } = {}) => {
      const res = await fetch(`${first.url}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          origin: first.url,
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(init.json ? { 'content-type': 'application/json' } : {}),
        },
        body: init.json ? JSON.stringify(init.json) : init.body,
      })
      return { status: res.status, headers: res.headers, body: await res.json() }
    }
    const registered = await call('/api/register', {
      method: 'POST',
      json: { email: 'olivia@example.com', password: 'correct horse battery', name: 'Olivia' },
    })
    expect(registered.status).toBe(201)
    const cookie = registered.headers.get('set-cookie')?.split(';')[0] ?? ''
    const upload = new FormData()
    upload.append('title', 'MSA')
    upload.append('file', new Blob([new Uint8Array(await samplePdf(1))], { type: 'application/pdf' }), 'msa.pdf')
    const draft = await call('/api/agreements', { method: 'POST', body: upload, cookie })
    expect(draft.status).toBe(201)
    const id = Agreement.parse(draft.body).id
    await call(`/api/agreements/${id}`, {
      method: 'PATCH',
      cookie,
      json: {
        recipients: [signer('Bea', 'bea@example.com')],
        fields: [{ recipient: 'bea@example.com', type: 'signature', page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.1, required: true }],
      },
    })
    const sent = await call(`/api/agreements/${id}/send`, { method: 'POST', cookie })
    const token = tokenOf(Agreement.parse(sent.body).recipients[0]?.signingUrl ?? null)
    const page = await call(`/api/public/signing/${token}`)
    const signed = await call(`/api/public/signing/${token}`, {
      method: 'POST',
      json: { values: { [PublicSigning.parse(page.body).fields[0]?.id ?? '']: 'Bea' } },
    })
    expect(signed.status).toBe(200)

    // Killed as the seal starts (making the certificate and drawing take a while): nothing sealed yet.
    await expect.poll(() => first.output().includes('sealing agreement'), { timeout: 20_000 }).toBe(true)
    first.child.kill('SIGKILL')
    await first.stop()

    const second = await startServerProcess(env)
    running.push(second)
    const again = async () => {
      const res = await fetch(`${second.url}/api/agreements/${id}`, { headers: { cookie } })
      return ((await res.json()) as { sealedSha256: string | null }).sealedSha256
    }
    await expect.poll(again, { timeout: 120_000 }).toMatch(/^[0-9a-f]{64}$/)
    const download = await fetch(`${second.url}/api/agreements/${id}/document`, { headers: { cookie } })
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
  })
})
