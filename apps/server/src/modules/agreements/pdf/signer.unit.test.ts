import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GENERATED_P12, loadSigner } from './signer.ts'

// Each test makes RSA keys, which takes seconds on a loaded machine.
describe('the seal certificate', { timeout: 30_000 }, () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'closeroom-signer-'))
  })
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('is generated into DATA_DIR when first needed, readable by the server alone, and the same one after a restart', async () => {
    const [first, concurrent] = await Promise.all([loadSigner({ dataDir }), loadSigner({ dataDir })])
    expect(Buffer.from(concurrent.certificate)).toEqual(Buffer.from(first.certificate))
    expect(await readdir(dataDir)).toEqual([GENERATED_P12])
    expect((await stat(join(dataDir, GENERATED_P12))).mode & 0o777).toBe(0o600)

    const afterRestart = await loadSigner({ dataDir })
    expect(Buffer.from(afterRestart.certificate)).toEqual(Buffer.from(first.certificate))
    expect(afterRestart.keyType).toBe('RSA')
  })

  it('is the configured PKCS#12 when one is given, and a wrong passphrase stops the start with a message saying so', async () => {
    const generated = await loadSigner({ dataDir: join(dataDir, 'elsewhere') })
    const p12File = join(dataDir, 'elsewhere', GENERATED_P12)
    const configured = await loadSigner({ dataDir, p12File, p12Passphrase: '' })
    expect(Buffer.from(configured.certificate)).toEqual(Buffer.from(generated.certificate))
    expect(await readdir(dataDir)).toEqual(['elsewhere'])

    await expect(loadSigner({ dataDir, p12File, p12Passphrase: 'not-the-passphrase' })).rejects.toThrow(
      /^AGREEMENT_CERT_FILE: .* cannot be opened with AGREEMENT_CERT_PASSPHRASE/,
    )
    await expect(loadSigner({ dataDir, p12File: join(dataDir, 'missing.p12') })).rejects.toThrow(/^AGREEMENT_CERT_FILE: cannot read /)
  })
})
