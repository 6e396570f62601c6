import { describe, expect, it } from 'vitest'
import { addMoney, chartMoney } from './Amounts'
import { cellLines, figuresCsv, formatCell } from './ChartCard'
import { csvFileName, toCsv } from './csv'
import { delta } from './delta'
import { lengthInDays, periodOf, presetOf, presetPeriod, previousPeriod, todayIn } from './period'

describe('CSV export', () => {
  it('starts with a byte order mark and a header row, ends lines with CRLF and leaves numbers unformatted', () => {
    const csv = toCsv(
      ['Stage', 'Deals', 'Value'],
      [
        ['Qualified', 3, 1234.5],
        ['Won', 12, -0.25],
      ],
    )
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    expect(csv.slice(1)).toBe('Stage,Deals,Value\r\nQualified,3,1234.5\r\nWon,12,-0.25\r\n')
  })

  it('quotes commas, quotes and line breaks, keeps other scripts, and defuses formulas', () => {
    const csv = toCsv(
      ['Name'],
      [['Acme, Inc.'], ['Say "hi"'], ['two\nlines'], ['مرحبا'], ['=HYPERLINK("x")'], ['-5 days'], [null], [undefined]],
    )
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Name',
      '"Acme, Inc."',
      '"Say ""hi"""',
      '"two\nlines"',
      'مرحبا',
      `"'=HYPERLINK(""x"")"`,
      "'-5 days",
      '',
      '',
      '',
    ])
  })

  it('names the file after the chart and its period', () => {
    expect(csvFileName('Pipeline by stage', { from: '2026-11-01', to: '2026-11-30' })).toBe('pipeline-by-stage_2026-11-01_2026-11-30.csv')
    expect(csvFileName('Étape réussie')).toBe('etape-reussie.csv')
    expect(csvFileName('الإيرادات')).toBe('الإيرادات.csv')
    expect(csvFileName('!!!')).toBe('chart.csv')
  })
})

describe('deltas against the previous period', () => {
  it('tells the change, its share of the previous figure and whether it is good news', () => {
    expect(delta(120, 100)).toEqual({ current: 120, previous: 100, change: 20, ratio: 0.2, direction: 'up', tone: 'good' })
    expect(delta(75, 100)).toMatchObject({ change: -25, ratio: -0.25, direction: 'down', tone: 'bad' })
    expect(delta(30, 40, { lowerIsBetter: true })).toMatchObject({ direction: 'down', tone: 'good' })
    expect(delta(5, 5)).toMatchObject({ change: 0, ratio: 0, direction: 'flat', tone: 'neutral' })
  })

  it('gives no percentage when there was nothing before', () => {
    expect(delta(3, 0)).toMatchObject({ change: 3, ratio: null, direction: 'up' })
    expect(delta(0, 0)).toMatchObject({ ratio: null, direction: 'flat' })
  })
})

describe('period presets in the reader’s zone', () => {
  // Monday 30 November 2026, 23:30 UTC: still Monday in London, already Tuesday 1 December in Tokyo.
  const now = Date.parse('2026-11-30T23:30:00Z')

  it('take today from the zone', () => {
    expect(todayIn('Europe/London', now)).toBe('2026-11-30')
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-12-01')
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-11-30')
  })

  it('start weeks on Monday, months and quarters on their first day, and end “this” periods today', () => {
    expect(presetPeriod('thisWeek', 'Europe/London', now)).toEqual({ from: '2026-11-30', to: '2026-11-30' })
    expect(presetPeriod('thisWeek', 'America/Los_Angeles', Date.parse('2026-11-29T12:00:00Z'))).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    })
    expect(presetPeriod('thisMonth', 'Europe/London', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' })
    expect(presetPeriod('thisMonth', 'Asia/Tokyo', now)).toEqual({ from: '2026-12-01', to: '2026-12-01' })
    expect(presetPeriod('thisQuarter', 'Europe/London', now)).toEqual({ from: '2026-10-01', to: '2026-11-30' })
    expect(presetPeriod('last90', 'Europe/London', now)).toEqual({ from: '2026-09-02', to: '2026-11-30' })
  })

  it('take last month whole, across a year and in a leap year', () => {
    expect(presetPeriod('lastMonth', 'Europe/London', now)).toEqual({ from: '2026-10-01', to: '2026-10-31' })
    expect(presetPeriod('lastMonth', 'Asia/Tokyo', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' })
    expect(presetPeriod('lastMonth', 'UTC', Date.parse('2027-01-15T10:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' })
    expect(presetPeriod('lastMonth', 'UTC', Date.parse('2028-03-02T10:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' })
  })

  it('look ahead for a forecast: the next quarter whole, across a year, and this year whole, in the zone', () => {
    expect(presetPeriod('nextQuarter', 'Europe/London', now)).toEqual({ from: '2027-01-01', to: '2027-03-31' })
    expect(presetPeriod('nextQuarter', 'UTC', Date.parse('2026-05-15T10:00:00Z'))).toEqual({ from: '2026-07-01', to: '2026-09-30' })
    expect(presetPeriod('thisYear', 'Europe/London', now)).toEqual({ from: '2026-01-01', to: '2026-12-31' })
    expect(presetPeriod('thisYear', 'Pacific/Kiritimati', Date.parse('2026-12-31T11:00:00Z'))).toEqual({
      from: '2027-01-01',
      to: '2027-12-31',
    })
    // A page may start on another preset when the address names no period (the revenue page starts on the year).
    expect(periodOf(new URLSearchParams(''), 'UTC', now, 'thisYear')).toEqual({ from: '2026-01-01', to: '2026-12-31' })
  })

  it('compare with the same number of days just before', () => {
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-10-02', to: '2026-10-31' })
    expect(previousPeriod({ from: '2026-03-30', to: '2026-03-30' })).toEqual({ from: '2026-03-29', to: '2026-03-29' })
    expect(lengthInDays({ from: '2026-03-01', to: '2026-03-31' })).toBe(31)
  })

  it('read the period from the address, turned if backwards, else this month', () => {
    expect(periodOf(new URLSearchParams('from=2026-11-10&to=2026-11-01'), 'UTC', now)).toEqual({ from: '2026-11-01', to: '2026-11-10' })
    expect(periodOf(new URLSearchParams('from=2026-02-30&to=2026-03-01'), 'UTC', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' })
    expect(presetOf({ from: '2026-11-01', to: '2026-11-30' }, 'UTC', now)).toBe('thisMonth')
    expect(presetOf({ from: '2026-11-02', to: '2026-11-30' }, 'UTC', now)).toBeNull()
  })
})

describe('a chart’s figures', () => {
  const columns = [
    { key: 'stage', label: 'Stage' },
    { key: 'deals', label: 'Deals', kind: 'count' as const },
    { key: 'value', label: 'Value', kind: 'money' as const },
    { key: 'rate', label: 'Win rate', kind: 'percent' as const },
  ]
  const eur = (amount: number) => ({ amount, currency: 'EUR' })
  const rows = [
    {
      key: 's1',
      cells: {
        stage: 'Qualified',
        deals: 3,
        value: { amounts: [eur(123450), { amount: 5000, currency: 'JPY' }], converted: { ...eur(126550), missingRates: [] } },
        rate: 0.5,
      },
    },
    {
      key: 's2',
      cells: { stage: 'Won', deals: 1, value: { amounts: [eur(1000)], converted: { ...eur(1000), missingRates: [] } }, rate: null },
    },
  ]
  const headers = { inCurrency: (l: string, c: string) => `${l} (${c})`, converted: (l: string, c: string) => `${l} (converted to ${c})` }

  it('go to CSV raw: one column per currency in major units, never summed, the converted total apart, rates as fractions', () => {
    const csv = figuresCsv(columns, rows, headers)
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Stage,Deals,Value (EUR),Value (JPY),Value (converted to EUR),Win rate',
      'Qualified,3,1234.5,5000,1265.5,0.5',
      'Won,1,10,0,10,',
      '',
    ])
  })

  it('read in the reader’s language on screen: each currency, then the converted total', () => {
    expect(formatCell(rows[0]?.cells.value ?? null, 'money', 'en')).toBe('€1,234.50 · ¥5,000 (≈ €1,265.50)')
    expect(formatCell(rows[1]?.cells.value ?? null, 'money', 'en')).toBe('€10.00')
    expect(formatCell({ amounts: [eur(123450)], converted: null }, 'money', 'fr')).toBe('1\u202f234,50\u00a0€')
    expect(formatCell(0.5, 'percent', 'en')).toBe('50%')
    expect(formatCell(null, 'count', 'en')).toBe('—')
    expect(formatCell(1234, 'count', 'ar')).toBe(new Intl.NumberFormat('ar').format(1234))
  })

  it('stack in the table view, a currency a line, so a row in several currencies is not cut at the card’s edge', () => {
    expect(cellLines(rows[0]?.cells.value ?? null, 'money', 'en')).toEqual(['€1,234.50', '¥5,000', '≈ €1,265.50'])
    expect(cellLines(rows[1]?.cells.value ?? null, 'money', 'en')).toEqual(['€10.00'])
    expect(cellLines({ amounts: [], converted: null }, 'money', 'en')).toEqual(['—'])
    expect(cellLines(0.5, 'percent', 'en')).toEqual(['50%'])
  })
})

describe('money across figures', () => {
  const eur = (amount: number) => ({ amount, currency: 'EUR' })
  const usd = (amount: number) => ({ amount, currency: 'USD' })
  const converted = (amount: number, missingRates: string[] = []) => ({ ...eur(amount), missingRates })

  it('draws in the reporting currency when every figure converts fully, else in the one currency they share, else not at all', () => {
    expect(
      chartMoney([
        { amounts: [eur(100), usd(50)], converted: converted(146) },
        { amounts: [eur(10)], converted: converted(10) },
      ]),
    ).toEqual({
      currency: 'EUR',
      values: [146, 10],
    })
    expect(
      chartMoney([
        { amounts: [usd(50)], converted: null },
        { amounts: [], converted: null },
      ]),
    ).toEqual({ currency: 'USD', values: [50, 0] })
    expect(chartMoney([{ amounts: [eur(100), usd(50)], converted: null }])).toBeNull()
    // A currency without a rate is not in the converted total: drawing that total would hide it.
    expect(chartMoney([{ amounts: [eur(100), { amount: 9, currency: 'JPY' }], converted: converted(100, ['JPY']) }])).toBeNull()
  })

  it('adds figures currency by currency, never one currency to another', () => {
    expect(
      addMoney([
        { amounts: [eur(100), usd(50)], converted: converted(146) },
        { amounts: [eur(10)], converted: converted(10) },
      ]),
    ).toEqual({
      amounts: [eur(110), usd(50)],
      converted: converted(156),
    })
    expect(
      addMoney([
        { amounts: [usd(5)], converted: null },
        { amounts: [eur(1)], converted: null },
      ]),
    ).toEqual({ amounts: [usd(5), eur(1)], converted: null })
  })
})
