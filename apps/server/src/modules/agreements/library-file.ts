import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { agreementFields, agreements, files as filesTable } from '../../db/schema/index.ts'
import { Conflict, Invalid } from '../../http/errors.ts'
import type { FileStore, Library } from '../files/module.ts'
import type { AgreementRow } from './present.ts'

type Received = Awaited<ReturnType<FileStore['receive']>>

/**
 * Agreements made from a library PDF. A draft shows the library file itself, so a new version reaches it (its
 * page sizes follow, or the version is refused while a field would be left off the end); sending keeps a copy of
 * the version sent, so no later version changes what the signers sign.
 */
export function libraryAgreements({ db, files, library }: { db: Db; files: FileStore; library: Pick<Library, 'onNewVersion'> }) {
  library.onNewVersion(async (tx, file, _version, bytes) => {
    // Only drafts show the library's bytes; a sent one that still did (none should) must not change under its signers.
    const [sent] = await tx
      .select({ title: agreements.title })
      .from(agreements)
      .where(and(eq(agreements.originalFileId, file.id), ne(agreements.status, 'draft')))
      .limit(1)
    if (sent) throw Conflict(`The sent agreement ${sent.title} is this file: its version cannot change`, { code: 'file_in_use' })
    const drafts = await tx
      .select({ id: agreements.id })
      .from(agreements)
      .where(and(eq(agreements.originalFileId, file.id), eq(agreements.status, 'draft')))
    if (drafts.length === 0) return
    const { inspectPdf } = await import('./pdf/inspect.ts')
    const { pages } = await inspectPdf(await bytes())
    const ids = drafts.map((d) => d.id)
    const [beyond] = await tx
      .select({ title: agreements.title, page: sql<number>`max(${agreementFields.page})::int` })
      .from(agreementFields)
      .innerJoin(agreements, eq(agreements.id, agreementFields.agreementId))
      .where(and(inArray(agreementFields.agreementId, ids), gt(agreementFields.page, pages.length)))
      .groupBy(agreements.id, agreements.title)
      .limit(1)
    if (beyond)
      throw Conflict(
        `This version has ${pages.length} pages, and the agreement draft ${beyond.title} has fields on page ${beyond.page}: move them first`,
      )
    await tx.update(agreements).set({ pages, updatedAt: new Date() }).where(inArray(agreements.id, ids))
  })

  /** Whether the draft still shows the library's bytes (and so needs its own copy before it is sent). */
  const showsLibrary = (row: AgreementRow) => row.libraryFileId !== null && row.originalFileId === row.libraryFileId

  /** A copy of the library file's current version, in storage, not yet recorded: null when the draft has its own bytes. */
  async function copyToSend(row: AgreementRow): Promise<Received | null> {
    if (!showsLibrary(row)) return null
    const [file] = await db
      .select()
      .from(filesTable)
      .where(and(eq(filesTable.id, row.originalFileId), eq(filesTable.organizationId, row.organizationId)))
    if (!file) return null
    return files.receive(files.open(file), { use: 'agreement', filename: file.name })
  }

  /** Records the copy as the agreement's own PDF, in the sending transaction, with its pages as they are now. */
  async function keepSentVersion(tx: Tx, row: AgreementRow, copy: Received, ownerId: string): Promise<AgreementRow> {
    const { inspectPdf } = await import('./pdf/inspect.ts')
    const { pages } = await inspectPdf(await files.bytes(copy))
    const [beyond] = await tx
      .select({ page: agreementFields.page })
      .from(agreementFields)
      .where(and(eq(agreementFields.agreementId, row.id), gt(agreementFields.page, pages.length)))
      .limit(1)
    if (beyond) throw Invalid(`fields: The PDF has ${pages.length} pages, and a field is on page ${beyond.page}: move it first`)
    const file = await files.record(tx, copy, { organizationId: row.organizationId, uploadedBy: ownerId })
    const [kept] = await tx
      .update(agreements)
      .set({ originalFileId: file.id, originalSha256: file.sha256, pages })
      .where(eq(agreements.id, row.id))
      .returning()
    if (!kept) throw new Error('agreement update returned nothing')
    return kept
  }

  return { copyToSend, keepSentVersion }
}

export type LibraryAgreements = ReturnType<typeof libraryAgreements>
