import { hash, verify } from '@node-rs/argon2'

// argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): OWASP's baseline recommendation.

export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

// Verifying against a decoy when the account does not exist costs the same time, so timing does not tell.
let decoy: Promise<string> | undefined

export async function checkPassword(storedHash: string | null, password: string): Promise<boolean> {
  decoy ??= hash('closeroom decoy password')
  try {
    const ok = await verify(storedHash ?? (await decoy), password)
    return ok && storedHash !== null
  } catch {
    return false
  }
}
