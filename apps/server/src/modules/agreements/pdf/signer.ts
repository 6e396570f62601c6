import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { P12Signer, type Signer } from '@libpdf/core'
import forge from 'node-forge'

export type { Signer }

export type SignerOptions = {
  dataDir: string
  /** A PKCS#12 file (.p12/.pfx) holding a real certificate and its key; without it, one is generated. */
  p12File?: string
  p12Passphrase?: string
}

/** Where the generated certificate lives, inside DATA_DIR. */
export const GENERATED_P12 = 'agreement-seal.p12'

const SUBJECT = [
  { name: 'commonName', value: 'Closeroom agreement seal' },
  { name: 'organizationName', value: 'Closeroom' },
]
const VALID_YEARS = 20

/**
 * A self-signed RSA certificate for sealing documents, as PKCS#12 with no passphrase (its protection is the
 * file's mode). The key is made by Node's own crypto; node-forge writes the certificate and the container,
 * which Node cannot do. Triple DES is what @libpdf/core reads (it does not read PBES2/AES containers).
 */
function generateP12(): Uint8Array {
  const { privateKey: privatePem } = generateKeyPairSync('rsa', {
    modulusLength: 3072,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const privateKey = forge.pki.privateKeyFromPem(privatePem) as forge.pki.rsa.PrivateKey
  const certificate = forge.pki.createCertificate()
  certificate.publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e)
  // A positive serial: the high bit clear, as RFC 5280 asks.
  certificate.serialNumber = `0${randomBytes(16).toString('hex')}`
  const now = new Date()
  certificate.validity.notBefore = now
  certificate.validity.notAfter = new Date(Date.UTC(now.getUTCFullYear() + VALID_YEARS, now.getUTCMonth(), now.getUTCDate()))
  certificate.setSubject(SUBJECT)
  certificate.setIssuer(SUBJECT)
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ])
  certificate.sign(privateKey, forge.md.sha256.create())
  const asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, certificate, '', { algorithm: '3des', friendlyName: 'Closeroom agreement seal' })
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')
}

/** The generated certificate, made at the first seal and reused after; two processes starting at once keep the same one. */
async function generatedP12(dataDir: string): Promise<Uint8Array> {
  const file = join(dataDir, GENERATED_P12)
  try {
    return await readFile(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(dataDir, { recursive: true })
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  await writeFile(draft, generateP12(), { mode: 0o600 })
  try {
    // link() fails if the name is taken, so a file written whole by another process is never replaced.
    await link(draft, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await rm(draft, { force: true })
  }
  return readFile(file)
}

/** The seal's signer: the configured PKCS#12, or the one generated into DATA_DIR. */
export async function loadSigner({ dataDir, p12File, p12Passphrase = '' }: SignerOptions): Promise<Signer> {
  if (!p12File) return P12Signer.create(await generatedP12(dataDir), '')
  let bytes: Uint8Array
  try {
    bytes = await readFile(p12File)
  } catch (error) {
    throw new Error(`AGREEMENT_CERT_FILE: cannot read ${p12File} (${(error as Error).message})`)
  }
  try {
    return await P12Signer.create(bytes, p12Passphrase)
  } catch (error) {
    throw new Error(`AGREEMENT_CERT_FILE: ${p12File} cannot be opened with AGREEMENT_CERT_PASSPHRASE (${(error as Error).message})`)
  }
}
