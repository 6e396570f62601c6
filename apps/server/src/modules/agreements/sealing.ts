import { Readable } from 'node:stream'
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { agreements, files as filesTable } from '../../db/schema/index.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { FileStore } from '../files/module.ts'
import { auditLog } from './audit.ts'
import type { Effects } from './effects.ts'
import { QUEUES } from './lifecycle.ts'
import type { Signer } from './pdf/signer.ts'
import { fieldsOf, recipientsOf } from './present.ts'

type Deps = {
  db: Db
  jobs: Jobs
  files: FileStore
  effects: Effects
  dataDir: string
  certificate?: { file: string; passphrase?: string }
  log: FastifyBaseLogger
}

/**
 * The seal, as a job: a completed agreement's fields flattened into its PDF, a certificate page, one PAdES
 * signature. The job is retried when it fails or its server dies mid-way, and every start queues the completed
 * agreements still unsealed, so a crash between completion and the queue loses nothing. Sealing twice writes
 * the sealed file once: the row takes the first file and a later one is thrown away.
 */
export async function createSealing({ db, jobs, files, effects, dataDir, certificate, log }: Deps) {
  // The PDF stack is loaded when it is first needed (see drafts.ts).
  const loadSigner: typeof import('./pdf/signer.ts').loadSigner = async (options) => (await import('./pdf/signer.ts')).loadSigner(options)
  // A configured certificate is read at start, so a wrong file or passphrase stops the server with its reason;
  // a generated one is made when the first agreement is sealed. A failed load is not kept: DATA_DIR unwritable or
  // full for a moment would otherwise fail every seal until the server restarts, so the next seal tries again.
  let signer: Promise<Signer> | undefined = certificate
    ? Promise.resolve(await loadSigner({ dataDir, p12File: certificate.file, p12Passphrase: certificate.passphrase }))
    : undefined
  const signerOf = () => {
    signer ??= loadSigner({ dataDir }).catch((error: unknown) => {
      signer = undefined
      throw error
    })
    return signer
  }

  /** Seals the agreement if it is completed and not sealed yet; says whether this call sealed it. */
  async function seal(agreementId: string): Promise<boolean> {
    const [row] = await db
      .select()
      .from(agreements)
      .where(and(eq(agreements.id, agreementId), eq(agreements.status, 'completed'), isNull(agreements.sealedFileId)))
    if (!row) return false
    log.info({ agreementId }, 'sealing agreement')
    const [recipients, fields, trail] = await Promise.all([recipientsOf(db, row.id), fieldsOf(db, row.id), auditLog(db, row.id)])
    const [originalFile] = await db
      .select({ storageKey: filesTable.storageKey })
      .from(filesTable)
      .where(and(eq(filesTable.id, row.originalFileId), eq(filesTable.organizationId, row.organizationId)))
    if (!originalFile) throw new Error(`the original PDF of agreement ${row.id} is missing`)
    const original = await files.bytes(originalFile)
    const { sealPdf } = await import('./pdf/seal.ts')
    const sealed = await sealPdf({
      original,
      fields: fields.map((f) => ({ page: f.page, x: f.x, y: f.y, width: f.width, height: f.height, type: f.type, value: f.value })),
      certificate: {
        title: row.title,
        agreementId: row.id,
        originalSha256: row.originalSha256,
        recipients: recipients.map((r) => ({
          name: r.name,
          email: r.email,
          role: r.role,
          status: r.status,
          openedAt: r.openedAt,
          signedAt: r.signedAt,
          ip: r.ip,
          userAgent: r.userAgent,
        })),
        audit: trail.map((e) => ({
          at: new Date(e.at),
          action: e.kind,
          actor: e.actor.email ? `${e.actor.name} <${e.actor.email}>` : e.actor.name,
          ip: e.ip,
        })),
      },
      signer: await signerOf(),
    })
    const received = await files.receive(Readable.from([Buffer.from(sealed.pdf)]), {
      use: 'agreement',
      filename: `${row.title} (signed).pdf`,
    })
    const done = await files
      .keep(received, () =>
        db.transaction(async (tx) => {
          const file = await files.record(tx, received, { organizationId: row.organizationId, uploadedBy: null })
          const [updated] = await tx
            .update(agreements)
            .set({ sealedFileId: file.id, sealedSha256: sealed.sha256, updatedAt: new Date() })
            .where(and(eq(agreements.id, row.id), isNull(agreements.sealedFileId)))
            .returning()
          // Sealed meanwhile by another worker: this copy's row goes with the rolled-back transaction.
          if (!updated) throw new AlreadySealed()
          return updated
        }),
      )
      .catch((error) => {
        if (error instanceof AlreadySealed) return null
        throw error
      })
    if (!done) return false
    await effects.after(done, 'completed', { name: 'Closeroom' }, () => effects.completed(done, recipients))
    return true
  }

  /** Queues the seal of every completed agreement still unsealed (at start: a server died before or while sealing). */
  async function resume(): Promise<void> {
    const waiting = await db
      .select({ id: agreements.id })
      .from(agreements)
      .where(and(eq(agreements.status, 'completed'), isNull(agreements.sealedFileId)))
    // No singleton key: the job of a server that died is still 'active' until it expires, and the seal's own
    // guard already makes a second run harmless.
    for (const { id } of waiting) await jobs.send(QUEUES.seal, { agreementId: id })
  }

  await jobs.createQueue(QUEUES.seal, { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 })
  await jobs.work<{ agreementId: string }>(QUEUES.seal, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (!job) return
    try {
      await seal(job.data.agreementId)
    } catch (error) {
      log.error({ err: error, agreementId: job.data.agreementId }, 'sealing failed; the job will retry')
      throw error
    }
  })
  await resume()

  return { seal, resume }
}

class AlreadySealed extends Error {}
