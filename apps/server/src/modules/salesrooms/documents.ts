import { FILE_LIMITS, type RoomDocument, type UploadRoomDocument } from '@closeroom/shared'
import { and, asc, count, eq, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { deals as dealsTable, files, salesroomDocumentEvents, salesroomDocuments, salesroomVisits } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import type { DealsModule } from '../deals/module.ts'
import type { FileStore, Incoming, Library } from '../files/module.ts'
import { titleOf } from '../files/module.ts'
import type { Notifications } from '../notifications/module.ts'
import type { WebhookEmit } from '../webhooks/module.ts'
import type { RoomNews } from './news.ts'
import type { RoomService } from './rooms.ts'
import type { Visitor } from './visitors.ts'

const DOCUMENT_NOT_FOUND = 'Document not found'

const columns = {
  id: salesroomDocuments.id,
  fileId: salesroomDocuments.fileId,
  title: salesroomDocuments.title,
  name: files.name,
  contentType: files.contentType,
  size: files.size,
  fromLibrary: files.inLibrary,
  createdAt: salesroomDocuments.createdAt,
}
type Row = {
  id: string
  fileId: string
  title: string
  name: string
  contentType: string
  size: number
  fromLibrary: boolean
  createdAt: Date
}
const present = ({ fileId, createdAt, ...row }: Row): RoomDocument => ({
  ...row,
  url: `/api/files/${fileId}`,
  createdAt: createdAt.toISOString(),
})

/**
 * Documents shared in a deal's sales room: the seller's team uploads, renames and deletes them; the buyer
 * opens and downloads them through the room's public id, each time recorded under their visit.
 */
export function createDocumentService({
  db,
  store,
  rooms,
  news,
  deals,
  library,
  notifications,
  emit,
}: {
  db: Db
  store: FileStore
  rooms: RoomService
  news: RoomNews
  deals: Pick<DealsModule, 'recordActivity'>
  library: Pick<Library, 'fileOf'>
  notifications: Pick<Notifications, 'send'>
  emit: WebhookEmit
}) {
  async function list(auth: AuthContext, dealId: string): Promise<RoomDocument[]> {
    await rooms.roomOf(auth, dealId)
    const rows = await db
      .select(columns)
      .from(salesroomDocuments)
      .innerJoin(files, eq(files.id, salesroomDocuments.fileId))
      .where(eq(salesroomDocuments.dealId, dealId))
      .orderBy(asc(salesroomDocuments.createdAt), asc(salesroomDocuments.id))
    return rows.map(present)
  }

  async function add(auth: AuthContext, dealId: string, upload: Incoming<z.output<typeof UploadRoomDocument>>): Promise<RoomDocument> {
    const room = await rooms.roomOf(auth, dealId)
    const [existing] = await db.select({ n: count() }).from(salesroomDocuments).where(eq(salesroomDocuments.dealId, dealId))
    if (Number(existing?.n ?? 0) >= FILE_LIMITS.maxRoomDocuments)
      throw Invalid(`A room holds at most ${FILE_LIMITS.maxRoomDocuments} documents`, { code: 'limit_reached' })
    const { file: received, fields } = await upload()
    const document = await store.keep(received, () =>
      db.transaction(async (tx) => {
        const file = await store.record(tx, received, { organizationId: auth.user.organizationId, uploadedBy: auth.user.id })
        const [row] = await tx
          .insert(salesroomDocuments)
          .values({ dealId, fileId: file.id, title: fields.title ?? titleOf(file.name) })
          .returning()
        if (!row) throw new Error('document insert returned nothing')
        return present({ ...row, name: file.name, contentType: file.contentType, size: file.size, fromLibrary: false })
      }),
    )
    news.content(room)
    return document
  }

  /** A library file shown in the room: the same file, by reference, so a new version of it shows here too. */
  async function addFromLibrary(auth: AuthContext, dealId: string, input: { fileId: string; title?: string }): Promise<RoomDocument> {
    const room = await rooms.roomOf(auth, dealId)
    const file = await library.fileOf(auth, input.fileId)
    const [existing] = await db.select({ n: count() }).from(salesroomDocuments).where(eq(salesroomDocuments.dealId, dealId))
    if (Number(existing?.n ?? 0) >= FILE_LIMITS.maxRoomDocuments)
      throw Invalid(`A room holds at most ${FILE_LIMITS.maxRoomDocuments} documents`, { code: 'limit_reached' })
    const [row] = await db
      .insert(salesroomDocuments)
      .values({ dealId, fileId: file.id, title: input.title ?? titleOf(file.name) })
      .returning()
    if (!row) throw new Error('document insert returned nothing')
    news.content(room)
    return present({ ...row, name: file.name, contentType: file.contentType, size: file.size, fromLibrary: true })
  }

  async function rename(auth: AuthContext, dealId: string, documentId: string, title: string): Promise<RoomDocument> {
    const room = await rooms.roomOf(auth, dealId)
    const [renamed] = await db
      .update(salesroomDocuments)
      .set({ title })
      .where(and(eq(salesroomDocuments.id, documentId), eq(salesroomDocuments.dealId, dealId)))
      .returning({ id: salesroomDocuments.id })
    if (!renamed) throw NotFound(DOCUMENT_NOT_FOUND)
    news.content(room)
    const [row] = await db
      .select(columns)
      .from(salesroomDocuments)
      .innerJoin(files, eq(files.id, salesroomDocuments.fileId))
      .where(eq(salesroomDocuments.id, documentId))
    if (!row) throw NotFound(DOCUMENT_NOT_FOUND)
    return present(row)
  }

  /** The document goes, with its openings; its bytes go too unless something else still refers to them. */
  async function remove(auth: AuthContext, dealId: string, documentId: string): Promise<void> {
    const room = await rooms.roomOf(auth, dealId)
    const [gone] = await db
      .delete(salesroomDocuments)
      .where(and(eq(salesroomDocuments.id, documentId), eq(salesroomDocuments.dealId, dealId)))
      .returning({ fileId: salesroomDocuments.fileId })
    if (!gone) throw NotFound(DOCUMENT_NOT_FOUND)
    await store.release([gone.fileId])
    news.content(room)
  }

  /**
   * A document of the visitor's room, to show (opened) or save (downloaded). The opening is recorded under
   * the visit the page reported, when that visit is this room's; a page that has not reported one still gets
   * the document.
   */
  async function open({ room, email }: Visitor, documentId: string, how: 'opened' | 'downloaded', visitId: string | undefined) {
    const [row] = await db
      .select({ file: files, title: salesroomDocuments.title })
      .from(salesroomDocuments)
      .innerJoin(files, and(eq(files.id, salesroomDocuments.fileId), eq(files.organizationId, room.organizationId)))
      .where(and(eq(salesroomDocuments.id, documentId), eq(salesroomDocuments.dealId, room.dealId)))
    if (!row) throw NotFound(DOCUMENT_NOT_FOUND)
    if (visitId) {
      const [visit] = await db
        .select({ id: salesroomVisits.id })
        .from(salesroomVisits)
        .where(and(eq(salesroomVisits.id, visitId), eq(salesroomVisits.dealId, room.dealId)))
      if (visit) {
        // The deal's timeline says once per visitor that they looked at a document; the engagement has every time.
        const [seen] = await db
          .select({ id: salesroomDocumentEvents.id })
          .from(salesroomDocumentEvents)
          .innerJoin(salesroomVisits, eq(salesroomVisits.id, salesroomDocumentEvents.visitId))
          .where(
            and(
              eq(salesroomDocumentEvents.documentId, documentId),
              email === null ? isNull(salesroomVisits.visitorEmail) : eq(salesroomVisits.visitorEmail, email),
            ),
          )
          .limit(1)
        await db.insert(salesroomDocumentEvents).values({ visitId: visit.id, documentId, kind: how })
        await emit(room.organizationId, 'salesroom.document_opened', {
          dealId: room.dealId,
          visitId: visit.id,
          visitor: { email },
          document: { id: documentId, title: row.title, how },
        })
        if (!seen) {
          await deals.recordActivity({
            organizationId: room.organizationId,
            dealId: room.dealId,
            kind: 'salesroom_visit',
            data: { visitor: email, document: row.title },
          })
          // The owner hears when each buyer first opens each document.
          const [deal] = await db
            .select({ name: dealsTable.name, ownerId: dealsTable.ownerId })
            .from(dealsTable)
            .where(eq(dealsTable.id, room.dealId))
          if (deal)
            await notifications.send(
              {
                userId: deal.ownerId,
                kind: 'salesroom-document-opened',
                data: { name: email, deal: deal.name, document: row.title },
                url: `/deals/${room.dealId}/room`,
              },
              { dealId: room.dealId, dealName: deal.name, visitor: email, documentId },
            )
        }
        news.engagement(room)
      }
    }
    return row.file
  }

  return { list, add, addFromLibrary, rename, remove, open }
}

export type DocumentService = ReturnType<typeof createDocumentService>
