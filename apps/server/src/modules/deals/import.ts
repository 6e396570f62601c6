import {
  CreateDeal,
  currencyExponent,
  DEFAULT_DEAL_CURRENCY,
  type DealImportField,
  type DealImportRequest,
  type ImportReport,
  isKnownCurrency,
  type RefusedRow,
} from '@closeroom/shared'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { clients, dealContacts, deals, users } from '../../db/schema/index.ts'
import { cellOf, IMPORT_CHUNK, nameMissing, readCsv, refusal, refuseUnlessClean, reportOf, suggestMapping } from '../../lib/csv-import.ts'
import type { AuthContext } from '../auth/module.ts'
import { writeActivities } from './activities.ts'
import { endOfColumn, lockStage } from './placement.ts'
import { POSITION_GAP } from './positions.ts'
import { ensureStages } from './stages.ts'

/** The other names a column of each field goes by in CRM exports and spreadsheets (English and French). */
const synonyms: Record<DealImportField, string[]> = {
  name: ['deal', 'deal name', 'opportunity', 'opportunity name', 'title', 'affaire', 'nom', 'opportunité'],
  company: ['account', 'account name', 'organization', 'organisation', 'company name', 'société', 'entreprise'],
  amount: ['value', 'deal value', 'price', 'total', 'montant', 'valeur'],
  currency: ['currency code', 'devise'],
  stage: ['deal stage', 'pipeline stage', 'status', 'étape', 'statut'],
  owner: ['owner email', 'deal owner', 'sales rep', 'propriétaire', 'responsable'],
  expectedCloseDate: ['close date', 'expected close date', 'closing date', 'date de clôture'],
  contactEmail: ['contact', 'contact email', 'email', 'e-mail', 'client email', 'buyer email'],
}

/**
 * An amount as spreadsheets write it, in the currency's major unit ("12,500.50", "12 500,50", "1250"), in minor
 * units; null when it is not one or has more decimals than the currency. A comma or point followed by three
 * digits at the end groups thousands, as exports write them (but in a currency of three decimals, BHD, it is
 * the decimal one); followed by fewer, it is the decimal one.
 */
export function parseAmount(text: string, exponent: number): number | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '')
  if (compact === '') return 0
  if (!/^\d[\d.,]*$/.test(compact) || /[.,]$/.test(compact)) return null
  const last = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','))
  // Three digits after the last separator group thousands ("1,250"), unless the currency has three decimals.
  const thousands = compact.length - last - 1 === 3 && exponent !== 3
  const decimals = last === -1 || thousands ? '' : compact.slice(last + 1)
  if (decimals.length > exponent) return null
  const whole = (decimals ? compact.slice(0, last) : compact).replace(/[.,]/g, '')
  return Number(whole) * 10 ** exponent + Number(decimals.padEnd(exponent, '0') || '0')
}

/**
 * Deals from a CSV file, all or nothing, as `importClients` does clients: each row checked as the deal form
 * checks it, its stage found by name (the first open stage when none is given), its owner by an active member's
 * email (the importing member when none is given), its contact by a client's email. Every deal lands at the end
 * of its stage's column with a 'created' line on its timeline, in one transaction; the boards of the
 * organization are told once, after it.
 */
export function createDealImport({ db, onImported }: { db: Db; onImported: (auth: AuthContext, ids: string[]) => Promise<void> }) {
  return async function importDeals(auth: AuthContext, request: z.output<typeof DealImportRequest>): Promise<ImportReport> {
    const { organizationId } = auth.user
    const table = readCsv(request.csv)
    const mapping = suggestMapping(table.columns, synonyms, request.mapping)
    if (mapping.name === null) return nameMissing(table, mapping, request.dryRun, 'Choose the column that holds each deal’s name')

    const stages = await ensureStages(db, organizationId)
    const stageByName = new Map(stages.map((stage) => [stage.name.toLowerCase(), stage]))
    const firstOpen = stages.find((stage) => stage.kind === 'open')
    const cells = (field: DealImportField) => table.rows.map((row) => cellOf(row.cells, mapping, field).toLowerCase()).filter(Boolean)
    const members = await emailsToIds(db, users, organizationId, cells('owner'), eq(users.status, 'active'))
    const contacts = await emailsToIds(db, clients, organizationId, cells('contactEmail'))

    const refused: RefusedRow[] = []
    const checked: { deal: z.output<typeof CreateDeal> & { stageId: string; ownerId: string } }[] = []
    for (const { line, cells: row } of table.rows) {
      const cell = (field: DealImportField) => cellOf(row, mapping, field)
      const currency = cell('currency').toUpperCase() || DEFAULT_DEAL_CURRENCY
      if (!isKnownCurrency(currency)) {
        refused.push({ line, field: 'currency', reason: 'invalid', message: 'Unknown currency: use an ISO 4217 code such as EUR' })
        continue
      }
      const amount = parseAmount(cell('amount'), currencyExponent(currency))
      if (amount === null) {
        refused.push({ line, field: 'amount', reason: 'invalid', message: 'Not an amount in this currency, such as 1250.50' })
        continue
      }
      const stage = cell('stage') ? stageByName.get(cell('stage').toLowerCase()) : firstOpen
      if (!stage) {
        refused.push({ line, field: 'stage', reason: 'not_found', message: 'No stage of the pipeline has this name' })
        continue
      }
      const ownerId = cell('owner') ? members.get(cell('owner').toLowerCase()) : auth.user.id
      if (!ownerId) {
        refused.push({ line, field: 'owner', reason: 'not_found', message: 'No active member has this email' })
        continue
      }
      const contactId = cell('contactEmail') ? contacts.get(cell('contactEmail').toLowerCase()) : undefined
      if (cell('contactEmail') && !contactId) {
        refused.push({ line, field: 'contactEmail', reason: 'not_found', message: 'No client has this email' })
        continue
      }
      const parsed = CreateDeal.safeParse({
        name: cell('name'),
        company: cell('company'),
        amount,
        currency,
        expectedCloseDate: cell('expectedCloseDate') || null,
        contactIds: contactId ? [contactId] : [],
      })
      if (parsed.success) checked.push({ deal: { ...parsed.data, stageId: stage.id, ownerId } })
      else refused.push(refusal(line, parsed.error.issues))
    }

    refuseUnlessClean(table, refused, request.dryRun)
    if (!request.dryRun && checked.length > 0) {
      const ids = await db.transaction(async (tx) => {
        const ids: string[] = []
        // Each column's end, found once under its lock: the rows then follow one another a gap apart.
        const next = new Map<string, number>()
        for (const stageId of new Set(checked.map(({ deal }) => deal.stageId))) {
          await lockStage(tx, stageId)
          next.set(stageId, await endOfColumn(tx, stageId))
        }
        for (let at = 0; at < checked.length; at += IMPORT_CHUNK) {
          const batch = checked.slice(at, at + IMPORT_CHUNK)
          const created = await tx
            .insert(deals)
            .values(
              batch.map(({ deal }) => {
                const position = next.get(deal.stageId) as number
                next.set(deal.stageId, position + POSITION_GAP)
                return {
                  organizationId,
                  name: deal.name,
                  company: deal.company,
                  ownerId: deal.ownerId,
                  stageId: deal.stageId,
                  amount: deal.amount,
                  currency: deal.currency,
                  expectedCloseDate: deal.expectedCloseDate,
                  notes: deal.notes,
                  position,
                }
              }),
            )
            .returning({ id: deals.id })
          ids.push(...created.map(({ id }) => id))
          const links = created.flatMap(({ id }, index) =>
            (batch[index]?.deal.contactIds ?? []).map((clientId) => ({ dealId: id, clientId, organizationId })),
          )
          if (links.length > 0) await tx.insert(dealContacts).values(links)
          // The timeline's 'created' line names the stage, as a deal made by hand has it.
          for (const stage of stages) {
            const inStage = created.filter((_, index) => batch[index]?.deal.stageId === stage.id).map(({ id }) => id)
            await writeActivities(tx, inStage, 'created', auth.user.id, { stage: stage.name })
          }
        }
        return ids
      })
      await onImported(auth, ids)
    }
    return reportOf(table, mapping, [], refused, { imported: refused.length > 0 ? 0 : checked.length, skipped: 0, dryRun: request.dryRun })
  }
}

/** The ids of the organization's rows (members or clients) by their emails, compared in any case. */
async function emailsToIds(
  db: Db,
  table: typeof users | typeof clients,
  organizationId: string,
  emails: string[],
  also?: ReturnType<typeof eq>,
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  const wanted = [...new Set(emails)]
  for (let at = 0; at < wanted.length; at += IMPORT_CHUNK) {
    const rows = await db
      .select({ id: table.id, email: sql<string>`lower(${table.email})` })
      .from(table)
      .where(and(eq(table.organizationId, organizationId), inArray(sql`lower(${table.email})`, wanted.slice(at, at + IMPORT_CHUNK)), also))
      .orderBy(table.createdAt)
    // The earliest row of an email wins, as a buyer's email finds its client.
    for (const { id, email } of rows) if (!found.has(email)) found.set(email, id)
  }
  return found
}
