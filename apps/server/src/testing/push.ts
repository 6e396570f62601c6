import { execFileSync } from 'node:child_process'
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { importJWK, jwtVerify } from 'jose'

export type PushMessage = { endpoint: string; payload: unknown; ttl: string | undefined; audience: unknown }

/**
 * A push service of our own, since no public one is reachable: HTTPS on 127.0.0.1 with a certificate made
 * for the run, that checks each message's VAPID signature (RFC 8292) and decrypts its payload as a browser
 * would (RFC 8291 over RFC 8188 aes128gcm), written here from the RFCs rather than with web-push's library.
 */
export async function startPushService() {
  const dir = mkdtempSync(join(tmpdir(), 'closeroom-push-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  const cert = readFileSync(join(dir, 'cert.pem'))
  const key = readFileSync(join(dir, 'key.pem'))
  rmSync(dir, { recursive: true, force: true })

  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>()
  const waiting: ((message: PushMessage) => void)[] = []
  const received: PushMessage[] = []
  /** What the service answers: 201 as a real one does, or 410 for a subscription the browser dropped. */
  const gone = new Set<string>()

  const server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const path = req.url ?? ''
      const browser = browsers.get(path)
      if (!browser || gone.has(path)) {
        res.writeHead(410).end()
        return
      }
      try {
        const audience = await checkVapid(String(req.headers.authorization ?? ''))
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`)
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), browser).toString('utf8'))
        const message = { endpoint: path, payload, ttl: req.headers.ttl as string | undefined, audience }
        res.writeHead(201).end()
        const next = waiting.shift()
        if (next) next(message)
        else received.push(message)
      } catch (error) {
        res.writeHead(400).end(String(error))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    /** The agent the app's push sender needs to trust this service's certificate. */
    agent: new Agent({ ca: cert }),
    /** A browser's subscription, as PushSubscription.toJSON() gives it, with keys made for it. */
    subscribe() {
      const path = `/push/${randomBytes(8).toString('hex')}`
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      browsers.set(path, { ecdh, auth })
      return {
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      }
    },
    /** From now on the service says this subscription is gone (410), as after the user revoked it. */
    revoke(endpoint: string) {
      gone.add(new URL(endpoint).pathname)
    },
    /** The next message the service accepts, decrypted. */
    next(): Promise<PushMessage> {
      const ready = received.shift()
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve))
    },
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** `vapid t=<JWT>, k=<key>`: the JWT must be signed with that key (ES256) for this origin, and unexpired. */
async function checkVapid(header: string) {
  const match = header.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/)
  if (!match?.[1] || !match[2]) throw new Error(`no VAPID authorization: ${header}`)
  const raw = Buffer.from(match[2], 'base64url')
  const publicKey = await importJWK(
    { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    'ES256',
  )
  const { payload } = await jwtVerify(match[1], publicKey, { algorithms: ['ES256'] })
  if (typeof payload.sub !== 'string') throw new Error('VAPID claims have no sub')
  return payload.aud
}

/** RFC 8291 §3.4 key derivation, then the single aes128gcm record of RFC 8188 §2. */
function decrypt(body: Buffer, { ecdh, auth }: { ecdh: ECDH; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const senderKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)

  const shared = ecdh.computeSecret(senderKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey])
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The last record ends with a 0x02 delimiter and any zero padding after it.
  const end = padded.lastIndexOf(2)
  if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0)) throw new Error('bad padding')
  return padded.subarray(0, end)
}
