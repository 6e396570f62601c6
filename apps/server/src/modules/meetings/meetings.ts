import { randomBytes } from 'node:crypto'
import { type IceServer, MEETING_NOT_FOUND, type MeetingLink, type PublicMeeting, type UpdateMeeting } from '@closeroom/shared'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deals, meetings, organizations, users } from '../../db/schema/index.ts'
import { NotFound } from '../../http/errors.ts'
import type { AuthContext } from '../auth/module.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type MeetingRow = typeof meetings.$inferSelect

/** The public id of a new ad hoc meeting: 96 random bits, URL-safe, like a booking's meeting link. */
const newPublicId = () => randomBytes(12).toString('base64url')

/** The meeting of a booking whose location is a Closeroom meeting: its link's secret is the room's id. */
export async function openBookingMeeting(
  tx: Tx | Db,
  booking: { id: string; organizationId: string; hostId: string | null; dealId: string | null; title: string; url: string },
) {
  const publicId = new URL(booking.url).pathname.split('/').pop() ?? ''
  await tx.insert(meetings).values({
    publicId,
    organizationId: booking.organizationId,
    hostId: booking.hostId,
    bookingId: booking.id,
    dealId: booking.dealId,
    title: booking.title,
  })
}

/** Meeting rooms: opened from a deal, read by their public id for the lobby, admission switched by members. */
export function createMeetingService({ db, appUrl, iceServers }: { db: Db; appUrl: string; iceServers: IceServer[] }) {
  const linkOf = (publicId: string): MeetingLink => ({ publicId, url: `${appUrl}/m/${publicId}` })

  async function byPublicId(publicId: string): Promise<MeetingRow> {
    const [row] = await db.select().from(meetings).where(eq(meetings.publicId, publicId))
    if (!row) throw NotFound(MEETING_NOT_FOUND)
    return row
  }

  /** The deal's ad hoc room, opened on first use: the same link every time, so it can be shared ahead. */
  async function openForDeal(auth: AuthContext, dealId: string): Promise<MeetingLink> {
    const { organizationId } = auth.user
    const [deal] = await db
      .select({ id: deals.id, name: deals.name })
      .from(deals)
      .where(and(eq(deals.id, dealId), eq(deals.organizationId, organizationId)))
    if (!deal) throw NotFound('Deal not found')
    const [existing] = await db
      .select({ publicId: meetings.publicId })
      .from(meetings)
      .where(and(eq(meetings.organizationId, organizationId), eq(meetings.dealId, deal.id), isNull(meetings.bookingId)))
      .orderBy(desc(meetings.createdAt))
      .limit(1)
    if (existing) return linkOf(existing.publicId)
    const publicId = newPublicId()
    await db.insert(meetings).values({ publicId, organizationId, hostId: auth.user.id, dealId: deal.id, title: deal.name })
    return linkOf(publicId)
  }

  async function present(row: MeetingRow, auth: AuthContext | null): Promise<PublicMeeting> {
    const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, row.organizationId))
    const [host] = row.hostId ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.hostId)) : []
    return {
      publicId: row.publicId,
      title: row.title,
      hostName: host?.name ?? null,
      organizationName: org?.name ?? '',
      requireAdmission: row.requireAdmission,
      member: auth?.user.organizationId === row.organizationId,
      iceServers,
    }
  }

  async function readPublic(publicId: string, auth: AuthContext | null): Promise<PublicMeeting> {
    return present(await byPublicId(publicId), auth)
  }

  /** Any member of the meeting's organization may switch the lobby on or off; others do not see it exists. */
  async function update(auth: AuthContext, publicId: string, input: UpdateMeeting): Promise<PublicMeeting> {
    const [row] = await db
      .update(meetings)
      .set({ requireAdmission: input.requireAdmission })
      .where(and(eq(meetings.publicId, publicId), eq(meetings.organizationId, auth.user.organizationId)))
      .returning()
    if (!row) throw NotFound(MEETING_NOT_FOUND)
    return present(row, auth)
  }

  return { byPublicId, openForDeal, readPublic, update }
}

export type MeetingService = ReturnType<typeof createMeetingService>
