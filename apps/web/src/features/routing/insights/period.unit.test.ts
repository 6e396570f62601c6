import { describe, expect, it } from 'vitest'
import { everyDay, lastDays, periodOf, presetOf } from './period'

const now = Date.parse('2026-11-25T22:30:00Z')

describe('a report period', () => {
  it('counts the last days with today, in UTC calendar dates', () => {
    expect(lastDays(7, now)).toEqual({ from: '2026-11-19', to: '2026-11-25' })
    expect(lastDays(30, now)).toEqual({ from: '2026-10-27', to: '2026-11-25' })
  })

  it('reads the address, falls back to the last 30 days for a missing or broken date, and turns a period the wrong way round', () => {
    expect(periodOf(new URLSearchParams('from=2026-01-01&to=2026-01-31'), now)).toEqual({ from: '2026-01-01', to: '2026-01-31' })
    expect(periodOf(new URLSearchParams(''), now)).toEqual({ from: '2026-10-27', to: '2026-11-25' })
    expect(periodOf(new URLSearchParams('from=yesterday&to=2026-13-45'), now)).toEqual({ from: '2026-10-27', to: '2026-11-25' })
    expect(periodOf(new URLSearchParams('from=2026-02-10&to=2026-02-01'), now)).toEqual({ from: '2026-02-01', to: '2026-02-10' })
  })

  it('names the preset a period is, if any', () => {
    expect(presetOf(lastDays(90, now), now)).toBe(90)
    expect(presetOf({ from: '2026-11-20', to: '2026-11-25' }, now)).toBeNull()
  })

  it('lists every day of the period, the server’s days kept and the others at zero', () => {
    const days = everyDay({ from: '2026-02-27', to: '2026-03-02' }, [{ date: '2026-03-01', responses: 4, booked: 1 }], (date) => ({
      date,
      responses: 0,
      booked: 0,
    }))
    expect(days).toEqual([
      { date: '2026-02-27', responses: 0, booked: 0 },
      { date: '2026-02-28', responses: 0, booked: 0 },
      { date: '2026-03-01', responses: 4, booked: 1 },
      { date: '2026-03-02', responses: 0, booked: 0 },
    ])
  })
})
