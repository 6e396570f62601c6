import type { Db } from '../../db/client.ts'
import { eventTypeHosts, eventTypes, organizations, publicHandles, schedules, teamMembers, teams, users } from '../../db/schema/index.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { seedAutomations } from '../automations/module.ts'
import { WORKING_HOURS } from '../booking/module.ts'
import { seedPipeline } from '../deals/module.ts'
import { seedLandingPage } from '../landing/module.ts'
import { seedMeeting } from '../meetings/module.ts'
import { seedConversations } from '../messages/module.ts'
import { seedProductRoom } from '../products/module.ts'
import { seedRoutingForm } from '../routing/module.ts'
import { seedSalesroom } from '../salesrooms/module.ts'

export const DEMO_PASSWORD = 'closeroom-demo'
export const DEMO_OWNER_EMAIL = 'owner@closeroom.demo'

/**
 * A fresh database gets a demo organization so a newcomer can sign in at once. It runs only while the
 * database holds no organization at all, so it never touches real data.
 */
export async function seedDemo(db: Db): Promise<{ email: string; password: string } | null> {
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
    // The Northwind pilot's sales room at /d/demo (modules/salesrooms/demo.ts).
    await seedSalesroom(tx, org.id)
    // A rule on Closeroom Enterprise: inquiry → deal in Qualified, round robin to Enterprise, thank-you email.
    await seedAutomations(tx, org.id)
    // The organization's public page at /l/demo (modules/landing/demo.ts).
    await seedLandingPage(tx, org.id)
    // Closeroom Enterprise's product room at /p/demo (modules/products/demo.ts).
    await seedProductRoom(tx, org.id)
    // The routing form at /f/demo: team size and region decide who the buyer books (modules/routing/demo.ts).
    await seedRoutingForm(tx, org.id)
    // Olivia's meeting room at /m/demo, to try a call (modules/meetings/demo.ts).
    const olivia = rows.find((u) => u.email === DEMO_OWNER_EMAIL)
    if (olivia) await seedMeeting(tx, org.id, olivia.id)
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
