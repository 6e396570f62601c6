import { describe, expect, it } from 'vitest'
import { busyIntervals, mergeIntervals, zonedToEpoch } from './busy.ts'

const at = (iso: string) => Date.parse(iso)
const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events, 'END:VCALENDAR'].join('\r\n')
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n')
const iso = (intervals: { start: number; end: number }[]) =>
  intervals.map((i) => [new Date(i.start).toISOString(), new Date(i.end).toISOString()])

describe('busy times from iCalendar', () => {
  it('reads a TZID time with its zone, across the October change in Paris', () => {
    const ics = calendar(
      vevent('UID:a', 'DTSTART;TZID=Europe/Paris:20261023T090000', 'DTEND;TZID=Europe/Paris:20261023T100000'),
      vevent('UID:b', 'DTSTART;TZID=Europe/Paris:20261026T090000', 'DTEND;TZID=Europe/Paris:20261026T100000'),
    )
    expect(iso(busyIntervals(ics, at('2026-10-01T00:00:00Z'), at('2026-11-01T00:00:00Z')))).toEqual([
      ['2026-10-23T07:00:00.000Z', '2026-10-23T08:00:00.000Z'],
      ['2026-10-26T08:00:00.000Z', '2026-10-26T09:00:00.000Z'],
    ])
  })

  it('expands a weekly event in its zone, skipping EXDATE and honouring a moved occurrence', () => {
    const ics = calendar(
      vevent(
        'UID:weekly',
        'DTSTART;TZID=America/New_York:20261027T090000',
        'DTEND;TZID=America/New_York:20261027T093000',
        'RRULE:FREQ=WEEKLY;BYDAY=TU',
        'EXDATE;TZID=America/New_York:20261110T090000',
      ),
      vevent(
        'UID:weekly',
        'RECURRENCE-ID;TZID=America/New_York:20261117T090000',
        'DTSTART;TZID=America/New_York:20261117T140000',
        'DTEND;TZID=America/New_York:20261117T143000',
      ),
    )
    // New York leaves daylight time on 1 November: 13:00Z before, 14:00Z after.
    expect(iso(busyIntervals(ics, at('2026-10-26T00:00:00Z'), at('2026-11-25T00:00:00Z')))).toEqual([
      ['2026-10-27T13:00:00.000Z', '2026-10-27T13:30:00.000Z'],
      ['2026-11-03T14:00:00.000Z', '2026-11-03T14:30:00.000Z'],
      ['2026-11-17T19:00:00.000Z', '2026-11-17T19:30:00.000Z'],
      ['2026-11-24T14:00:00.000Z', '2026-11-24T14:30:00.000Z'],
    ])
  })

  it('reads an all-day event as the whole day in the default zone', () => {
    const ics = calendar(vevent('UID:day', 'DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261202'))
    expect(iso(busyIntervals(ics, at('2026-11-30T00:00:00Z'), at('2026-12-03T00:00:00Z'), { defaultZone: 'Asia/Kolkata' }))).toEqual([
      ['2026-11-30T18:30:00.000Z', '2026-12-01T18:30:00.000Z'],
    ])
    const noEnd = calendar(vevent('UID:day', 'DTSTART;VALUE=DATE:20261201'))
    expect(iso(busyIntervals(noEnd, at('2026-11-30T00:00:00Z'), at('2026-12-03T00:00:00Z')))).toEqual([
      ['2026-12-01T00:00:00.000Z', '2026-12-02T00:00:00.000Z'],
    ])
  })

  it('uses an embedded VTIMEZONE for a zone name that is not IANA', () => {
    const ics = calendar(
      'BEGIN:VTIMEZONE\r\nTZID:Custom Standard Time\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0300\r\nTZOFFSETTO:+0300\r\nEND:STANDARD\r\nEND:VTIMEZONE',
      vevent('UID:x', 'DTSTART;TZID=Custom Standard Time:20261201T090000', 'DURATION:PT1H'),
    )
    expect(iso(busyIntervals(ics, at('2026-12-01T00:00:00Z'), at('2026-12-02T00:00:00Z')))).toEqual([
      ['2026-12-01T06:00:00.000Z', '2026-12-01T07:00:00.000Z'],
    ])
  })

  it('ignores transparent and cancelled events, cancelled occurrences, events out of range and skipped UIDs', () => {
    const ics = calendar(
      vevent('UID:free', 'DTSTART:20261201T090000Z', 'DTEND:20261201T100000Z', 'TRANSP:TRANSPARENT'),
      vevent('UID:off', 'DTSTART:20261201T110000Z', 'DTEND:20261201T120000Z', 'STATUS:CANCELLED'),
      vevent('UID:later', 'DTSTART:20261205T090000Z', 'DTEND:20261205T100000Z'),
      vevent('UID:ours@closeroom', 'DTSTART:20261201T130000Z', 'DTEND:20261201T140000Z'),
      vevent('UID:daily', 'DTSTART:20261130T150000Z', 'DTEND:20261130T160000Z', 'RRULE:FREQ=DAILY;COUNT=3'),
      vevent('UID:daily', 'RECURRENCE-ID:20261201T150000Z', 'DTSTART:20261201T150000Z', 'DTEND:20261201T160000Z', 'STATUS:CANCELLED'),
    )
    const found = busyIntervals(ics, at('2026-12-01T00:00:00Z'), at('2026-12-03T00:00:00Z'), { skip: (uid) => uid.endsWith('@closeroom') })
    expect(iso(found)).toEqual([['2026-12-02T15:00:00.000Z', '2026-12-02T16:00:00.000Z']])
  })

  it('finds the occurrences of an event that started years ago', () => {
    const ics = calendar(vevent('UID:old', 'DTSTART:20100104T080000Z', 'DTEND:20100104T090000Z', 'RRULE:FREQ=DAILY'))
    expect(busyIntervals(ics, at('2026-12-01T00:00:00Z'), at('2026-12-08T00:00:00Z'))).toHaveLength(7)
  })

  it('converts wall-clock times in a zone, including the spring gap and the repeated autumn hour', () => {
    expect(new Date(zonedToEpoch('Europe/Paris', 2026, 3, 29, 2, 30)).toISOString()).toBe('2026-03-29T01:30:00.000Z')
    expect(new Date(zonedToEpoch('Europe/Paris', 2026, 10, 25, 2, 30)).toISOString()).toBe('2026-10-25T00:30:00.000Z')
    expect(new Date(zonedToEpoch('Asia/Kathmandu', 2026, 1, 1, 0, 0)).toISOString()).toBe('2025-12-31T18:15:00.000Z')
  })

  it('merges overlapping and touching intervals', () => {
    expect(
      mergeIntervals([
        { start: 5, end: 7 },
        { start: 1, end: 3 },
        { start: 3, end: 4 },
        { start: 6, end: 9 },
      ]),
    ).toEqual([
      { start: 1, end: 4 },
      { start: 5, end: 9 },
    ])
  })
})
