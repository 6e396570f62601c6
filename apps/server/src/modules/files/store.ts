import { createHash, randomUUID } from 'node:crypto'
import { type Readable, Transform } from 'node:stream'
import { FILE_REQUIRED, FILE_RULES, type FileUse, fileTooBig } from '@closeroom/shared'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import {
  agreements,
  chatAttachments,
  chatConversations,
  chatMessages,
  files,
  mailAttachments,
  posts,
  productFiles,
  salesroomDocuments,
} from '../../db/schema/index.ts'
import { HttpError, Invalid, NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import { displayName } from './names.ts'
import { pdfPageCount } from './pages.ts'
import { createSniffer } from './sniff.ts'
import type { FileStorage } from './storage.ts'

export type FileRow = typeof files.$inferSelect
/** Bytes in storage, checked, not yet a row: the caller records it with what refers to it, or discards it. */
export type Received = {
  storageKey: string
  name: string
  contentType: string
  size: number
  sha256: string
  /** A PDF's page count (null for other files, or a PDF that does not open). */
  pages: number | null
}

export const FILE_NOT_FOUND = 'File not found'
const KIND_NAMES: Record<FileUse, string> = {
  document: 'PDF, Word, Excel, PowerPoint, text, CSV, PNG, JPEG, WebP or GIF',
  library: 'PDF, Word, Excel, PowerPoint, text, CSV, PNG, JPEG, WebP, GIF, MP4 or WebM',
  image: 'PNG, JPEG, WebP or GIF',
  agreement: 'PDF',
}
export const typeRefused = (name: string, use: FileUse) =>
  Invalid(`This file type is not allowed: ${name} (use ${KIND_NAMES[use]})`, { code: use === 'agreement' ? 'not_pdf' : 'unsupported_type' })

/**
 * Uploaded files: bytes in file storage (DATA_DIR/files by default), rows in `files`. An upload is checked as
 * it streams (size, and what its bytes are) and only ever held in memory as far as sniffing needs. A file's
 * bytes go when the last row referring to it does.
 */
/** A size as people read it: 700 bytes, 12 KB, 3.4 MB, 10 GB. */
export function sizeText(bytes: number): string {
  const units = ['KB', 'MB', 'GB', 'TB']
  if (bytes < 1024) return `${bytes} bytes`
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value >= 10 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)} ${units[unit]}`
}

export function createFileStore({
  db,
  storage: store,
  limitBytes = Number.POSITIVE_INFINITY,
}: {
  db: Db
  storage: FileStorage
  /** Each organization's storage limit (FILES_STORAGE_LIMIT_MB); unlimited when not given. */
  limitBytes?: number
}) {
  /**
   * Streams an upload into storage, refusing it (400, nothing kept) once it passes the size limit of its use,
   * as soon as its first bytes show markup, or at its end when its bytes are not a type the use allows.
   */
  async function receive(source: Readable, { use, filename }: { use: FileUse; filename: string | undefined }): Promise<Received> {
    const rules = FILE_RULES[use]
    const name = displayName(filename)
    const sniffer = createSniffer()
    const hash = createHash('sha256')
    let size = 0
    let contentType: string | null = null
    const check = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length
        if (size > rules.maxBytes) return done(Invalid(fileTooBig(use), { code: 'file_too_large' }))
        hash.update(chunk)
        sniffer.push(chunk)
        if (sniffer.refusedEarly()) return done(typeRefused(name, use))
        done(null, chunk)
      },
      flush(done) {
        if (size === 0) return done(Invalid(FILE_REQUIRED, { code: 'file_required' }))
        contentType = sniffer.finish(name)
        if (!contentType || !rules.types.includes(contentType)) return done(typeRefused(name, use))
        done()
      },
    })
    // The check may fail before storage starts reading (it prepares a place first); storage's read still
    // sees the error, which must not also surface as an unhandled 'error' event.
    check.on('error', () => undefined)
    const storageKey = `${new Date().toISOString().slice(0, 7)}/${randomUUID()}`
    try {
      await store.put(storageKey, source.pipe(check))
    } catch (error) {
      // The rest of the refused file is read and dropped, so the client is still there to hear why.
      source.unpipe(check)
      source.resume()
      throw error
    }
    if (!contentType) throw typeRefused(name, use)
    const sha256 = hash.digest('hex')
    // Read back once the upload is whole: a buyer's viewer may only report pages the document has.
    const pages = contentType === 'application/pdf' ? await pdfPageCount(await bytes({ storageKey })) : null
    return { storageKey, name, contentType, size, sha256, pages }
  }

  const discard = (received: Received) => store.remove(received.storageKey)

  /**
   * The bytes an organization's files take: its files, and the attachments of its team chat (kept in the same
   * storage beside `files`, in the chat's own table).
   */
  async function used(tx: Db | Tx, organizationId: string): Promise<number> {
    const attached = sql`(select coalesce(sum(${chatAttachments.size}), 0) from ${chatAttachments}
      join ${chatMessages} on ${chatMessages.id} = ${chatAttachments.messageId}
      join ${chatConversations} on ${chatConversations.id} = ${chatMessages.conversationId}
      where ${chatConversations.organizationId} = ${organizationId})`
    const [row] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0) + ${attached}` })
      .from(files)
      .where(eq(files.organizationId, organizationId))
    return Number(row?.bytes ?? 0)
  }

  /** Refuses (413) `bytes` more when the organization would pass its limit; `freed` is what the change gives back. */
  async function checkRoom(tx: Db | Tx, organizationId: string, bytes: number, freed = 0): Promise<void> {
    const now = await used(tx, organizationId)
    if (now - freed + bytes > limitBytes)
      throw new HttpError(
        413,
        `Your organization's storage is full: ${sizeText(now)} of ${sizeText(limitBytes)} used, and this file takes ${sizeText(bytes)}. Delete files you no longer need.`,
        { code: 'storage_full' },
      )
  }

  /**
   * The row of a received file, written in the caller's transaction beside what refers to it; refused (413)
   * when the organization's files would pass its storage limit.
   */
  async function record(
    tx: Db | Tx,
    received: Received,
    owner: { organizationId: string; uploadedBy: string | null; inLibrary?: boolean; folderId?: string | null },
  ): Promise<FileRow> {
    await checkRoom(tx, owner.organizationId, received.size)
    const [row] = await tx
      .insert(files)
      .values({ ...received, ...owner })
      .returning()
    if (!row) throw new Error('file insert returned nothing')
    return row
  }

  /** Keeps the received bytes only if `write` (which records them) succeeds. */
  async function keep<T>(received: Received, write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      await discard(received)
      throw error
    }
  }

  // A file is written in the same transaction as the row that refers to it, so it is never seen unreferenced
  // before that row exists: an unreferenced file is one whose last reference went.
  const unreferenced = and(
    sql`not ${files.inLibrary}`,
    sql`not exists (select 1 from ${salesroomDocuments} where ${salesroomDocuments.fileId} = ${files.id})`,
    sql`not exists (select 1 from ${productFiles} where ${productFiles.fileId} = ${files.id})`,
    sql`not exists (select 1 from ${agreements} where ${agreements.originalFileId} = ${files.id} or ${agreements.sealedFileId} = ${files.id})`,
    sql`not exists (select 1 from ${posts} where ${posts.coverFileId} = ${files.id})`,
    sql`not exists (select 1 from ${mailAttachments} where ${mailAttachments.fileId} = ${files.id})`,
  )

  async function removeWhere(where: ReturnType<typeof and>): Promise<number> {
    const gone = await db.delete(files).where(where).returning({ storageKey: files.storageKey })
    await Promise.all(gone.map((file) => store.remove(file.storageKey)))
    return gone.length
  }

  /** Deletes these files if nothing refers to them any more, rows then bytes. */
  async function release(fileIds: string[]): Promise<void> {
    if (fileIds.length > 0) await removeWhere(and(inArray(files.id, fileIds), unreferenced))
  }

  /**
   * Deletes every file nothing refers to: those whose deal or product was deleted (the database drops the
   * references with them, not the bytes). Says how many went.
   */
  const sweep = () => removeWhere(unreferenced)

  /** A file of the caller's organization. */
  async function ofOrganization(auth: AuthContext, fileId: string): Promise<FileRow> {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.organizationId, auth.user.organizationId)))
    if (!row) throw NotFound(FILE_NOT_FOUND)
    return row
  }

  const open = (file: Pick<FileRow, 'storageKey'>) => store.open(file.storageKey)

  /** A stored file's bytes in memory, for work on the whole file (a PDF to inspect or seal). */
  async function bytes(file: Pick<FileRow, 'storageKey'>): Promise<Uint8Array> {
    const chunks: Buffer[] = []
    for await (const chunk of open(file)) chunks.push(chunk as Buffer)
    return new Uint8Array(Buffer.concat(chunks))
  }

  return { receive, discard, record, keep, release, sweep, ofOrganization, open, bytes, used, checkRoom, limitBytes, storage: store }
}

export type FileStore = ReturnType<typeof createFileStore>
