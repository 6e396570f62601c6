import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  bookingEvents,
  bookingParticipants,
  bookings,
  eventTypeHosts,
  eventTypes,
  organizations,
  publicHandles,
  schedules,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { seedAutomations } from '../automations/module.ts'
import { WORKING_HOURS } from '../booking/module.ts'
import { seedChat } from '../chat/module.ts'
import { seedPipeline } from '../deals/module.ts'
import { type FileStore, seedLibrary, titleOf } from '../files/module.ts'
import { seedInsights } from '../insights/module.ts'
import { seedLandingPage } from '../landing/module.ts'
import { seedMeeting } from '../meetings/module.ts'
import { seedConversations } from '../messages/module.ts'
import { seedPosts } from '../posts/module.ts'
import { seedProductRoom } from '../products/module.ts'
import { seedRoutingForm } from '../routing/module.ts'
import { seedSalesroom } from '../salesrooms/module.ts'

export const DEMO_PASSWORD = 'closeroom-demo'
export const DEMO_OWNER_EMAIL = 'owner@closeroom.demo'

/**
 * A fresh database gets a demo organization so a newcomer can sign in at once. It runs only while the
 * database holds no organization at all, so it never touches real data. Its library's PDFs go into `files`,
 * the file store uploads go to.
 */
export async function seedDemo(db: Db, files: FileStore): Promise<{ email: string; password: string } | null> {
  const [existing] = await db.select({ id: organizations.id }).from(organizations).limit(1)
  if (existing) return null
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await db.transaction(async (tx) => {
    const [org] = await tx.insert(organizations).values({ name: 'Acme Sales' }).returning()
    if (!org) throw new Error('demo organization insert returned nothing')
    const people = [
      // Each with the region the demo routing form (/f/demo) matches larger teams by.
      {
        email: DEMO_OWNER_EMAIL,
        name: 'Olivia Owner',
        role: 'owner' as const,
        timeZone: 'Europe/Paris',
        attributes: { region: ['Europe'] },
      },
      {
        email: 'maya@closeroom.demo',
        name: 'Maya Member',
        role: 'member' as const,
        timeZone: 'America/New_York',
        attributes: { region: ['Americas'] },
      },
      {
        email: 'sam@closeroom.demo',
        name: 'Sam Seller',
        role: 'member' as const,
        timeZone: 'Asia/Ho_Chi_Minh',
        attributes: { region: ['Asia-Pacific'] },
      },
    ]
    const rows = await tx
      .insert(users)
      .values(people.map((p) => ({ ...p, organizationId: org.id, passwordHash, status: 'active' as const, emailVerifiedAt: new Date() })))
      .returning()
    const [team] = await tx.insert(teams).values({ organizationId: org.id, name: 'Enterprise' }).returning()
    if (!team) throw new Error('demo team insert returned nothing')
    await tx.insert(teamMembers).values(rows.map((u) => ({ teamId: team.id, userId: u.id, organizationId: org.id })))
    await seedBooking(tx, org.id, rows, team.id)
    // The pipeline: stages, products, a few contacts and deals in every stage (modules/deals/demo.ts).
    await seedPipeline(tx, org.id, rows)
    // Client threads and deal chats on that pipeline (modules/messages/demo.ts).
    await seedConversations(tx, org.id, rows)
    // The team chat: a group and a direct conversation (modules/chat/demo.ts).
    await seedChat(tx, org.id, rows)
    const olivia = rows.find((u) => u.email === DEMO_OWNER_EMAIL)
    if (!olivia) throw new Error('demo owner missing')
    // The library: pricing and a security overview, each in a folder (modules/files/demo.ts).
    const library = await seedLibrary(tx, files, { organizationId: org.id, uploadedBy: olivia.id })
    const pricing = library.get('pricing-2027.pdf')
    if (!pricing?.pages) throw new Error('demo pricing document missing')
    // The Northwind pilot's sales room at /d/demo, pricing shared from the library and read (modules/salesrooms/demo.ts).
    await seedSalesroom(tx, org.id, { fileId: pricing.id, title: titleOf(pricing.name), pages: pricing.pages })
    // A rule on Closeroom Enterprise: inquiry → deal in Qualified, round robin to Enterprise, thank-you email.
    await seedAutomations(tx, org.id)
    // The organization's public page at /l/demo (modules/landing/demo.ts).
    await seedLandingPage(tx, org.id)
    // Closeroom Enterprise's product room at /p/demo (modules/products/demo.ts).
    await seedProductRoom(tx, org.id)
    // The routing form at /f/demo: team size and region decide who the buyer books (modules/routing/demo.ts).
    await seedRoutingForm(tx, org.id)
    // Olivia's meeting room at /m/demo, to try a call (modules/meetings/demo.ts).
    await seedMeeting(tx, org.id, olivia.id)
    // A case study and release notes, published on /l/demo (modules/posts/demo.ts).
    await seedPosts(tx, org.id, olivia.id)
    // The dashboards' past: eight weeks of bookings, quotas and the reporting currency (modules/insights/demo.ts).
    await seedPastBookings(tx, org.id, rows)
    await seedInsights(
      tx,
      org.id,
      rows.map((u) => u.id),
      team.id,
    )
  })
  return { email: DEMO_OWNER_EMAIL, password: DEMO_PASSWORD }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Person = { id: string; timeZone: string; email: string }

/**
 * Booking on a fresh start: Olivia's page /u/demo with an intro call and a product demo, and the Enterprise
 * team's page /u/enterprise whose "Talk to sales" goes round robin to whoever is free and least booked.
 * Everyone works Monday to Friday, 9 to 5, in their own zone.
 */
async function seedBooking(tx: Tx, organizationId: string, people: Person[], teamId: string) {
  const olivia = people.find((p) => p.email === DEMO_OWNER_EMAIL)
  if (!olivia) throw new Error('demo owner missing')
  await tx.insert(schedules).values(
    people.map((p) => ({
      organizationId,
      userId: p.id,
      name: 'Working hours',
      timeZone: p.timeZone,
      weeklyHours: WORKING_HOURS,
      isDefault: true,
    })),
  )
  await tx.insert(publicHandles).values([
    { handle: 'demo', organizationId, userId: olivia.id },
    { handle: 'enterprise', organizationId, teamId },
  ])
  const common = { organizationId, ownerId: olivia.id, minimumNotice: 120, bookingWindow: { kind: 'rolling' as const, days: 60 } }
  const created = await tx
    .insert(eventTypes)
    .values([
      {
        ...common,
        kind: 'personal' as const,
        slug: 'intro',
        title: 'Intro call',
        description: 'A first conversation: your goals, your team, and whether Closeroom fits.',
        durations: [30],
        location: { kind: 'meeting' as const },
      },
      {
        ...common,
        kind: 'personal' as const,
        slug: 'demo',
        title: 'Product demo',
        description: 'A guided tour of booking, meetings, recordings and sales rooms, with your questions.',
        durations: [30, 60],
        location: { kind: 'meeting' as const },
        bufferAfter: 10,
        questions: [
          { id: 'company', label: 'Company', type: 'text' as const, required: true, options: [] },
          { id: 'team_size', label: 'Team size', type: 'select' as const, required: false, options: ['1-10', '11-50', '51-200', '200+'] },
        ],
      },
      {
        ...common,
        kind: 'round_robin' as const,
        teamId,
        slug: 'sales',
        title: 'Talk to sales',
        description: 'Pricing, plans and rollout with the first free member of our sales team.',
        durations: [30, 45],
        location: { kind: 'meeting' as const },
      },
    ])
    .returning({ id: eventTypes.id, kind: eventTypes.kind })
  await tx
    .insert(eventTypeHosts)
    .values(
      created.flatMap((e) =>
        e.kind === 'personal'
          ? [{ eventTypeId: e.id, userId: olivia.id, organizationId }]
          : people.map((p) => ({ eventTypeId: e.id, userId: p.id, organizationId })),
      ),
    )
}

/** Rough offsets of the demo people's zones, enough to put past meetings in their working hours. */
const DEMO_OFFSETS: Record<string, number> = { 'Europe/Paris': 1, 'America/New_York': -5, 'Asia/Ho_Chi_Minh': 7 }

/**
 * Eight weeks of past bookings on the demo's event types, in each host's working hours: most held, some
 * cancelled, some moved, a few marked no-show. Past, so they hold no time (no booking_hosts rows) and no
 * email or reminder goes out. Three bulk statements.
 */
async function seedPastBookings(tx: Tx, organizationId: string, people: Person[]) {
  const types = await tx
    .select({ id: eventTypes.id, title: eventTypes.title, kind: eventTypes.kind })
    .from(eventTypes)
    .where(eq(eventTypes.organizationId, organizationId))
  const olivia = people.find((p) => p.email === DEMO_OWNER_EMAIL)
  if (!olivia || types.length === 0) return
  const names = ['Bea Buyer', 'Carlos Ruiz', 'Dana Kim', 'Emeka Obi', 'Farah Haddad', 'Goro Tanaka', 'Hanna Berg', 'Ivan Petrov']
  const now = Date.now()
  const plans = Array.from({ length: 90 }, (_, i) => {
    const type = types[i % types.length] as (typeof types)[number]
    const host = type.kind === 'round_robin' ? (people[i % people.length] as Person) : olivia
    const daysAgo = 1 + ((i * 37) % 56)
    const day = new Date(now - daysAgo * 86_400_000)
    // Weekdays only: a weekend day moves to the Friday before.
    const weekday = day.getUTCDay()
    if (weekday === 0 || weekday === 6) day.setUTCDate(day.getUTCDate() - (weekday === 0 ? 2 : 1))
    const hour = 9 + ((i * 5) % 8) - (DEMO_OFFSETS[host.timeZone] ?? 0)
    const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, (i % 2) * 30))
    const created = new Date(start.getTime() - (2 + ((i * 13) % 240)) * 3_600_000)
    const fate = i % 10 === 3 ? 'cancelled' : i % 10 === 7 ? 'no_show' : i % 10 === 5 ? 'rescheduled' : 'held'
    const name = names[i % names.length] as string
    return { type, host, start, created, fate, name }
  })
  const inserted = await tx
    .insert(bookings)
    .values(
      plans.map((p) => ({
        uid: randomBytes(16).toString('base64url'),
        organizationId,
        eventTypeId: p.type.id,
        status: p.fate === 'cancelled' ? ('cancelled' as const) : ('accepted' as const),
        title: `${p.type.title} with ${p.name}`,
        startAt: p.start,
        endAt: new Date(p.start.getTime() + 30 * 60_000),
        attendeeName: p.name,
        attendeeEmail: `${p.name.split(' ')[0]?.toLowerCase()}@buyer.example`,
        attendeeTimeZone: p.host.timeZone,
        locationKind: 'meeting' as const,
        noShow: p.fate === 'no_show',
        cancelReason: p.fate === 'cancelled' ? 'Something came up' : null,
        sequence: p.fate === 'held' ? 0 : 1,
        createdAt: p.created,
      })),
    )
    .returning({ id: bookings.id })
  await tx.insert(bookingParticipants).values(plans.map((p, i) => ({ bookingId: inserted[i]?.id as string, userId: p.host.id })))
  await tx.insert(bookingEvents).values(
    plans.flatMap((p, i) => {
      const bookingId = inserted[i]?.id as string
      const between = new Date((p.created.getTime() + p.start.getTime()) / 2)
      return [
        { bookingId, action: 'created' as const, by: 'attendee' as const, createdAt: p.created },
        ...(p.fate === 'cancelled'
          ? [{ bookingId, action: 'cancelled' as const, by: 'attendee' as const, reason: 'Something came up', createdAt: between }]
          : []),
        ...(p.fate === 'rescheduled'
          ? [
              {
                bookingId,
                action: 'rescheduled' as const,
                by: 'attendee' as const,
                fromStart: new Date(p.start.getTime() - 86_400_000),
                createdAt: between,
              },
            ]
          : []),
      ]
    }),
  )
}
