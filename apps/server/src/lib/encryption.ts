import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

const VERSION = 'v1'

/**
 * AES-256-GCM for secrets the server must read back (CalDAV passwords). The key is derived from a server
 * secret kept in the database; each value gets its own random IV, and the tag makes tampering an error
 * instead of garbage. Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function createEncryption(secret: string) {
  if (!secret) throw new Error('an encryption secret is required')
  const key = createHash('sha256').update(`closeroom-encryption:${secret}`).digest()

  function encrypt(plain: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', key, iv)
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.')
  }

  function decrypt(stored: string): string {
    const [version, iv, tag, data] = stored.split('.')
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not an encrypted value')
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
  }

  return { encrypt, decrypt }
}

export type Encryption = ReturnType<typeof createEncryption>
