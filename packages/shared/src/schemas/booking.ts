import { z } from 'zod'
import { MESSAGES } from '../messages.ts'
import { httpsUrl, phone } from '../rules.ts'
import { PersonName, TimeZone } from './auth.ts'
import { Email, Id, patchOf } from './common.ts'

// Booking: event types, availability schedules, slots and bookings. Times on the wire are ISO 8601 instants
// (UTC, with Z); calendar dates are 'YYYY-MM-DD' in a named IANA zone; times of day are 'HH:MM', 24 h.

export const BOOKING_LIMITS = {
  /** Longest meeting, and the longest buffer, notice and window an event type may ask for. */
  maxDurationMinutes: 720,
  maxBufferMinutes: 240,
  maxNoticeMinutes: 60 * 24 * 60,
  maxWindowDays: 730,
  /** Widest range one slots request may cover. */
  maxSlotRangeDays: 62,
  maxDurations: 6,
  maxQuestions: 20,
  /** How long before the meeting reminders go out, at most. */
  maxReminderMinutes: 60 * 24 * 7,
} as const

export const SLOT_TAKEN = 'This time is no longer available'

export const IsoDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: MESSAGES.date })
export const TimeOfDay = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { message: MESSAGES.time })
export const Instant = z.iso.datetime({ offset: true, message: 'Must be a date and time such as 2026-12-01T09:00:00Z' })

/** 0 is Sunday, as in Date#getDay. */
export const Weekday = z.number().int().min(0).max(6)

export const TimeRange = z
  .object({ start: TimeOfDay, end: TimeOfDay })
  .refine((r) => r.start < r.end, { message: MESSAGES.endAfterStart, path: ['end'] })
export type TimeRange = z.infer<typeof TimeRange>

/** One span of working hours on a weekday, in the schedule's time zone. */
export const WeeklyRange = z
  .object({ day: Weekday, start: TimeOfDay, end: TimeOfDay })
  .refine((r) => r.start < r.end, { message: MESSAGES.endAfterStart, path: ['end'] })
export type WeeklyRange = z.infer<typeof WeeklyRange>

/** A date with other hours than the week's: no ranges means unavailable all day. */
export const DateOverride = z.object({ date: IsoDate, ranges: z.array(TimeRange).max(12) })
export type DateOverride = z.infer<typeof DateOverride>

const overlapping = (ranges: { start: string; end: string }[]) => {
  const sorted = [...ranges].sort((a, b) => a.start.localeCompare(b.start))
  return sorted.some((r, i) => i > 0 && r.start < (sorted[i - 1]?.end ?? ''))
}

const ScheduleFields = z.object({
  name: z.string().trim().min(1, { message: MESSAGES.nameRequired }).max(80),
  timeZone: TimeZone,
  weeklyHours: z
    .array(WeeklyRange)
    .max(7 * 12)
    .refine((hours) => [0, 1, 2, 3, 4, 5, 6].every((day) => !overlapping(hours.filter((h) => h.day === day))), {
      message: MESSAGES.overlap,
    }),
  overrides: z
    .array(DateOverride)
    .max(366)
    .refine((list) => new Set(list.map((o) => o.date)).size === list.length, { message: MESSAGES.overrideOnce })
    .refine((list) => list.every((o) => !overlapping(o.ranges)), { message: MESSAGES.overlap }),
  /** The schedule an event type uses when it names none. Each user has exactly one. */
  isDefault: z.boolean(),
})

export const Schedule = ScheduleFields.extend({ id: Id, userId: Id })
export type Schedule = z.infer<typeof Schedule>
export const ScheduleList = z.object({ schedules: z.array(Schedule) })
export const CreateSchedule = ScheduleFields.partial({ overrides: true, isDefault: true })
export type CreateSchedule = z.infer<typeof CreateSchedule>
export const UpdateSchedule = patchOf(ScheduleFields)
export type UpdateSchedule = z.infer<typeof UpdateSchedule>

/**
 * Where the meeting happens. `meeting` is a Closeroom room at /m/:id; `phone` means the host calls the buyer
 * on the number the buyer gives (so the form asks for it); `in_person` an address; `link` any https URL.
 */
export const EventLocation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('meeting') }),
  z.object({ kind: z.literal('phone') }),
  z.object({ kind: z.literal('in_person'), address: z.string().trim().min(1, { message: MESSAGES.address }).max(300) }),
  z.object({ kind: z.literal('link'), url: httpsUrl.refine((u) => u !== '', { message: MESSAGES.link }) }),
])
export type EventLocation = z.infer<typeof EventLocation>
export const LocationKind = z.enum(['meeting', 'phone', 'in_person', 'link'])

export const QUESTION_TYPES = ['text', 'email', 'phone', 'select', 'checkbox'] as const
export const BookingQuestion = z
  .object({
    /** Stable key of the answer, e.g. 'company'. */
    id: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,39}$/, { message: MESSAGES.key })
      .refine((id) => !['name', 'email', 'phone', 'notes'].includes(id), { message: MESSAGES.keyTaken }),
    label: z.string().trim().min(1, { message: MESSAGES.label }).max(200),
    type: z.enum(QUESTION_TYPES),
    required: z.boolean().default(false),
    /** The choices of a select question. */
    options: z.array(z.string().trim().min(1).max(100)).max(30).default([]),
  })
  .refine((q) => q.type !== 'select' || q.options.length >= 2, {
    message: MESSAGES.options,
    path: ['options'],
  })
export type BookingQuestion = z.infer<typeof BookingQuestion>

/** How far ahead buyers may book: a rolling number of days from today, or a fixed range of dates. */
export const BookingWindow = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rolling'), days: z.number().int().min(1).max(BOOKING_LIMITS.maxWindowDays) }),
  z
    .object({ kind: z.literal('range'), start: IsoDate, end: IsoDate })
    .refine((w) => w.start <= w.end, { message: MESSAGES.endNotBeforeStart, path: ['end'] }),
])
export type BookingWindow = z.infer<typeof BookingWindow>

export const EVENT_TYPE_KINDS = ['personal', 'round_robin', 'collective'] as const
export const EventTypeKind = z.enum(EVENT_TYPE_KINDS)
export type EventTypeKind = z.infer<typeof EventTypeKind>

export const Minutes = (max: number) => z.number().int().min(0).max(max)
export const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/, { message: MESSAGES.slug })

/** A host of a team event type; a higher weight gets proportionally more round-robin bookings. */
export const EventTypeHostInput = z.object({ userId: Id, weight: z.number().int().min(1).max(100).default(1) })

const EventTypeFields = z.object({
  title: z.string().trim().min(1, { message: MESSAGES.title }).max(120),
  slug: Slug,
  description: z.string().trim().max(5000).default(''),
  /** Minutes; the buyer picks one when there are several. The first is the default. */
  durations: z
    .array(z.number().int().min(5).max(BOOKING_LIMITS.maxDurationMinutes))
    .min(1, { message: MESSAGES.durations })
    .max(BOOKING_LIMITS.maxDurations)
    .refine((d) => new Set(d).size === d.length, { message: MESSAGES.durationOnce }),
  location: EventLocation.default({ kind: 'meeting' }),
  bufferBefore: Minutes(BOOKING_LIMITS.maxBufferMinutes).default(0),
  bufferAfter: Minutes(BOOKING_LIMITS.maxBufferMinutes).default(0),
  /** No slot starts sooner than this many minutes from now. */
  minimumNotice: Minutes(BOOKING_LIMITS.maxNoticeMinutes).default(120),
  bookingWindow: BookingWindow.default({ kind: 'rolling', days: 60 }),
  /** Minutes between slot starts; null means the chosen duration. */
  slotInterval: z.number().int().min(5).max(BOOKING_LIMITS.maxDurationMinutes).nullable().default(null),
  /** Most bookings per host per day / per week (Monday to Sunday, in the host's zone); null for no limit. */
  dailyLimit: z.number().int().min(1).max(100).nullable().default(null),
  weeklyLimit: z.number().int().min(1).max(500).nullable().default(null),
  requiresConfirmation: z.boolean().default(false),
  questions: z
    .array(BookingQuestion)
    .max(BOOKING_LIMITS.maxQuestions)
    .refine((q) => new Set(q.map((x) => x.id)).size === q.length, { message: MESSAGES.keyTwice })
    .default([]),
  hidden: z.boolean().default(false),
  /** The owner's schedule to use; null means each host's default schedule. */
  scheduleId: Id.nullable().default(null),
})

export const CreateEventType = EventTypeFields.extend({
  kind: EventTypeKind.default('personal'),
  /** Required for round_robin and collective: the team whose members host it. */
  teamId: Id.nullable().default(null),
  /** Team event types: which team members host, with weights. Empty means every member, weight 1. */
  hosts: z.array(EventTypeHostInput).max(200).default([]),
}).refine((e) => (e.kind === 'personal') === (e.teamId === null), {
  message: MESSAGES.team,
  path: ['teamId'],
})
export type CreateEventType = z.input<typeof CreateEventType>

export const UpdateEventType = patchOf(EventTypeFields.extend({ hosts: z.array(EventTypeHostInput).max(200) }))
export type UpdateEventType = z.input<typeof UpdateEventType>

export const EventTypeHost = z.object({ userId: Id, name: z.string(), avatarUrl: z.string().nullable(), weight: z.number().int() })

export const EventType = EventTypeFields.extend({
  id: Id,
  kind: EventTypeKind,
  ownerId: Id,
  teamId: Id.nullable(),
  hosts: z.array(EventTypeHost),
  /** The public booking page of this event type: /u/{handle}?type={slug}. */
  bookingUrl: z.string(),
  createdAt: z.string(),
})
export type EventType = z.infer<typeof EventType>
export const EventTypeList = z.object({ eventTypes: z.array(EventType) })

/** The organization's defaults for new event types and the reminders it sends (admin booking settings). */
export const BookingSettings = z.object({
  defaultDuration: z.number().int().min(5).max(BOOKING_LIMITS.maxDurationMinutes),
  bufferBefore: Minutes(BOOKING_LIMITS.maxBufferMinutes),
  bufferAfter: Minutes(BOOKING_LIMITS.maxBufferMinutes),
  minimumNotice: Minutes(BOOKING_LIMITS.maxNoticeMinutes),
  windowDays: z.number().int().min(1).max(BOOKING_LIMITS.maxWindowDays),
  /** Reminder emails, minutes before the start (e.g. [1440, 60]); empty for none. */
  reminderMinutes: z
    .array(z.number().int().min(5).max(BOOKING_LIMITS.maxReminderMinutes))
    .max(3)
    .refine((r) => new Set(r).size === r.length, { message: MESSAGES.reminderOnce }),
  /** Default for new event types. */
  requiresConfirmation: z.boolean(),
})
export type BookingSettings = z.infer<typeof BookingSettings>

// ---- Public side (no account) ----

/** The seller's (or team's) public page /u/{id}; `id` is the public handle, e.g. 'demo'. */
export const PublicHandleParams = z.object({ id: Slug })

export const PublicEventType = z.object({
  id: Id,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  durations: z.array(z.number().int()),
  location: z.object({ kind: LocationKind }),
  kind: EventTypeKind,
  requiresConfirmation: z.boolean(),
  questions: z.array(BookingQuestion),
  hosts: z.array(z.object({ name: z.string(), avatarUrl: z.string().nullable() })),
  /** The first bookable date and the last, in the host's zone, from the booking window. */
  bookableFrom: IsoDate,
  bookableUntil: IsoDate,
})
export type PublicEventType = z.infer<typeof PublicEventType>

export const PublicProfile = z.object({
  id: z.string(),
  kind: z.enum(['user', 'team']),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  /** The host's zone (a team: its organization's): where the week's hours are set. */
  timeZone: z.string(),
  organization: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  /** Team pages list their members. */
  members: z.array(z.object({ name: z.string(), avatarUrl: z.string().nullable() })),
  eventTypes: z.array(PublicEventType),
})
export type PublicProfile = z.infer<typeof PublicProfile>

export const SlotsQuery = z.object({
  /** A date (read in timeZone) or an instant; the range is [from, to] inclusive of the whole 'to' date. */
  from: z.union([IsoDate, Instant]),
  to: z.union([IsoDate, Instant]),
  timeZone: TimeZone,
  /** One of the event type's durations; its first by default. */
  duration: z.coerce.number().int().min(5).max(BOOKING_LIMITS.maxDurationMinutes).optional(),
  /** A routing form's response (its id): only the members routing chose for it are offered. */
  routing: Id.optional(),
})
export type SlotsQuery = z.infer<typeof SlotsQuery>

/** Available starts grouped by their date in the asked time zone, each list ascending. */
export const Slots = z.object({ slots: z.record(IsoDate, z.array(z.string())) })
export type Slots = z.infer<typeof Slots>

export const BookingAnswers = z.record(z.string().max(40), z.union([z.string().max(2000), z.boolean()]))

export const CreateBooking = z.object({
  eventTypeId: Id,
  start: Instant,
  duration: z.number().int().min(5).max(BOOKING_LIMITS.maxDurationMinutes).optional(),
  /** The buyer's zone: their emails show times in it. */
  timeZone: TimeZone,
  name: PersonName,
  email: Email,
  phone: phone.optional(),
  notes: z.string().trim().max(2000).optional(),
  answers: BookingAnswers.optional(),
  /** Booked from a deal's sales room (its public id): the booking lands on that deal's timeline. */
  salesroomId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, { message: 'Sales room not found' })
    .optional(),
  /** Booked from a product's room (its public id): the product's automations hear of it. */
  productRoomId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, { message: 'Product not found' })
    .optional(),
  /** Booked after a routing form: the host is one of the members it chose, and its answers join the booking's. */
  routingResponseId: Id.optional(),
})
export type CreateBooking = z.input<typeof CreateBooking>

export const BOOKING_STATUSES = ['pending', 'accepted', 'cancelled', 'declined'] as const
export const BookingStatus = z.enum(BOOKING_STATUSES)
export type BookingStatus = z.infer<typeof BookingStatus>

export const BookingUidParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: 'Booking not found' }) })

/** What the buyer sees of their booking: the confirmation, reschedule and cancel pages. */
export const PublicBooking = z.object({
  uid: z.string(),
  status: BookingStatus,
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  title: z.string(),
  eventTypeId: Id,
  durations: z.array(z.number().int()),
  duration: z.number().int(),
  hosts: z.array(z.object({ name: z.string(), avatarUrl: z.string().nullable() })),
  /** The seller's public page, to book again. */
  handle: z.string().nullable(),
  attendee: z.object({ name: z.string(), email: z.string() }),
  /** Where to meet: the room URL, the link, the address, or the phone number the host will call. */
  location: z.object({ kind: LocationKind, value: z.string().nullable() }),
  cancelReason: z.string().nullable(),
  /** Whether the buyer may still cancel or move it (not past, not cancelled or declined). */
  changeable: z.boolean(),
})
export type PublicBooking = z.infer<typeof PublicBooking>

export const CancelBooking = z.object({ reason: z.string().trim().max(500).optional() })
export type CancelBooking = z.infer<typeof CancelBooking>
export const RescheduleBooking = z.object({ start: Instant, timeZone: TimeZone })
export type RescheduleBooking = z.infer<typeof RescheduleBooking>

// ---- Seller side ----

export const BookingHistoryEntry = z.object({
  action: z.enum(['created', 'confirmed', 'declined', 'rescheduled', 'cancelled']),
  by: z.enum(['attendee', 'host']),
  at: z.string(),
  /** For a reschedule: where it was before. */
  fromStart: z.string().nullable(),
  reason: z.string().nullable(),
})

export const Booking = z.object({
  id: Id,
  uid: z.string(),
  status: BookingStatus,
  start: z.string(),
  end: z.string(),
  title: z.string(),
  eventTypeId: Id,
  hosts: z.array(z.object({ userId: Id, name: z.string() })),
  attendee: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable(), timeZone: z.string() }),
  notes: z.string().nullable(),
  answers: z.record(z.string(), z.union([z.string(), z.boolean()])),
  location: z.object({ kind: LocationKind, value: z.string().nullable() }),
  cancelReason: z.string().nullable(),
  /** A host or an admin marked the buyer absent from this past meeting. */
  noShow: z.boolean(),
  history: z.array(BookingHistoryEntry),
  createdAt: z.string(),
})
export type Booking = z.infer<typeof Booking>

export const BookingListQuery = z.object({
  from: Instant.optional(),
  to: Instant.optional(),
  status: BookingStatus.optional(),
})
export const BookingList = z.object({ bookings: z.array(Booking) })
export const DeclineBooking = CancelBooking

/** The notification payload (user-new-notification) a host gets when a booking is made, moved or cancelled. */
export const BookingNotification = z.object({
  type: z.enum(['booking-created', 'booking-rescheduled', 'booking-cancelled', 'booking-confirmed', 'booking-declined']),
  booking: Booking,
})
export type BookingNotification = z.infer<typeof BookingNotification>

/** The signed-in user's public booking page address and calendar feed. */
export const BookingProfile = z.object({
  handle: z.string(),
  /** Absolute URL of /u/{handle}. */
  url: z.string(),
  /** Secret ICS feed any calendar app can subscribe to. */
  feedUrl: z.string(),
})
export type BookingProfile = z.infer<typeof BookingProfile>
export const UpdateBookingProfile = z.object({ handle: Slug })

// ---- Connected calendars (CalDAV) ----

export const CreateCalendarConnection = z.object({
  serverUrl: z.url({ protocol: /^https?$/, message: MESSAGES.url }),
  username: z.string().trim().min(1, { message: MESSAGES.username }).max(200),
  password: z.string().min(1, { message: MESSAGES.passwordRequired }).max(500),
})
export type CreateCalendarConnection = z.infer<typeof CreateCalendarConnection>

export const RemoteCalendar = z.object({ url: z.string(), name: z.string() })
export const CalendarConnection = z.object({
  id: Id,
  serverUrl: z.string(),
  username: z.string(),
  calendars: z.array(RemoteCalendar),
  /** Calendars whose events block slots. */
  busyCalendarUrls: z.array(z.string()),
  /** Where new bookings are written; null to write nowhere. */
  writeCalendarUrl: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
})
export type CalendarConnection = z.infer<typeof CalendarConnection>
export const CalendarConnectionList = z.object({ connections: z.array(CalendarConnection) })
export const UpdateCalendarConnection = z
  .object({ busyCalendarUrls: z.array(z.string()).max(50), writeCalendarUrl: z.string().nullable() })
  .partial()
