import type { ExportStep } from '@closeroom/shared'
import { and, eq, getTableName, gt, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import {
  agreementEvents,
  agreementRecipients,
  agreements,
  bookingHosts,
  bookings,
  clients,
  dealActivities,
  dealContacts,
  dealLines,
  dealMessages,
  dealStageHistory,
  deals,
  eventTypes,
  files,
  invoiceLines,
  invoices,
  meetings,
  pipelineStages,
  products,
  recordings,
  salesroomDocumentEvents,
  salesroomDocuments,
  salesroomMessages,
  salesrooms,
  salesroomVisits,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.ts'

/**
 * What an export writes, one section per kind: the columns are listed one by one, never `select *`, so a
 * secret added to a table later (a hash, a token, an encrypted password) stays out of every archive until
 * someone decides it belongs there. Read-only, paged by key: the organization is never held in memory at once.
 */
export type Row = Record<string, unknown>
export type Section = {
  step: ExportStep
  /** The columns, in the order of the CSV's header. */
  columns: string[]
  /** The next rows after `last` (null: the first page), ordered by the section's key. */
  page: (last: Row | null) => Promise<Row[]>
}

export const PAGE_SIZE = 500

type Key = [name: string, column: PgColumn]

/** Rows after `last` in key order: (a > x) or (a = x and b > y)… */
function after(keys: Key[], last: Row | null): SQL | undefined {
  if (!last) return undefined
  const [first, ...rest] = keys
  if (!first) return undefined
  const [name, column] = first
  if (rest.length === 0) return gt(column, last[name])
  return or(gt(column, last[name]), and(eq(column, last[name]), after(rest, last)))
}

/**
 * A column named with its table, for the subqueries below: Drizzle leaves the table out of a single-table
 * select's columns, which inside a subquery would name the subquery's own table instead.
 */
const q = (column: PgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`)

const ids = (query: SQL) => sql<string[]>`coalesce((${query}), '{}')`

export function sectionsOf(db: Db, organizationId: string): Section[] {
  const section = <C extends Record<string, unknown>>(
    step: ExportStep,
    columns: C,
    keys: Key[],
    query: (where: SQL | undefined) => Promise<Row[]>,
  ): Section => ({ step, columns: Object.keys(columns), page: (last) => query(after(keys, last)) })
  const orderOf = (keys: Key[]) => keys.map(([, column]) => column)

  const userColumns = {
    id: users.id,
    name: users.name,
    email: users.email,
    role: users.role,
    status: users.status,
    phone: users.phone,
    timeZone: users.timeZone,
    locale: users.locale,
    createdAt: users.createdAt,
  }
  const userKeys: Key[] = [['id', users.id]]

  const teamColumns = {
    id: teams.id,
    name: teams.name,
    memberIds: ids(
      sql`select array_agg(${q(teamMembers.userId)} order by ${q(teamMembers.userId)}) from ${teamMembers} where ${q(teamMembers.teamId)} = ${q(teams.id)}`,
    ),
    createdAt: teams.createdAt,
  }
  const teamKeys: Key[] = [['id', teams.id]]

  const clientColumns = {
    id: clients.id,
    name: clients.name,
    email: clients.email,
    phone: clients.phone,
    company: clients.company,
    title: clients.title,
    createdAt: clients.createdAt,
  }
  const clientKeys: Key[] = [['id', clients.id]]

  const productColumns = {
    id: products.id,
    name: products.name,
    description: products.description,
    price: products.price,
    currency: products.currency,
    active: products.active,
    createdAt: products.createdAt,
  }
  const productKeys: Key[] = [['id', products.id]]

  const dealColumns = {
    id: deals.id,
    name: deals.name,
    company: deals.company,
    ownerId: deals.ownerId,
    ownerName: users.name,
    stage: pipelineStages.name,
    stageKind: pipelineStages.kind,
    amount: deals.amount,
    currency: deals.currency,
    expectedCloseDate: deals.expectedCloseDate,
    notes: deals.notes,
    closedAt: deals.closedAt,
    lostReason: deals.lostReason,
    clientIds: ids(
      sql`select array_agg(${q(dealContacts.clientId)} order by ${q(dealContacts.clientId)}) from ${dealContacts} where ${q(dealContacts.dealId)} = ${q(deals.id)}`,
    ),
    createdAt: deals.createdAt,
    updatedAt: deals.updatedAt,
  }
  const dealKeys: Key[] = [['id', deals.id]]

  const lineColumns = {
    dealId: dealLines.dealId,
    productId: dealLines.productId,
    product: products.name,
    quantity: dealLines.quantity,
    unitPrice: dealLines.unitPrice,
    position: dealLines.position,
  }
  const lineKeys: Key[] = [
    ['dealId', dealLines.dealId],
    ['productId', dealLines.productId],
  ]

  const activityColumns = {
    id: dealActivities.id,
    dealId: dealActivities.dealId,
    kind: dealActivities.kind,
    actorId: dealActivities.actorId,
    data: dealActivities.data,
    createdAt: dealActivities.createdAt,
  }
  const activityKeys: Key[] = [['id', dealActivities.id]]

  const noteColumns = {
    id: dealMessages.id,
    dealId: dealMessages.dealId,
    authorId: dealMessages.authorId,
    body: dealMessages.body,
    createdAt: dealMessages.createdAt,
    editedAt: dealMessages.editedAt,
  }
  const noteKeys: Key[] = [['id', dealMessages.id]]

  const historyColumns = {
    id: dealStageHistory.id,
    dealId: dealStageHistory.dealId,
    stageId: dealStageHistory.stageId,
    stage: pipelineStages.name,
    enteredAt: dealStageHistory.enteredAt,
    leftAt: dealStageHistory.leftAt,
  }
  const historyKeys: Key[] = [['id', dealStageHistory.id]]

  const eventTypeColumns = {
    id: eventTypes.id,
    title: eventTypes.title,
    slug: eventTypes.slug,
    kind: eventTypes.kind,
    ownerId: eventTypes.ownerId,
    teamId: eventTypes.teamId,
    description: eventTypes.description,
    durations: eventTypes.durations,
    location: eventTypes.location,
    requiresConfirmation: eventTypes.requiresConfirmation,
    hidden: eventTypes.hidden,
    createdAt: eventTypes.createdAt,
  }
  const eventTypeKeys: Key[] = [['id', eventTypes.id]]

  const bookingColumns = {
    id: bookings.id,
    eventTypeId: bookings.eventTypeId,
    eventType: eventTypes.title,
    status: bookings.status,
    title: bookings.title,
    startAt: bookings.startAt,
    endAt: bookings.endAt,
    hostIds: ids(
      sql`select array_agg(${q(bookingHosts.userId)} order by ${q(bookingHosts.userId)}) from ${bookingHosts} where ${q(bookingHosts.bookingId)} = ${q(bookings.id)}`,
    ),
    attendeeName: bookings.attendeeName,
    attendeeEmail: bookings.attendeeEmail,
    attendeePhone: bookings.attendeePhone,
    attendeeTimeZone: bookings.attendeeTimeZone,
    notes: bookings.notes,
    answers: bookings.answers,
    locationKind: bookings.locationKind,
    locationValue: bookings.locationValue,
    cancelReason: bookings.cancelReason,
    noShow: bookings.noShow,
    dealId: bookings.dealId,
    createdAt: bookings.createdAt,
  }
  const bookingKeys: Key[] = [['id', bookings.id]]

  const roomColumns = {
    dealId: salesrooms.dealId,
    title: salesrooms.title,
    welcome: salesrooms.welcome,
    videoUrl: salesrooms.videoUrl,
    access: salesrooms.access,
    invitedEmails: salesrooms.invitedEmails,
    published: salesrooms.published,
    showPricing: salesrooms.showPricing,
    visits: sql<number>`(select count(*)::int from ${salesroomVisits} where ${q(salesroomVisits.dealId)} = ${q(salesrooms.dealId)})`,
    visitSeconds: sql<number>`(select coalesce(sum(${q(salesroomVisits.seconds)}), 0)::int from ${salesroomVisits} where ${q(salesroomVisits.dealId)} = ${q(salesrooms.dealId)})`,
    documentViews: sql<number>`(select count(*)::int from ${salesroomDocumentEvents} join ${salesroomDocuments} on ${q(salesroomDocuments.id)} = ${q(salesroomDocumentEvents.documentId)} where ${q(salesroomDocuments.dealId)} = ${q(salesrooms.dealId)})`,
    chatMessages: sql<number>`(select count(*)::int from ${salesroomMessages} where ${q(salesroomMessages.dealId)} = ${q(salesrooms.dealId)})`,
    createdAt: salesrooms.createdAt,
  }
  const roomKeys: Key[] = [['dealId', salesrooms.dealId]]

  const visitColumns = {
    id: salesroomVisits.id,
    dealId: salesroomVisits.dealId,
    visitorEmail: salesroomVisits.visitorEmail,
    startedAt: salesroomVisits.startedAt,
    lastSeenAt: salesroomVisits.lastSeenAt,
    seconds: salesroomVisits.seconds,
  }
  const visitKeys: Key[] = [['id', salesroomVisits.id]]

  const viewColumns = {
    id: salesroomDocumentEvents.id,
    dealId: salesroomDocuments.dealId,
    visitId: salesroomDocumentEvents.visitId,
    documentId: salesroomDocumentEvents.documentId,
    document: salesroomDocuments.title,
    kind: salesroomDocumentEvents.kind,
    at: salesroomDocumentEvents.at,
  }
  const viewKeys: Key[] = [['id', salesroomDocumentEvents.id]]

  const messageColumns = {
    id: salesroomMessages.id,
    dealId: salesroomMessages.dealId,
    side: salesroomMessages.side,
    authorName: salesroomMessages.authorName,
    authorId: salesroomMessages.authorId,
    visitorEmail: salesroomMessages.visitorEmail,
    body: salesroomMessages.body,
    createdAt: salesroomMessages.createdAt,
  }
  const messageKeys: Key[] = [['id', salesroomMessages.id]]

  const agreementColumns = {
    id: agreements.id,
    title: agreements.title,
    status: agreements.status,
    template: agreements.template,
    dealId: agreements.dealId,
    ownerId: agreements.ownerId,
    signingOrder: agreements.signingOrder,
    pdf: sql<string>`'agreements/' || ${q(agreements.id)} || '.pdf'`,
    pdfIsSealed: sql<boolean>`${q(agreements.sealedFileId)} is not null`,
    originalSha256: agreements.originalSha256,
    sealedSha256: agreements.sealedSha256,
    expiresAt: agreements.expiresAt,
    voidReason: agreements.voidReason,
    sentAt: agreements.sentAt,
    completedAt: agreements.completedAt,
    createdAt: agreements.createdAt,
    updatedAt: agreements.updatedAt,
  }
  const agreementKeys: Key[] = [['id', agreements.id]]

  const signerColumns = {
    id: agreementRecipients.id,
    agreementId: agreementRecipients.agreementId,
    name: agreementRecipients.name,
    email: agreementRecipients.email,
    role: agreementRecipients.role,
    position: agreementRecipients.position,
    status: agreementRecipients.status,
    sentAt: agreementRecipients.sentAt,
    openedAt: agreementRecipients.openedAt,
    signedAt: agreementRecipients.signedAt,
    declinedAt: agreementRecipients.declinedAt,
    declineReason: agreementRecipients.declineReason,
    ip: agreementRecipients.ip,
    userAgent: agreementRecipients.userAgent,
  }
  const signerKeys: Key[] = [['id', agreementRecipients.id]]

  const agreementEventColumns = {
    id: agreementEvents.id,
    agreementId: agreementEvents.agreementId,
    kind: agreementEvents.kind,
    actorType: agreementEvents.actorType,
    actorName: agreementEvents.actorName,
    actorEmail: agreementEvents.actorEmail,
    ip: agreementEvents.ip,
    userAgent: agreementEvents.userAgent,
    detail: agreementEvents.detail,
    at: agreementEvents.at,
  }
  const agreementEventKeys: Key[] = [['id', agreementEvents.id]]

  const invoiceColumns = {
    id: invoices.id,
    number: invoices.number,
    status: invoices.status,
    dealId: invoices.dealId,
    buyerName: invoices.buyerName,
    buyerEmail: invoices.buyerEmail,
    buyerCompany: invoices.buyerCompany,
    buyerAddress: invoices.buyerAddress,
    currency: invoices.currency,
    language: invoices.language,
    issueDate: invoices.issueDate,
    dueDate: invoices.dueDate,
    notes: invoices.notes,
    subtotal: invoices.subtotal,
    tax: invoices.tax,
    total: invoices.total,
    createdById: invoices.createdById,
    createdAt: invoices.createdAt,
    sentAt: invoices.sentAt,
    paidAt: invoices.paidAt,
    voidedAt: invoices.voidedAt,
  }
  const invoiceKeys: Key[] = [['id', invoices.id]]

  const invoiceLineColumns = {
    invoiceId: invoiceLines.invoiceId,
    position: invoiceLines.position,
    description: invoiceLines.description,
    productId: invoiceLines.productId,
    quantity: invoiceLines.quantity,
    unitPrice: invoiceLines.unitPrice,
    discount: invoiceLines.discount,
    taxRate: invoiceLines.taxRate,
    net: invoiceLines.net,
    tax: invoiceLines.tax,
    total: invoiceLines.total,
  }
  const invoiceLineKeys: Key[] = [
    ['invoiceId', invoiceLines.invoiceId],
    ['position', invoiceLines.position],
  ]

  const recordingColumns = {
    id: recordings.id,
    meetingId: recordings.meetingId,
    meeting: meetings.title,
    dealId: meetings.dealId,
    bookingId: meetings.bookingId,
    startedBy: recordings.startedBy,
    status: recordings.status,
    contentType: recordings.contentType,
    startedAt: recordings.startedAt,
    endedAt: recordings.endedAt,
    durationMs: recordings.durationMs,
    size: recordings.size,
    sharedInRoom: recordings.sharedInRoom,
    createdAt: recordings.createdAt,
  }
  const recordingKeys: Key[] = [['id', recordings.id]]

  const fileColumns = {
    id: files.id,
    name: files.name,
    contentType: files.contentType,
    size: files.size,
    sha256: files.sha256,
    inLibrary: files.inLibrary,
    folderId: files.folderId,
    uploadedBy: files.uploadedBy,
    pages: files.pages,
    createdAt: files.createdAt,
    updatedAt: files.updatedAt,
  }
  const fileKeys: Key[] = [['id', files.id]]

  const ofDeal = (dealId: PgColumn) => and(eq(deals.id, dealId), eq(deals.organizationId, organizationId))

  return [
    section('users', userColumns, userKeys, (where) =>
      db
        .select(userColumns)
        .from(users)
        .where(and(eq(users.organizationId, organizationId), where))
        .orderBy(...orderOf(userKeys))
        .limit(PAGE_SIZE),
    ),
    section('teams', teamColumns, teamKeys, (where) =>
      db
        .select(teamColumns)
        .from(teams)
        .where(and(eq(teams.organizationId, organizationId), where))
        .orderBy(...orderOf(teamKeys))
        .limit(PAGE_SIZE),
    ),
    section('clients', clientColumns, clientKeys, (where) =>
      db
        .select(clientColumns)
        .from(clients)
        .where(and(eq(clients.organizationId, organizationId), where))
        .orderBy(...orderOf(clientKeys))
        .limit(PAGE_SIZE),
    ),
    section('products', productColumns, productKeys, (where) =>
      db
        .select(productColumns)
        .from(products)
        .where(and(eq(products.organizationId, organizationId), where))
        .orderBy(...orderOf(productKeys))
        .limit(PAGE_SIZE),
    ),
    section('deals', dealColumns, dealKeys, (where) =>
      db
        .select(dealColumns)
        .from(deals)
        .innerJoin(users, eq(users.id, deals.ownerId))
        .innerJoin(pipelineStages, eq(pipelineStages.id, deals.stageId))
        .where(and(eq(deals.organizationId, organizationId), where))
        .orderBy(...orderOf(dealKeys))
        .limit(PAGE_SIZE),
    ),
    section('deal-lines', lineColumns, lineKeys, (where) =>
      db
        .select(lineColumns)
        .from(dealLines)
        .innerJoin(products, eq(products.id, dealLines.productId))
        .where(and(eq(dealLines.organizationId, organizationId), where))
        .orderBy(...orderOf(lineKeys))
        .limit(PAGE_SIZE),
    ),
    section('deal-activities', activityColumns, activityKeys, (where) =>
      db
        .select(activityColumns)
        .from(dealActivities)
        .innerJoin(deals, ofDeal(dealActivities.dealId))
        .where(where)
        .orderBy(...orderOf(activityKeys))
        .limit(PAGE_SIZE),
    ),
    section('deal-notes', noteColumns, noteKeys, (where) =>
      db
        .select(noteColumns)
        .from(dealMessages)
        .innerJoin(deals, ofDeal(dealMessages.dealId))
        .where(where)
        .orderBy(...orderOf(noteKeys))
        .limit(PAGE_SIZE),
    ),
    section('deal-stage-history', historyColumns, historyKeys, (where) =>
      db
        .select(historyColumns)
        .from(dealStageHistory)
        .leftJoin(pipelineStages, eq(pipelineStages.id, dealStageHistory.stageId))
        .where(and(eq(dealStageHistory.organizationId, organizationId), where))
        .orderBy(...orderOf(historyKeys))
        .limit(PAGE_SIZE),
    ),
    section('event-types', eventTypeColumns, eventTypeKeys, (where) =>
      db
        .select(eventTypeColumns)
        .from(eventTypes)
        .where(and(eq(eventTypes.organizationId, organizationId), where))
        .orderBy(...orderOf(eventTypeKeys))
        .limit(PAGE_SIZE),
    ),
    section('bookings', bookingColumns, bookingKeys, (where) =>
      db
        .select(bookingColumns)
        .from(bookings)
        .innerJoin(eventTypes, eq(eventTypes.id, bookings.eventTypeId))
        .where(and(eq(bookings.organizationId, organizationId), where))
        .orderBy(...orderOf(bookingKeys))
        .limit(PAGE_SIZE),
    ),
    section('salesrooms', roomColumns, roomKeys, (where) =>
      db
        .select(roomColumns)
        .from(salesrooms)
        .where(and(eq(salesrooms.organizationId, organizationId), where))
        .orderBy(...orderOf(roomKeys))
        .limit(PAGE_SIZE),
    ),
    section('salesroom-visits', visitColumns, visitKeys, (where) =>
      db
        .select(visitColumns)
        .from(salesroomVisits)
        .innerJoin(deals, ofDeal(salesroomVisits.dealId))
        .where(where)
        .orderBy(...orderOf(visitKeys))
        .limit(PAGE_SIZE),
    ),
    section('salesroom-document-views', viewColumns, viewKeys, (where) =>
      db
        .select(viewColumns)
        .from(salesroomDocumentEvents)
        .innerJoin(salesroomDocuments, eq(salesroomDocuments.id, salesroomDocumentEvents.documentId))
        .innerJoin(deals, ofDeal(salesroomDocuments.dealId))
        .where(where)
        .orderBy(...orderOf(viewKeys))
        .limit(PAGE_SIZE),
    ),
    section('salesroom-messages', messageColumns, messageKeys, (where) =>
      db
        .select(messageColumns)
        .from(salesroomMessages)
        .innerJoin(deals, ofDeal(salesroomMessages.dealId))
        .where(where)
        .orderBy(...orderOf(messageKeys))
        .limit(PAGE_SIZE),
    ),
    section('agreements', agreementColumns, agreementKeys, (where) =>
      db
        .select(agreementColumns)
        .from(agreements)
        .where(and(eq(agreements.organizationId, organizationId), where))
        .orderBy(...orderOf(agreementKeys))
        .limit(PAGE_SIZE),
    ),
    section('agreement-signers', signerColumns, signerKeys, (where) =>
      db
        .select(signerColumns)
        .from(agreementRecipients)
        .innerJoin(agreements, eq(agreements.id, agreementRecipients.agreementId))
        .where(and(eq(agreements.organizationId, organizationId), where))
        .orderBy(...orderOf(signerKeys))
        .limit(PAGE_SIZE),
    ),
    section('agreement-events', agreementEventColumns, agreementEventKeys, (where) =>
      db
        .select(agreementEventColumns)
        .from(agreementEvents)
        .innerJoin(agreements, eq(agreements.id, agreementEvents.agreementId))
        .where(and(eq(agreements.organizationId, organizationId), where))
        .orderBy(...orderOf(agreementEventKeys))
        .limit(PAGE_SIZE),
    ),
    section('invoices', invoiceColumns, invoiceKeys, (where) =>
      db
        .select(invoiceColumns)
        .from(invoices)
        .where(and(eq(invoices.organizationId, organizationId), where))
        .orderBy(...orderOf(invoiceKeys))
        .limit(PAGE_SIZE),
    ),
    section('invoice-lines', invoiceLineColumns, invoiceLineKeys, (where) =>
      db
        .select(invoiceLineColumns)
        .from(invoiceLines)
        .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
        .where(and(eq(invoices.organizationId, organizationId), where))
        .orderBy(...orderOf(invoiceLineKeys))
        .limit(PAGE_SIZE),
    ),
    section('recordings', recordingColumns, recordingKeys, (where) =>
      db
        .select(recordingColumns)
        .from(recordings)
        .innerJoin(meetings, eq(meetings.id, recordings.meetingId))
        .where(and(eq(recordings.organizationId, organizationId), where))
        .orderBy(...orderOf(recordingKeys))
        .limit(PAGE_SIZE),
    ),
    section('files', fileColumns, fileKeys, (where) =>
      db
        .select(fileColumns)
        .from(files)
        .where(and(eq(files.organizationId, organizationId), where))
        .orderBy(...orderOf(fileKeys))
        .limit(PAGE_SIZE),
    ),
  ]
}

/** The agreements' PDFs, a page at a time: the sealed one once completed, the original until then. */
export function agreementPdfs(db: Db, organizationId: string) {
  return (last: string | null) =>
    db
      .select({ id: agreements.id, storageKey: files.storageKey })
      .from(agreements)
      .innerJoin(files, eq(files.id, sql`coalesce(${q(agreements.sealedFileId)}, ${q(agreements.originalFileId)})`))
      .where(and(eq(agreements.organizationId, organizationId), last ? gt(agreements.id, last) : undefined))
      .orderBy(agreements.id)
      .limit(PAGE_SIZE)
}
