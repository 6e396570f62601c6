import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildMember, buildOwner, type Client, request } from '../../testing/factories.ts'
import { parseAmount } from './import.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const importCsv = (as: Client, csv: string, more: object = {}) => request(app, as, 'POST', '/api/deals/import', { csv, ...more })

describe('amounts as spreadsheets write them', () => {
  it.each([
    ['1250', 2, 125_000],
    ['1250.5', 2, 125_050],
    ['1,250.50', 2, 125_050],
    ['1.250,50', 2, 125_050],
    ['12 500,5', 2, 1_250_050],
    ['1,250', 2, 125_000],
    ['1,250', 0, 1_250],
    ['', 2, 0],
    ['12.5', 0, null],
    ['12.505', 3, 12_505],
    ['1,250', 3, 1_250],
    ['12.345', 2, 1_234_500],
    ['1.2.', 2, null],
    ['ten', 2, null],
    ['-5', 2, null],
  ])('%s with %i decimals is %s', (text, exponent, minor) => {
    expect(parseAmount(text, exponent)).toBe(minor)
  })
})

describe('importing deals from a CSV file', () => {
  it('places each deal in its stage by name, owned by a member by email, its contact a client by email', async () => {
    const owner = await buildOwner(app, { name: 'Dana Deals' })
    const member = await buildMember(app, owner, { name: 'Sam Seller' })
    const buyer = (await request(app, owner, 'POST', '/api/clients', { name: 'Bo Buyer', email: 'bo@buyer.example' })).json()
    const csv = [
      'Deal name,Account,Value,Currency,Stage,Owner email,Close date,Contact email',
      `Big renewal,Acme,"12,500.50",usd,qualified,${member.user.email.toUpperCase()},2027-03-31,BO@buyer.example`,
      'Small pilot,Initech,900,,,,,',
    ].join('\n')
    const dry = (await importCsv(owner, csv, { dryRun: true })).json()
    expect(dry).toMatchObject({
      mapping: { name: 0, company: 1, amount: 2, currency: 3, stage: 4, owner: 5, expectedCloseDate: 6, contactEmail: 7 },
      refused: [],
      imported: 2,
    })
    expect((await importCsv(owner, csv)).json()).toMatchObject({ imported: 2, dryRun: false })

    const board = (await request(app, owner, 'GET', '/api/deals/board')).json()
    const column = (name: string) => board.columns.find((c: { stage: { name: string } }) => c.stage.name === name)
    expect(column('Qualified').deals.map((d: { name: string }) => d.name)).toEqual(['Big renewal'])
    expect(column('Lead').deals.map((d: { name: string }) => d.name)).toEqual(['Small pilot'])
    expect([column('Qualified').deals[0].contactCount, column('Lead').deals[0].contactCount]).toEqual([1, 0])
    const big = (await request(app, owner, 'GET', `/api/deals/${column('Qualified').deals[0].id}`)).json()
    expect(big).toMatchObject({
      company: 'Acme',
      amount: 1_250_050,
      currency: 'USD',
      expectedCloseDate: '2027-03-31',
      owner: { id: member.user.id },
      contacts: [expect.objectContaining({ id: buyer.id })],
    })
    const small = (await request(app, owner, 'GET', `/api/deals/${column('Lead').deals[0].id}`)).json()
    expect(small).toMatchObject({ amount: 90_000, currency: 'EUR', owner: { id: owner.user.id }, contacts: [] })
    const timeline = (await request(app, owner, 'GET', `/api/deals/${big.id}/activities`)).json()
    expect(JSON.stringify(timeline)).toContain('Qualified')
  })

  it('refuses the whole file when a stage, owner, contact, currency, amount or date finds nothing or breaks a rule', async () => {
    const owner = await buildOwner(app)
    const outsider = await buildOwner(app)
    const csv = [
      'name,stage,owner,contactEmail,currency,amount,expectedCloseDate',
      'Ok deal,,,,,,',
      'No stage,Nowhere,,,,,',
      `Not our member,,${outsider.user.email},,,,`,
      'No client,,,ghost@example.com,,,',
      'Odd money,,,,XYZ,,',
      'Odd amount,,,,EUR,12.3456,',
      'Odd date,,,,,,31/03/2027',
      ',,,,,,',
    ].join('\n')
    const dry = (await importCsv(owner, csv, { dryRun: true })).json()
    expect(dry.refused.map((r: { line: number; field: string; reason: string }) => [r.line, r.field, r.reason])).toEqual([
      [3, 'stage', 'not_found'],
      [4, 'owner', 'not_found'],
      [5, 'contactEmail', 'not_found'],
      [6, 'currency', 'invalid'],
      [7, 'amount', 'invalid'],
      [8, 'expectedCloseDate', 'invalid'],
      [9, 'name', 'invalid'],
    ])
    const res = await importCsv(owner, csv)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('import_refused')
    const board = (await request(app, owner, 'GET', '/api/deals/board')).json()
    expect(board.columns.flatMap((c: { deals: unknown[] }) => c.deals)).toEqual([])
  })
})
