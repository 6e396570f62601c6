import type { DocumentPageReport, DocumentReading, DocumentViewsOverview } from '@closeroom/shared'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deals, files, salesroomDocumentEvents, salesroomDocuments, salesroomPageViews, salesroomVisits } from '../../db/schema/index.ts'
import { Invalid, NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'
import type { RoomNews } from './news.ts'
import type { RoomService } from './rooms.ts'
import type { Visitor } from './visitors.ts'

type Page = { page: number; ms: number }
const byPage = (a: Page, b: Page) => a.page - b.page

/** Adds up page times: the same page from several visits is one line. */
function sumPages(rows: Page[]): Page[] {
  const sums = new Map<number, number>()
  for (const { page, ms } of rows) sums.set(page, (sums.get(page) ?? 0) + ms)
  return [...sums].map(([page, ms]) => ({ page, ms })).sort(byPage)
}

/**
 * How buyers read room documents, page by page: the buyer's viewer reports time per page (on leaving a page,
 * hiding the tab or closing it), each report added to its visit's lines; the seller sees it per document
 * and per visitor, and /file across every room.
 */
export function createReadingService({ db, rooms, news }: { db: Db; rooms: RoomService; news: RoomNews }) {
  /** Adds a report of the visitor's viewer, for a visit and a document of their own room only. */
  async function report({ room }: Visitor, documentId: string, input: DocumentPageReport): Promise<void> {
    const [document] = await db
      .select({ id: salesroomDocuments.id, pageCount: files.pages })
      .from(salesroomDocuments)
      .innerJoin(files, eq(files.id, salesroomDocuments.fileId))
      .where(and(eq(salesroomDocuments.id, documentId), eq(salesroomDocuments.dealId, room.dealId)))
    if (!document) throw NotFound('Document not found')
    const beyond = document.pageCount === null ? undefined : input.pages.find((p) => p.page > (document.pageCount ?? 0))
    if (beyond) throw Invalid(`pages: This document has ${document.pageCount} pages, there is no page ${beyond.page}`)
    const [visit] = await db
      .select({ id: salesroomVisits.id })
      .from(salesroomVisits)
      .where(and(eq(salesroomVisits.id, input.visitId), eq(salesroomVisits.dealId, room.dealId)))
    if (!visit) throw NotFound('Visit not found')
    const pages = sumPages(input.pages).filter((p) => p.ms > 0)
    if (pages.length === 0) return
    await db
      .insert(salesroomPageViews)
      .values(pages.map((p) => ({ visitId: visit.id, documentId, page: p.page, ms: p.ms })))
      .onConflictDoUpdate({
        target: [salesroomPageViews.visitId, salesroomPageViews.documentId, salesroomPageViews.page],
        set: { ms: sql`${salesroomPageViews.ms} + excluded.ms`, updatedAt: sql`now()` },
      })
    news.engagement(room)
  }

  /** Each document of a room: openings and time, per page, and per visitor (the same email is one visitor). */
  async function ofRoom(auth: AuthContext, dealId: string): Promise<DocumentReading[]> {
    await rooms.roomOf(auth, dealId)
    const documents = await db
      .select({ id: salesroomDocuments.id, title: salesroomDocuments.title, contentType: files.contentType, pageCount: files.pages })
      .from(salesroomDocuments)
      .innerJoin(files, eq(files.id, salesroomDocuments.fileId))
      .where(eq(salesroomDocuments.dealId, dealId))
      .orderBy(asc(salesroomDocuments.createdAt), asc(salesroomDocuments.id))
    const ids = documents.map((d) => d.id)
    if (ids.length === 0) return []
    const [opens, pages] = await Promise.all([
      db
        .select({
          documentId: salesroomDocumentEvents.documentId,
          visitor: salesroomVisits.visitorEmail,
          opens: sql<number>`count(*)::int`,
          last: sql<Date>`max(${salesroomDocumentEvents.at})`,
        })
        .from(salesroomDocumentEvents)
        .innerJoin(salesroomVisits, eq(salesroomVisits.id, salesroomDocumentEvents.visitId))
        .where(and(inArray(salesroomDocumentEvents.documentId, ids), eq(salesroomDocumentEvents.kind, 'opened')))
        .groupBy(salesroomDocumentEvents.documentId, salesroomVisits.visitorEmail),
      db
        .select({
          documentId: salesroomPageViews.documentId,
          visitor: salesroomVisits.visitorEmail,
          page: salesroomPageViews.page,
          ms: sql<number>`sum(${salesroomPageViews.ms})::int`,
        })
        .from(salesroomPageViews)
        .innerJoin(salesroomVisits, eq(salesroomVisits.id, salesroomPageViews.visitId))
        .where(inArray(salesroomPageViews.documentId, ids))
        .groupBy(salesroomPageViews.documentId, salesroomVisits.visitorEmail, salesroomPageViews.page),
    ])
    return documents.map((document) => {
      const visitorKeys = new Set<string | null>([
        ...opens.filter((o) => o.documentId === document.id).map((o) => o.visitor),
        ...pages.filter((p) => p.documentId === document.id).map((p) => p.visitor),
      ])
      const visitors = [...visitorKeys].map((visitor) => {
        const open = opens.find((o) => o.documentId === document.id && o.visitor === visitor)
        const visitorPages = sumPages(
          pages.filter((p) => p.documentId === document.id && p.visitor === visitor).map((p) => ({ page: p.page, ms: Number(p.ms) })),
        )
        return {
          visitor,
          opens: Number(open?.opens ?? 0),
          ms: visitorPages.reduce((sum, p) => sum + p.ms, 0),
          pages: visitorPages,
          lastOpenedAt: open?.last ? new Date(open.last).toISOString() : null,
        }
      })
      visitors.sort((a, b) => b.ms - a.ms)
      const all = sumPages(visitors.flatMap((v) => v.pages))
      return {
        documentId: document.id,
        title: document.title,
        contentType: document.contentType,
        pageCount: document.pageCount,
        opens: visitors.reduce((sum, v) => sum + v.opens, 0),
        ms: all.reduce((sum, p) => sum + p.ms, 0),
        pages: all,
        visitors,
      }
    })
  }

  /** Reading across the organization's rooms, most read first (/file). */
  async function overview(auth: AuthContext): Promise<DocumentViewsOverview> {
    const org = eq(deals.organizationId, auth.user.organizationId)
    const document = { documentId: salesroomDocuments.id, title: salesroomDocuments.title, dealId: deals.id, dealName: deals.name }
    const [opened, read] = await Promise.all([
      db
        .select({
          ...document,
          visitor: salesroomVisits.visitorEmail,
          opens: sql<number>`count(*)::int`,
          last: sql<Date>`max(${salesroomDocumentEvents.at})`,
        })
        .from(salesroomDocumentEvents)
        .innerJoin(salesroomVisits, eq(salesroomVisits.id, salesroomDocumentEvents.visitId))
        .innerJoin(salesroomDocuments, eq(salesroomDocuments.id, salesroomDocumentEvents.documentId))
        .innerJoin(deals, eq(deals.id, salesroomDocuments.dealId))
        .where(and(org, eq(salesroomDocumentEvents.kind, 'opened')))
        .groupBy(salesroomDocuments.id, deals.id, salesroomVisits.visitorEmail),
      db
        .select({ ...document, visitor: salesroomVisits.visitorEmail, ms: sql<number>`sum(${salesroomPageViews.ms})::int` })
        .from(salesroomPageViews)
        .innerJoin(salesroomVisits, eq(salesroomVisits.id, salesroomPageViews.visitId))
        .innerJoin(salesroomDocuments, eq(salesroomDocuments.id, salesroomPageViews.documentId))
        .innerJoin(deals, eq(deals.id, salesroomDocuments.dealId))
        .where(org)
        .groupBy(salesroomDocuments.id, deals.id, salesroomVisits.visitorEmail),
    ])
    // One line per document and visitor who opened it or read in it.
    const lines = new Map<
      string,
      {
        documentId: string
        title: string
        dealId: string
        dealName: string
        visitor: string | null
        opens: number
        ms: number
        last: Date | null
      }
    >()
    const lineOf = (row: (typeof opened)[number] | (typeof read)[number]) => {
      const key = `${row.documentId}:${row.visitor ?? ''}`
      const line = lines.get(key) ?? { ...row, opens: 0, ms: 0, last: null }
      lines.set(key, line)
      return line
    }
    for (const row of opened) Object.assign(lineOf(row), { opens: Number(row.opens), last: row.last ? new Date(row.last) : null })
    for (const row of read) lineOf(row).ms = Number(row.ms)
    const rows = [...lines.values()]
    const documents = new Map<string, DocumentViewsOverview['documents'][number]>()
    const visitors = new Map<string, DocumentViewsOverview['visitors'][number]>()
    for (const row of rows) {
      const opens = Number(row.opens)
      const ms = Number(row.ms)
      const last = row.last ? row.last.toISOString() : null
      const document = documents.get(row.documentId) ?? {
        documentId: row.documentId,
        title: row.title,
        dealId: row.dealId,
        dealName: row.dealName,
        opens: 0,
        visitors: 0,
        ms: 0,
        lastOpenedAt: null,
      }
      document.opens += opens
      document.visitors += 1
      document.ms += ms
      if (last && (!document.lastOpenedAt || last > document.lastOpenedAt)) document.lastOpenedAt = last
      documents.set(row.documentId, document)
      const key = `${row.dealId}:${row.visitor ?? ''}`
      const visitor = visitors.get(key) ?? {
        visitor: row.visitor,
        dealId: row.dealId,
        dealName: row.dealName,
        documents: 0,
        opens: 0,
        ms: 0,
      }
      visitor.documents += 1
      visitor.opens += opens
      visitor.ms += ms
      visitors.set(key, visitor)
    }
    const documentList = [...documents.values()].sort((a, b) => b.ms - a.ms || b.opens - a.opens)
    const visitorList = [...visitors.values()].sort((a, b) => b.ms - a.ms || b.opens - a.opens)
    return {
      totals: {
        documents: documentList.length,
        opens: documentList.reduce((sum, d) => sum + d.opens, 0),
        ms: documentList.reduce((sum, d) => sum + d.ms, 0),
        visitors: visitorList.length,
      },
      documents: documentList,
      visitors: visitorList,
    }
  }

  return { report, ofRoom, overview }
}

export type ReadingService = ReturnType<typeof createReadingService>
