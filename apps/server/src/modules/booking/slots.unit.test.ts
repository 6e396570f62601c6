import type { DateOverride, WeeklyRange } from '@closeroom/shared'
import { describe, expect, it } from 'vitest'
import {
  groupByDate,
  type HostAvailability,
  hostSlots,
  hostsFreeAt,
  type Interval,
  type SlotRules,
  teamSlots,
  windowBounds,
} from './slots.ts'
import { addDays, utcToZoned, zonedToUtc } from './zones.ts'

// 2026-11-23 is a Monday. Expected instants are worked out by hand in the comments, never by the engine.

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()
const MONDAY_TO_FRIDAY = [1, 2, 3, 4, 5]
const NOW = at('2026-11-01T00:00:00Z')

const hours = (days: number[], start: string, end: string): WeeklyRange[] => days.map((day) => ({ day, start, end }))

const host = (fields: Partial<HostAvailability> = {}): HostAvailability => ({
  userId: 'host',
  timeZone: 'UTC',
  weeklyHours: hours(MONDAY_TO_FRIDAY, '09:00', '12:00'),
  overrides: [],
  busy: [],
  bookedStarts: [],
  ...fields,
})

const rules = (fields: Partial<SlotRules> = {}): SlotRules => ({
  duration: 60,
  interval: 60,
  bufferBefore: 0,
  bufferAfter: 0,
  minimumNotice: 0,
  dailyLimit: null,
  weeklyLimit: null,
  ...fields,
})

const between = (from: string, to: string): Interval => ({ start: at(from), end: at(to) })
const slots = (h: HostAvailability, r: SlotRules, range: Interval, now = NOW) => hostSlots(h, r, range, now).map(iso)
const MONDAY = between('2026-11-23T00:00:00Z', '2026-11-24T00:00:00Z')
const WEEK = between('2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z')

describe('a plain week', () => {
  it('offers each working day its hours and nothing at the weekend', () => {
    const byDate = groupByDate(hostSlots(host(), rules(), WEEK, NOW), 'UTC')
    expect(Object.keys(byDate)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'])
    expect(byDate['2026-11-25']).toEqual(['2026-11-25T09:00:00.000Z', '2026-11-25T10:00:00.000Z', '2026-11-25T11:00:00.000Z'])
  })

  it('keeps to the range asked, a start on its end excluded', () => {
    expect(slots(host(), rules(), between('2026-11-23T10:00:00Z', '2026-11-23T11:00:00Z'))).toEqual(['2026-11-23T10:00:00.000Z'])
  })

  it('places the hours in the schedule zone', () => {
    // 09:00–12:00 in Paris (UTC+1 in November) is 08:00–11:00Z.
    expect(slots(host({ timeZone: 'Europe/Paris' }), rules(), MONDAY)).toEqual([
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
    ])
  })
})

describe('date overrides', () => {
  const overrides: DateOverride[] = [
    { date: '2026-11-24', ranges: [] },
    { date: '2026-11-25', ranges: [{ start: '14:00', end: '16:00' }] },
    { date: '2026-11-28', ranges: [{ start: '10:00', end: '11:00' }] },
  ]
  const byDate = groupByDate(hostSlots(host({ overrides }), rules(), WEEK, NOW), 'UTC')

  it('takes a day off', () => {
    expect(byDate['2026-11-24']).toBeUndefined()
  })

  it('replaces the hours of a working day', () => {
    expect(byDate['2026-11-25']).toEqual(['2026-11-25T14:00:00.000Z', '2026-11-25T15:00:00.000Z'])
  })

  it('opens a day the week leaves free', () => {
    expect(byDate['2026-11-28']).toEqual(['2026-11-28T10:00:00.000Z'])
  })

  it('leaves the other days alone', () => {
    expect(byDate['2026-11-23']).toHaveLength(3)
    expect(byDate['2026-11-26']).toHaveLength(3)
  })
})

describe('busy time and buffers', () => {
  const busy = [{ start: at('2026-11-23T10:00:00Z'), end: at('2026-11-23T11:00:00Z') }]

  it('never offers a meeting overlapping busy time, touching it is fine', () => {
    // 30-minute meetings 09:00–12:00 around busy 10:00–11:00: 09:30 ends as it starts, 11:00 starts as it ends.
    expect(slots(host({ busy }), rules({ duration: 30, interval: 30 }), MONDAY)).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T09:30:00.000Z',
      '2026-11-23T11:00:00.000Z',
      '2026-11-23T11:30:00.000Z',
    ])
  })

  it('keeps the buffers before and after clear of busy time, even outside the hours', () => {
    // 15 minutes each side: 09:30 needs 09:15–10:15 (busy from 10:00), 11:00 needs 10:45–11:45 (busy until 11:00);
    // 09:00 needs 08:45–09:45 and 11:30 needs 11:15–12:15, both clear though outside 09:00–12:00.
    expect(slots(host({ busy }), rules({ duration: 30, interval: 30, bufferBefore: 15, bufferAfter: 15 }), MONDAY)).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T11:30:00.000Z',
    ])
  })

  it('accepts busy times unsorted and overlapping', () => {
    const messy = [
      { start: at('2026-11-23T10:30:00Z'), end: at('2026-11-23T11:00:00Z') },
      { start: at('2026-11-23T09:00:00Z'), end: at('2026-11-23T09:20:00Z') },
      { start: at('2026-11-23T10:00:00Z'), end: at('2026-11-23T10:45:00Z') },
    ]
    expect(slots(host({ busy: messy }), rules({ duration: 30, interval: 30 }), MONDAY)).toEqual([
      '2026-11-23T09:30:00.000Z',
      '2026-11-23T11:00:00.000Z',
      '2026-11-23T11:30:00.000Z',
    ])
  })
})

describe('minimum notice', () => {
  it('offers nothing sooner than now plus the notice', () => {
    // Now 09:10, an hour of notice: the first start is 10:10 or later, so 11:00 on Monday; Tuesday is untouched.
    const now = at('2026-11-23T09:10:00Z')
    const got = groupByDate(
      hostSlots(host(), rules({ minimumNotice: 60 }), between('2026-11-23T00:00:00Z', '2026-11-25T00:00:00Z'), now),
      'UTC',
    )
    expect(got['2026-11-23']).toEqual(['2026-11-23T11:00:00.000Z'])
    expect(got['2026-11-24']).toHaveLength(3)
  })
})

describe('limits', () => {
  it('closes a day that has its daily limit of bookings, counted on the host local date', () => {
    // New York, Monday 09:00–12:00 EST = 14:00–17:00Z. 2026-11-24T03:00Z is Monday 22:00 in New York: it
    // counts for Monday with the 16:00Z one, so Monday is full; Tuesday's one booking leaves it open.
    const h = host({
      timeZone: 'America/New_York',
      bookedStarts: [at('2026-11-23T16:00:00Z'), at('2026-11-24T03:00:00Z'), at('2026-11-24T15:00:00Z')],
    })
    const got = groupByDate(
      hostSlots(h, rules({ dailyLimit: 2 }), between('2026-11-23T00:00:00Z', '2026-11-26T00:00:00Z'), NOW),
      'America/New_York',
    )
    expect(Object.keys(got)).toEqual(['2026-11-24', '2026-11-25'])
    expect(got['2026-11-24']).toEqual(['2026-11-24T14:00:00.000Z', '2026-11-24T15:00:00.000Z', '2026-11-24T16:00:00.000Z'])
  })

  it('closes a Monday-to-Sunday week that has its weekly limit, and opens the next', () => {
    // Two bookings in the week of the 23rd (Tuesday and Sunday the 29th); Sunday the 22nd belongs to the week before.
    const h = host({ bookedStarts: [at('2026-11-22T10:00:00Z'), at('2026-11-24T09:00:00Z'), at('2026-11-29T10:00:00Z')] })
    const twoWeeks = between('2026-11-23T00:00:00Z', '2026-12-05T00:00:00Z')
    expect(Object.keys(groupByDate(hostSlots(h, rules({ weeklyLimit: 2 }), twoWeeks, NOW), 'UTC'))).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ])
    expect(hostSlots(h, rules({ weeklyLimit: 3 }), twoWeeks, NOW)).toHaveLength(30)
  })
})

describe('interval and duration', () => {
  it('steps by the interval when it is shorter than the meeting', () => {
    // One hour every 30 minutes in 09:00–11:00: 10:30 would end at 11:30.
    expect(slots(host({ weeklyHours: hours([1], '09:00', '11:00') }), rules({ duration: 60, interval: 30 }), MONDAY)).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T09:30:00.000Z',
      '2026-11-23T10:00:00.000Z',
    ])
  })

  it('steps by the interval when it is longer than the meeting', () => {
    // 30 minutes every 90 in 09:00–12:00: 09:00, 10:30; 12:00 is the end.
    expect(slots(host(), rules({ duration: 30, interval: 90 }), MONDAY)).toEqual(['2026-11-23T09:00:00.000Z', '2026-11-23T10:30:00.000Z'])
  })

  it('aligns starts to the hours, not to the range asked', () => {
    // Asked from 09:10: the next start on the 09:00 grid of 30 minutes is 09:30.
    expect(slots(host(), rules({ duration: 30, interval: 30 }), between('2026-11-23T09:10:00Z', '2026-11-23T10:30:00Z'))).toEqual([
      '2026-11-23T09:30:00.000Z',
      '2026-11-23T10:00:00.000Z',
    ])
  })
})

describe('several ranges a day', () => {
  it('offers starts in each range', () => {
    const weeklyHours = [...hours([1], '14:00', '16:00'), ...hours([1], '09:00', '10:00')]
    expect(slots(host({ weeklyHours }), rules(), MONDAY)).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T14:00:00.000Z',
      '2026-11-23T15:00:00.000Z',
    ])
  })

  it('lets a meeting span two touching ranges', () => {
    // 90 minutes every hour in 09:00–12:00 + 12:00–13:30: 11:00–12:30 crosses the join; 12:00 starts the second range.
    const weeklyHours = [...hours([1], '09:00', '12:00'), ...hours([1], '12:00', '13:30')]
    expect(slots(host({ weeklyHours }), rules({ duration: 90 }), MONDAY)).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T11:00:00.000Z',
      '2026-11-23T12:00:00.000Z',
    ])
  })

  it('lets a meeting run past midnight into the next day hours', () => {
    // Monday 22:00–24:00 and Tuesday 00:00–02:00, two hours every hour: 22:00, 23:00 (till 01:00), 00:00 (till 02:00).
    const weeklyHours = [...hours([1], '22:00', '24:00'), ...hours([2], '00:00', '02:00')]
    const h = host({ weeklyHours })
    expect(slots(h, rules({ duration: 120 }), between('2026-11-23T00:00:00Z', '2026-11-25T00:00:00Z'))).toEqual([
      '2026-11-23T22:00:00.000Z',
      '2026-11-23T23:00:00.000Z',
      '2026-11-24T00:00:00.000Z',
    ])
    expect(hostsFreeAt([h], rules({ duration: 120 }), at('2026-11-23T23:00:00Z'), NOW)).toEqual(['host'])
  })
})

describe('teams', () => {
  const ada = host({ userId: 'ada', weeklyHours: hours([1], '09:00', '12:00') })
  const bo = host({ userId: 'bo', weeklyHours: hours([1], '11:00', '14:00') })

  it('round robin offers a start when any host is free', () => {
    expect(teamSlots('round_robin', [ada, bo], rules(), MONDAY, NOW).map(iso)).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T11:00:00.000Z',
      '2026-11-23T12:00:00.000Z',
      '2026-11-23T13:00:00.000Z',
    ])
  })

  it('collective offers a start only when every host is free', () => {
    expect(teamSlots('collective', [ada, bo], rules(), MONDAY, NOW).map(iso)).toEqual(['2026-11-23T11:00:00.000Z'])
    expect(teamSlots('collective', [ada, host({ userId: 'off', weeklyHours: [] })], rules(), MONDAY, NOW)).toEqual([])
  })

  it('names the hosts free at a start', () => {
    expect(hostsFreeAt([ada, bo], rules(), at('2026-11-23T11:00:00Z'), NOW)).toEqual(['ada', 'bo'])
    expect(hostsFreeAt([ada, bo], rules(), at('2026-11-23T09:00:00Z'), NOW)).toEqual(['ada'])
    expect(hostsFreeAt([ada, bo], rules(), at('2026-11-23T09:30:00Z'), NOW)).toEqual([])
    expect(hostsFreeAt([ada, bo], rules(), at('2026-11-23T14:00:00Z'), NOW)).toEqual([])
  })
})

describe('the booking window', () => {
  it('rolls from today 00:00 in the zone through today plus the days', () => {
    // 12:00Z on Monday the 23rd in Paris; 2 days: the 23rd to the 25th, up to the 26th 00:00 CET = 25th 23:00Z.
    expect(windowBounds({ kind: 'rolling', days: 2 }, 'Europe/Paris', at('2026-11-23T12:00:00Z'))).toEqual(
      between('2026-11-22T23:00:00Z', '2026-11-25T23:00:00Z'),
    )
  })

  it('covers a date range from its first date 00:00 to the day after its last, across a DST change', () => {
    // 2026-03-28 00:00 CET = 27th 23:00Z; 2026-03-30 00:00 CEST = 29th 22:00Z.
    expect(windowBounds({ kind: 'range', start: '2026-03-28', end: '2026-03-29' }, 'Europe/Paris', NOW)).toEqual(
      between('2026-03-27T23:00:00Z', '2026-03-29T22:00:00Z'),
    )
  })
})

describe('daylight saving time', () => {
  const allWeek = [0, 1, 2, 3, 4, 5, 6]
  const dayOf = (timeZone: string, date: string, start: string, end: string, r = rules()) => {
    const h = host({ timeZone, weeklyHours: hours(allWeek, start, end) })
    return slots(h, r, { start: zonedToUtc(date, 0, timeZone), end: zonedToUtc(addDays(date, 1), 0, timeZone) }, at('2026-01-01T00:00:00Z'))
  }

  it('Paris spring forward (2026-03-29): 09:00–17:00 is still eight real hours, on the new offset', () => {
    // 09:00 CEST = 07:00Z; last start 16:00 CEST = 14:00Z. The day before, 09:00 CET = 08:00Z.
    const got = dayOf('Europe/Paris', '2026-03-29', '09:00', '17:00')
    expect(got).toHaveLength(8)
    expect([got[0], got[7]]).toEqual(['2026-03-29T07:00:00.000Z', '2026-03-29T14:00:00.000Z'])
    expect(dayOf('Europe/Paris', '2026-03-28', '09:00', '17:00')[0]).toBe('2026-03-28T08:00:00.000Z')
  })

  it('Paris spring forward: 01:00–04:00 loses the missing hour', () => {
    // 01:00 CET = 00:00Z, 04:00 CEST = 02:00Z: two real hours; local 02:00 never happens.
    expect(dayOf('Europe/Paris', '2026-03-29', '01:00', '04:00')).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z'])
  })

  it('Paris fall back (2026-10-25): 01:00–04:00 gains the repeated hour', () => {
    // 01:00 CEST = 23:00Z on the 24th, 04:00 CET = 03:00Z: four real hours (01:00, 02:00 CEST, 02:00 CET, 03:00 CET).
    const got = dayOf('Europe/Paris', '2026-10-25', '01:00', '04:00')
    expect(got).toEqual(['2026-10-24T23:00:00.000Z', '2026-10-25T00:00:00.000Z', '2026-10-25T01:00:00.000Z', '2026-10-25T02:00:00.000Z'])
    expect(Object.keys(groupByDate(got.map(at), 'Europe/Paris'))).toEqual(['2026-10-25'])
    // 09:00–17:00 CET = 08:00–16:00Z: eight starts.
    expect(dayOf('Europe/Paris', '2026-10-25', '09:00', '17:00')).toHaveLength(8)
  })

  it('New York spring forward (2026-03-08): a whole day has 23 hourly starts', () => {
    // 00:00 EST = 05:00Z to 24:00 EDT = 04:00Z on the 9th; 09:00 EDT = 13:00Z.
    const got = dayOf('America/New_York', '2026-03-08', '00:00', '24:00')
    expect(got).toHaveLength(23)
    expect([got[0], got[22]]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-09T03:00:00.000Z'])
    expect(dayOf('America/New_York', '2026-03-08', '09:00', '17:00')[0]).toBe('2026-03-08T13:00:00.000Z')
  })

  it('New York fall back (2026-11-01): a whole day has 25 hourly starts', () => {
    // 00:00 EDT = 04:00Z to 24:00 EST = 05:00Z on the 2nd; the last start is 04:00Z on the 2nd (23:00 EST).
    const got = dayOf('America/New_York', '2026-11-01', '00:00', '24:00')
    expect(got).toHaveLength(25)
    expect([got[0], got[24]]).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-02T04:00:00.000Z'])
  })

  it('Kolkata (+05:30) places the hours on the half hour', () => {
    // 09:00–12:00 IST = 03:30–06:30Z.
    expect(dayOf('Asia/Kolkata', '2026-11-23', '09:00', '12:00')).toEqual([
      '2026-11-23T03:30:00.000Z',
      '2026-11-23T04:30:00.000Z',
      '2026-11-23T05:30:00.000Z',
    ])
  })

  it('Adelaide moves from +09:30 to +10:30 (2026-10-04) and back (2026-04-05)', () => {
    // Saturday 3 Oct 09:00 ACST = 2 Oct 23:30Z; Sunday 4 Oct 09:00 ACDT = 3 Oct 22:30Z.
    expect(dayOf('Australia/Adelaide', '2026-10-03', '09:00', '12:00')[0]).toBe('2026-10-02T23:30:00.000Z')
    expect(dayOf('Australia/Adelaide', '2026-10-04', '09:00', '12:00')).toEqual([
      '2026-10-03T22:30:00.000Z',
      '2026-10-03T23:30:00.000Z',
      '2026-10-04T00:30:00.000Z',
    ])
    // 5 Apr: 00:00 ACDT = 4 Apr 13:30Z to 24:00 ACST = 5 Apr 14:30Z, 25 hours; 09:00 ACST = 4 Apr 23:30Z.
    const fallBack = dayOf('Australia/Adelaide', '2026-04-05', '00:00', '24:00')
    expect(fallBack).toHaveLength(25)
    expect([fallBack[0], fallBack[24]]).toEqual(['2026-04-04T13:30:00.000Z', '2026-04-05T13:30:00.000Z'])
    expect(dayOf('Australia/Adelaide', '2026-04-05', '09:00', '12:00')[0]).toBe('2026-04-04T23:30:00.000Z')
  })

  it('groups an Auckland host Monday under Sunday for a buyer in Los Angeles', () => {
    // Monday 23 Nov 09:00–11:00 NZDT (+13) = Sunday 22 Nov 20:00–22:00Z = Sunday 12:00–14:00 PST (-8).
    const week = between('2026-11-22T00:00:00Z', '2026-11-29T00:00:00Z')
    const starts = hostSlots(host({ timeZone: 'Pacific/Auckland', weeklyHours: hours([1], '09:00', '11:00') }), rules(), week, NOW)
    const forHost = groupByDate(starts, 'Pacific/Auckland')
    const forBuyer = groupByDate(starts, 'America/Los_Angeles')
    expect(forHost).toEqual({ '2026-11-23': ['2026-11-22T20:00:00.000Z', '2026-11-22T21:00:00.000Z'] })
    expect(forBuyer).toEqual({ '2026-11-22': ['2026-11-22T20:00:00.000Z', '2026-11-22T21:00:00.000Z'] })
  })

  it('groups for a buyer whose own clock changes that night', () => {
    // 03:30Z on 1 Nov is 23:30 EDT on 31 Oct; 05:30Z is 01:30 EDT and 06:30Z is 01:30 EST, both on 1 Nov.
    const starts = [at('2026-11-01T06:30:00Z'), at('2026-11-01T03:30:00Z'), at('2026-11-01T05:30:00Z')]
    expect(groupByDate(starts, 'America/New_York')).toEqual({
      '2026-10-31': ['2026-11-01T03:30:00.000Z'],
      '2026-11-01': ['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z'],
    })
  })
})

// ---- a straightforward reference, and random cases checked against it ----

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** Every candidate of every range, checked against every range and every busy interval; no sorting, no pointers. */
function referenceSlots(h: HostAvailability, r: SlotRules, range: Interval, now: number): number[] {
  const M = 60_000
  const ranges: { start: number; end: number; date: string }[] = []
  const last = addDays(utcToZoned(range.end, h.timeZone).date, 2)
  for (let date = addDays(utcToZoned(range.start, h.timeZone).date, -2); date <= last; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
    const override = h.overrides.find((o) => o.date === date)
    for (const span of override ? override.ranges : h.weeklyHours.filter((w) => w.day === weekday)) {
      const start = zonedToUtc(date, minutesOf(span.start), h.timeZone)
      const end = zonedToUtc(date, minutesOf(span.end), h.timeZone)
      if (end > start) ranges.push({ start, end, date })
    }
  }
  const covered = (from: number, to: number) => {
    let reached = from
    while (reached < to) {
      const next = ranges.find((x) => x.start <= reached && reached < x.end)
      if (!next) return false
      reached = next.end
    }
    return true
  }
  const bookedOn = (from: string, to: string) =>
    h.bookedStarts.filter((b) => {
      const date = utcToZoned(b, h.timeZone).date
      return date >= from && date <= to
    }).length
  const found = new Set<number>()
  for (const x of ranges) {
    const monday = addDays(x.date, -((new Date(`${x.date}T00:00:00Z`).getUTCDay() + 6) % 7))
    if (r.dailyLimit !== null && bookedOn(x.date, x.date) >= r.dailyLimit) continue
    if (r.weeklyLimit !== null && bookedOn(monday, addDays(monday, 6)) >= r.weeklyLimit) continue
    for (let s = x.start; s < x.end; s += r.interval * M) {
      if (s < range.start || s >= range.end || s < now + r.minimumNotice * M) continue
      if (!covered(s, s + r.duration * M)) continue
      if (h.busy.some((b) => b.start < s + (r.duration + r.bufferAfter) * M && b.end > s - r.bufferBefore * M)) continue
      found.add(s)
    }
  }
  return [...found].sort((a, b) => a - b)
}

describe('against a straightforward reference', () => {
  let seed = 20261123
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return seed / 2_147_483_648
  }
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  const time = (quarter: number) =>
    quarter >= 96 ? '24:00' : `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`
  /** Up to three non-overlapping ranges of a day on the quarter hour, sometimes touching, sometimes reaching 24:00. */
  const dayRanges = () => {
    const spans: { start: string; end: string }[] = []
    let q = pick([0, 0, 8, 28, 36])
    for (let n = Math.floor(random() * 4); n > 0 && q < 96; n--) {
      const end = Math.min(96, q + 1 + Math.floor(random() * 40))
      spans.push({ start: time(q), end: time(end) })
      q = random() < 0.4 ? end : end + Math.floor(random() * 12)
    }
    return spans
  }
  const zones = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Adelaide', 'Pacific/Auckland', 'Australia/Lord_Howe']
  const periods = ['2026-03-05', '2026-03-25', '2026-04-01', '2026-09-30', '2026-10-22', '2026-10-29']

  const randomCase = () => {
    const timeZone = pick(zones)
    const first = at(`${pick(periods)}T00:00:00Z`) + Math.floor(random() * 96 * 4) * 900_000
    const range = { start: first, end: first + Math.floor(1 + random() * 8 * 96) * 900_000 }
    const instant = () => first - 86_400_000 + Math.floor(random() * 12 * 96) * 300_000
    const weeklyHours = [0, 1, 2, 3, 4, 5, 6].flatMap((day) => dayRanges().map((span) => ({ day, ...span })))
    const overrides = [...new Set(Array.from({ length: Math.floor(random() * 4) }, () => utcToZoned(instant(), timeZone).date))].map(
      (date) => ({
        date,
        ranges: random() < 0.3 ? [] : dayRanges(),
      }),
    )
    const busy = Array.from({ length: Math.floor(random() * 25) }, () => {
      const start = instant()
      return { start, end: start + pick([5, 15, 30, 60, 240]) * 60_000 }
    })
    const bookedStarts = Array.from({ length: Math.floor(random() * 8) }, instant)
    const duration = pick([15, 30, 45, 60, 90, 120])
    const r: SlotRules = {
      duration,
      interval: pick([duration, duration, 10, 20, 25, 30, 60]),
      bufferBefore: pick([0, 0, 5, 15, 30]),
      bufferAfter: pick([0, 0, 10, 15]),
      minimumNotice: pick([0, 0, 60, 600]),
      dailyLimit: pick([null, null, 1, 2, 3]),
      weeklyLimit: pick([null, null, 2, 5]),
    }
    const h = host({ timeZone, weeklyHours, overrides, busy, bookedStarts })
    return { h, r, range, now: instant() }
  }

  it('hostSlots lists exactly the reference starts in 400 random cases around DST changes', () => {
    for (let i = 0; i < 400; i++) {
      const { h, r, range, now } = randomCase()
      expect(hostSlots(h, r, range, now).map(iso), JSON.stringify({ h, r, range, now })).toEqual(referenceSlots(h, r, range, now).map(iso))
    }
  })

  it('hostsFreeAt says free exactly at the starts hostSlots lists, and nowhere else', () => {
    for (let i = 0; i < 150; i++) {
      const { h, r, range, now } = randomCase()
      const listed = new Set(hostSlots(h, r, range, now))
      const probes = [
        ...listed,
        ...Array.from({ length: 100 }, () => range.start + Math.floor(random() * ((range.end - range.start) / 300_000)) * 300_000),
      ]
      for (const s of probes) {
        expect(hostsFreeAt([h], r, s, now).length === 1, `${iso(s)} in ${JSON.stringify({ h, r, range, now })}`).toBe(listed.has(s))
      }
    }
  })

  it('team slots are the union and the intersection of the hosts', () => {
    for (let i = 0; i < 60; i++) {
      const { h, r, range, now } = randomCase()
      const others = [randomCase().h, randomCase().h].map((o, k) => ({ ...o, userId: `other${k}` }))
      const each = [h, ...others].map((x) => hostSlots(x, r, range, now))
      const union = [...new Set(each.flat())].sort((a, b) => a - b)
      expect(teamSlots('round_robin', [h, ...others], r, range, now)).toEqual(union)
      expect(teamSlots('collective', [h, ...others], r, range, now)).toEqual(union.filter((s) => each.every((list) => list.includes(s))))
    }
  })
})

describe('groupByDate', () => {
  it('writes every start as toISOString does, in any order, across a clock change and off the minute', () => {
    // Every 25 minutes for four days around New York's November change, then a few odd instants, shuffled.
    const first = Date.parse('2026-10-31T00:00:00Z')
    const starts = Array.from({ length: (4 * 24 * 60) / 25 }, (_, i) => first + i * 25 * 60_000)
    starts.push(Date.parse('2026-11-02T04:59:59.999Z'), Date.parse('2026-11-02T05:00:00.001Z'), Date.parse('1969-12-31T23:30:00Z'))
    const shuffled = starts
      .map((start, i) => ({ start, key: (i * 7919) % 1009 }))
      .sort((a, b) => a.key - b.key)
      .map((s) => s.start)
    const expected: Record<string, string[]> = {}
    for (const start of [...starts].sort((a, b) => a - b)) {
      const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(start)
      expected[date] = [...(expected[date] ?? []), new Date(start).toISOString()]
    }
    expect(groupByDate(shuffled, 'America/New_York')).toEqual(expected)
    expect(Object.keys(groupByDate(shuffled, 'America/New_York'))).toEqual(Object.keys(expected))
  })
})
