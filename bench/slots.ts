import type { WeeklyRange } from '@closeroom/shared'
import { type HostAvailability, hostSlots, type Interval, type SlotRules, teamSlots } from '../apps/server/src/modules/booking/slots.ts'
import { addDays, utcToZoned, zonedToUtc } from '../apps/server/src/modules/booking/zones.ts'
import { type Result, result } from './report.ts'

// The slot engine, pure and in-process: one host over 31 days with 200 bookings, and a round-robin team of
// 50 such hosts. Baseline: a straightforward reference in this file that generates every candidate of every
// range and checks it against every range and every busy interval, in the same run on the same data. Both
// must give the same starts before either is timed. The ratio is engine time / reference time.

const BENCH = 'slots'
const MINUTE = 60_000
/** Each side of a comparison runs this long, after a warm-up of a quarter of it. */
const SECONDS = 3

const RULES: SlotRules = {
  duration: 30,
  interval: 30,
  bufferBefore: 10,
  bufferAfter: 10,
  minimumNotice: 120,
  dailyLimit: null,
  weeklyLimit: null,
}
const NOW = Date.parse('2026-11-30T12:00:00Z')
const RANGE: Interval = { start: Date.parse('2026-12-01T00:00:00Z'), end: Date.parse('2027-01-01T00:00:00Z') }
const ZONES = ['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Europe/London', 'America/Los_Angeles']

function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

/** Monday to Friday 09:00–12:00 and 13:00–18:00, a day off and a short day, and `bookings` meetings of 30–60 minutes. */
function buildHost(userId: string, timeZone: string, bookings: number, seed: number): HostAvailability {
  const random = seeded(seed)
  const weeklyHours: WeeklyRange[] = [1, 2, 3, 4, 5].flatMap((day) => [
    { day, start: '09:00', end: '12:00' },
    { day, start: '13:00', end: '18:00' },
  ])
  const busy: Interval[] = []
  const bookedStarts: number[] = []
  for (let i = 0; i < bookings; i++) {
    const date = addDays('2026-12-01', Math.floor(random() * 31))
    const start = zonedToUtc(date, 8 * 60 + Math.floor(random() * 40) * 15, timeZone)
    const minutes = random() < 0.5 ? 30 : 60
    busy.push({ start: start - RULES.bufferBefore * MINUTE, end: start + (minutes + RULES.bufferAfter) * MINUTE })
    bookedStarts.push(start)
  }
  return {
    userId,
    timeZone,
    weeklyHours,
    overrides: [
      { date: '2026-12-24', ranges: [{ start: '09:00', end: '12:00' }] },
      { date: '2026-12-25', ranges: [] },
    ],
    busy,
    bookedStarts,
  }
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** The obvious way: every candidate of every range of every date, checked against every range and every busy interval. */
export function referenceHostSlots(host: HostAvailability, rules: SlotRules, range: Interval, now: number): number[] {
  const ranges: Interval[] = []
  const last = addDays(utcToZoned(range.end, host.timeZone).date, 1)
  for (let date = addDays(utcToZoned(range.start, host.timeZone).date, -1); date <= last; date = addDays(date, 1)) {
    const override = host.overrides.find((o) => o.date === date)
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
    for (const span of override ? override.ranges : host.weeklyHours.filter((w) => w.day === weekday)) {
      const start = zonedToUtc(date, minutesOf(span.start), host.timeZone)
      const end = zonedToUtc(date, minutesOf(span.end), host.timeZone)
      if (end > start) ranges.push({ start, end })
    }
  }
  const covered = (from: number, to: number) => {
    let reached = from
    while (reached < to) {
      const next = ranges.find((r) => r.start <= reached && reached < r.end)
      if (!next) return false
      reached = next.end
    }
    return true
  }
  const slots: number[] = []
  for (const r of ranges) {
    for (let s = r.start; s < r.end; s += rules.interval * MINUTE) {
      if (s < range.start || s >= range.end || s < now + rules.minimumNotice * MINUTE) continue
      if (!covered(s, s + rules.duration * MINUTE)) continue
      const from = s - rules.bufferBefore * MINUTE
      const to = s + (rules.duration + rules.bufferAfter) * MINUTE
      if (host.busy.some((b) => b.start < to && b.end > from)) continue
      if (!slots.includes(s)) slots.push(s)
    }
  }
  return slots.sort((a, b) => a - b)
}

function referenceTeamSlots(hosts: HostAvailability[], rules: SlotRules, range: Interval, now: number): number[] {
  return [...new Set(hosts.flatMap((host) => referenceHostSlots(host, rules, range, now)))].sort((a, b) => a - b)
}

/** Milliseconds per call of fn over one round of `ms` milliseconds. */
function round(fn: () => unknown, ms: number): number {
  const started = performance.now()
  let calls = 0
  while (performance.now() - started < ms) {
    fn()
    calls++
  }
  return (performance.now() - started) / calls
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/**
 * Engine and reference in alternating rounds of 200 ms for SECONDS each after a warm-up, and the median round of
 * each: on a shared machine both then see the same load, and a round slowed by a neighbour does not count.
 */
function timeBoth(engine: () => unknown, reference: () => unknown): { engineMs: number; referenceMs: number } {
  round(engine, 250 * SECONDS)
  round(reference, 250 * SECONDS)
  const engineRounds: number[] = []
  const referenceRounds: number[] = []
  for (let i = 0; i < SECONDS * 5; i++) {
    engineRounds.push(round(engine, 200))
    referenceRounds.push(round(reference, 200))
  }
  return { engineMs: median(engineRounds), referenceMs: median(referenceRounds) }
}

function compare(metric: string, engine: () => number[], reference: () => number[]): Result {
  const fast = engine()
  const slow = reference()
  if (fast.length === 0 || fast.join() !== slow.join()) {
    throw new Error(`${metric}: the engine gives ${fast.length} starts, the reference ${slow.length}; they must agree`)
  }
  const { engineMs, referenceMs } = timeBoth(engine, reference)
  console.log(
    `${BENCH}: ${metric}: ${fast.length} starts; engine ${engineMs.toFixed(3)} ms, reference ${referenceMs.toFixed(3)} ms per call`,
  )
  // µs, so that the report's rounding keeps the digits that matter.
  return result({ bench: BENCH, metric, value: engineMs * 1000, unit: 'µs/call', baseline: referenceMs * 1000 })
}

export async function slotsBench(): Promise<Result[]> {
  console.log(
    `${BENCH}: engine vs reference, ${SECONDS} s each in alternating 200 ms rounds, median round; 31 days, 30-minute slots, 10-minute buffers`,
  )
  const host = buildHost('host', 'Europe/Paris', 200, 1)
  const team = Array.from({ length: 50 }, (_, i) => buildHost(`host${i}`, ZONES[i % ZONES.length] as string, 180 + (i % 5) * 10, i + 2))
  return [
    compare(
      'one host, 31 days, 200 bookings',
      () => hostSlots(host, RULES, RANGE, NOW),
      () => referenceHostSlots(host, RULES, RANGE, NOW),
    ),
    compare(
      'round robin, 50 hosts, 31 days, ~200 bookings each',
      () => teamSlots('round_robin', team, RULES, RANGE, NOW),
      () => referenceTeamSlots(team, RULES, RANGE, NOW),
    ),
  ]
}
