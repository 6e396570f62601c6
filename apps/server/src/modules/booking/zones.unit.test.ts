import { describe, expect, it } from 'vitest'
import { addDays, offsetAt, todayIn, utcToZoned, zonedToUtc } from './zones.ts'

const at = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()
const hm = (h: number, m = 0) => h * 60 + m

describe('zonedToUtc', () => {
  it('converts a wall-clock time with the offset of that date', () => {
    // Paris is UTC+1 in November and UTC+2 in July.
    expect(iso(zonedToUtc('2026-11-23', hm(9), 'Europe/Paris'))).toBe('2026-11-23T08:00:00.000Z')
    expect(iso(zonedToUtc('2026-07-01', hm(9), 'Europe/Paris'))).toBe('2026-07-01T07:00:00.000Z')
    // Kolkata is UTC+05:30 all year.
    expect(iso(zonedToUtc('2026-11-23', hm(9), 'Asia/Kolkata'))).toBe('2026-11-23T03:30:00.000Z')
  })

  it('reads 24:00 as the next day 00:00', () => {
    expect(zonedToUtc('2026-11-23', hm(24), 'Europe/Paris')).toBe(zonedToUtc('2026-11-24', 0, 'Europe/Paris'))
  })

  it('moves a time in the Paris spring-forward gap forward by the gap (2026-03-29, 02:00 CET becomes 03:00 CEST)', () => {
    // 01:30 CET = 00:30Z; 02:30 does not exist and becomes 03:30 CEST = 01:30Z; 03:00 CEST = 01:00Z.
    expect(iso(zonedToUtc('2026-03-29', hm(1, 30), 'Europe/Paris'))).toBe('2026-03-29T00:30:00.000Z')
    expect(iso(zonedToUtc('2026-03-29', hm(2, 30), 'Europe/Paris'))).toBe('2026-03-29T01:30:00.000Z')
    expect(iso(zonedToUtc('2026-03-29', hm(3), 'Europe/Paris'))).toBe('2026-03-29T01:00:00.000Z')
  })

  it('takes the earlier of two Paris instants in the fall-back hour (2026-10-25, 03:00 CEST becomes 02:00 CET)', () => {
    // 02:30 happens at 00:30Z (CEST) and again at 01:30Z (CET): the first one. 03:00 CET = 02:00Z.
    expect(iso(zonedToUtc('2026-10-25', hm(2, 30), 'Europe/Paris'))).toBe('2026-10-25T00:30:00.000Z')
    expect(iso(zonedToUtc('2026-10-25', hm(3), 'Europe/Paris'))).toBe('2026-10-25T02:00:00.000Z')
  })

  it('handles New York spring forward (2026-03-08) and fall back (2026-11-01)', () => {
    // 01:59 EST = 06:59Z; 02:30 does not exist, becomes 03:30 EDT = 07:30Z.
    expect(iso(zonedToUtc('2026-03-08', hm(1, 59), 'America/New_York'))).toBe('2026-03-08T06:59:00.000Z')
    expect(iso(zonedToUtc('2026-03-08', hm(2, 30), 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z')
    // 01:30 happens at 05:30Z (EDT) and at 06:30Z (EST): the first one. 09:00 EST = 14:00Z.
    expect(iso(zonedToUtc('2026-11-01', hm(1, 30), 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z')
    expect(iso(zonedToUtc('2026-11-01', hm(9), 'America/New_York'))).toBe('2026-11-01T14:00:00.000Z')
  })

  it('handles Adelaide, which changes between +09:30 and +10:30', () => {
    // 2026-10-04: 02:00 ACST (+09:30) becomes 03:00 ACDT (+10:30). 02:30 → 03:30 ACDT = 17:00Z the day before.
    expect(iso(zonedToUtc('2026-10-04', hm(2, 30), 'Australia/Adelaide'))).toBe('2026-10-03T17:00:00.000Z')
    expect(iso(zonedToUtc('2026-10-04', hm(9), 'Australia/Adelaide'))).toBe('2026-10-03T22:30:00.000Z')
    expect(iso(zonedToUtc('2026-10-03', hm(9), 'Australia/Adelaide'))).toBe('2026-10-02T23:30:00.000Z')
    // 2026-04-05: 03:00 ACDT becomes 02:00 ACST; 02:30 is first at 16:00Z (ACDT).
    expect(iso(zonedToUtc('2026-04-05', hm(2, 30), 'Australia/Adelaide'))).toBe('2026-04-04T16:00:00.000Z')
    expect(iso(zonedToUtc('2026-04-05', hm(9), 'Australia/Adelaide'))).toBe('2026-04-04T23:30:00.000Z')
  })
})

describe('utcToZoned', () => {
  it('gives the local date, minutes and weekday, across the date line', () => {
    // 2026-11-23T20:00Z is 01:30 on Tuesday the 24th in Kolkata, 09:00 Tuesday in Auckland (+13), 12:00 Monday in Los Angeles (-8).
    expect(utcToZoned(at('2026-11-23T20:00:00Z'), 'Asia/Kolkata')).toEqual({ date: '2026-11-24', minutes: hm(1, 30), weekday: 2 })
    expect(utcToZoned(at('2026-11-23T20:00:00Z'), 'Pacific/Auckland')).toEqual({ date: '2026-11-24', minutes: hm(9), weekday: 2 })
    expect(utcToZoned(at('2026-11-23T20:00:00Z'), 'America/Los_Angeles')).toEqual({ date: '2026-11-23', minutes: hm(12), weekday: 1 })
  })

  it('shows both passes through the repeated New York hour', () => {
    expect(utcToZoned(at('2026-11-01T05:30:00Z'), 'America/New_York').minutes).toBe(hm(1, 30))
    expect(utcToZoned(at('2026-11-01T06:30:00Z'), 'America/New_York').minutes).toBe(hm(1, 30))
    expect(offsetAt(at('2026-11-01T05:59:59Z'), 'America/New_York')).toBe(-4 * 3_600_000)
    expect(offsetAt(at('2026-11-01T06:00:00Z'), 'America/New_York')).toBe(-5 * 3_600_000)
  })

  it('agrees with Intl on the wall clock, and zonedToUtc brings it back, every 15 minutes around the 2026 changes', () => {
    // Half-hour and 45-minute offsets, and Lord Howe's half-hour daylight saving, besides the usual hour.
    const zones = [
      'Europe/Paris',
      'America/New_York',
      'Australia/Adelaide',
      'Australia/Lord_Howe',
      'America/St_Johns',
      'Asia/Kathmandu',
      'Pacific/Chatham',
    ]
    const changes = ['2026-03-07', '2026-03-28', '2026-04-04', '2026-09-26', '2026-10-03', '2026-10-24', '2026-10-31']
    for (const timeZone of zones) {
      const wall = new Intl.DateTimeFormat('sv-SE', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
      for (const date of changes) {
        for (let ms = at(`${date}T00:00:00Z`); ms < at(`${date}T00:00:00Z`) + 3 * 86_400_000; ms += 900_000) {
          const local = utcToZoned(ms, timeZone)
          const clock = `${local.date} ${String(Math.floor(local.minutes / 60)).padStart(2, '0')}:${String(local.minutes % 60).padStart(2, '0')}`
          expect(clock, `${timeZone} ${iso(ms)}`).toBe(wall.format(ms))
          const back = zonedToUtc(local.date, local.minutes, timeZone)
          // The same instant, unless ms is the second pass through a repeated hour: then the first pass.
          if (back !== ms) {
            expect(back).toBeLessThan(ms)
            expect(utcToZoned(back, timeZone)).toEqual(local)
          }
        }
      }
    }
  })
})

describe('dates', () => {
  it('adds days across months and leap years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })

  it('tells today in a zone ahead of UTC', () => {
    // 12:00Z on the 23rd is 01:00 on the 24th in Auckland (+13) and 04:00 on the 23rd in Los Angeles.
    expect(todayIn('Pacific/Auckland', at('2026-11-23T12:00:00Z'))).toBe('2026-11-24')
    expect(todayIn('America/Los_Angeles', at('2026-11-23T12:00:00Z'))).toBe('2026-11-23')
  })
})
