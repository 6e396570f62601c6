import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildOwner, type Client, request } from '../../testing/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const importCsv = (as: Client, csv: string, more: object = {}) => request(app, as, 'POST', '/api/clients/import', { csv, ...more })
const names = async (as: Client) =>
  ((await request(app, as, 'GET', '/api/clients?limit=100')).json() as { clients: { name: string }[] }).clients.map((c) => c.name).sort()

describe('importing clients from a CSV file', () => {
  it('maps columns by their names, checks every row as the form does and imports them all', async () => {
    const owner = await buildOwner(app)
    // Excel in much of Europe writes semicolons; a quoted cell keeps its semicolon and its line break.
    const csv = [
      '\uFEFFFull name;E-mail;Téléphone;Organisation;Job title',
      'Ada Lovelace;ADA@Analytical.Example;+44 20 7946 0000;"Analytical; Engines";CTO',
      'Grace Hopper;grace@navy.example;;Navy;"Rear\nAdmiral"',
    ].join('\r\n')
    const dry = await importCsv(owner, csv, { dryRun: true })
    expect(dry.statusCode).toBe(200)
    expect(dry.json()).toMatchObject({
      columns: ['Full name', 'E-mail', 'Téléphone', 'Organisation', 'Job title'],
      rowCount: 2,
      mapping: { name: 0, email: 1, phone: 2, company: 3, title: 4 },
      refused: [],
      imported: 2,
      dryRun: true,
    })
    expect(await names(owner)).toEqual([])

    const done = await importCsv(owner, csv)
    expect(done.json()).toMatchObject({ imported: 2, skipped: 0, dryRun: false })
    const { clients } = (await request(app, owner, 'GET', '/api/clients?q=Ada')).json() as { clients: object[] }
    expect(clients).toEqual([
      expect.objectContaining({
        name: 'Ada Lovelace',
        email: 'ada@analytical.example',
        phone: '+442079460000',
        company: 'Analytical; Engines',
        title: 'CTO',
      }),
    ])
  })

  it('refuses the whole file, naming each bad row and why, when one row breaks a rule', async () => {
    const owner = await buildOwner(app)
    const csv =
      'name,email,phone\nOk Person,ok@example.com,\n,nameless@example.com,\nBad Phone,bad@example.com,call me\nBad Mail,not-an-email,\n'
    const dry = (await importCsv(owner, csv, { dryRun: true })).json()
    expect(dry.refused).toEqual([
      { line: 3, field: 'name', reason: 'invalid', message: 'Name is required' },
      { line: 4, field: 'phone', reason: 'invalid', message: expect.any(String) },
      { line: 5, field: 'email', reason: 'invalid', message: expect.any(String) },
    ])
    expect(dry.imported).toBe(0)
    const res = await importCsv(owner, csv)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      message: 'csv: 3 of 4 rows are refused, so nothing was imported (check the file first)',
      code: 'import_refused',
    })
    expect(await names(owner)).toEqual([])
  })

  it('finds duplicates by email in any case, in the organization and in the file, and refuses or skips them', async () => {
    const owner = await buildOwner(app)
    await request(app, owner, 'POST', '/api/clients', { name: 'Known Buyer', email: 'known@example.com' })
    const csv = 'name,email\nKnown Again,KNOWN@example.com\nNew One,new@example.com\nNew Twice,New@Example.com\nNo Mail,\nNo Mail Either,\n'
    const refused = (await importCsv(owner, csv, { dryRun: true })).json()
    expect(refused.refused).toEqual([
      { line: 2, field: 'email', reason: 'exists', message: 'A client with this email exists already' },
      { line: 4, field: 'email', reason: 'repeated', message: 'Line 3 has the same email', sameAs: 3 },
    ])
    const skipped = (await importCsv(owner, csv, { duplicates: 'skip' })).json()
    expect(skipped).toMatchObject({ imported: 3, skipped: 2, refused: [] })
    expect(await names(owner)).toEqual(['Known Buyer', 'New One', 'No Mail', 'No Mail Either'])
  })

  it('takes the mapping the member chose over the suggested one, and needs a name column', async () => {
    const owner = await buildOwner(app)
    const csv = 'Who,Where\nLin Chosen,Chosen Co\n'
    const unmapped = await importCsv(owner, csv, { dryRun: true })
    expect(unmapped.json()).toMatchObject({ columns: ['Who', 'Where'], missing: ['name'], imported: 0 })
    expect((await importCsv(owner, csv)).json()).toMatchObject({ field: 'mapping.name' })
    const mapped = (await importCsv(owner, csv, { mapping: { name: 0, company: 1 } })).json()
    expect(mapped).toMatchObject({ imported: 1, mapping: { name: 0, company: 1, email: null } })
    const outOfFile = await importCsv(owner, csv, { mapping: { name: 5 } })
    expect(outOfFile.json()).toMatchObject({ message: 'mapping.name: The file has no column 6' })
  })

  it('refuses a file that is not a table, has no rows or too many, with a clear message', async () => {
    const owner = await buildOwner(app)
    expect((await importCsv(owner, 'name\n')).json()).toMatchObject({
      message: 'csv: The file has no row under its header',
      code: 'csv_unreadable',
    })
    expect((await importCsv(owner, '')).statusCode).toBe(400)
    expect((await importCsv(owner, 'name,email\n"unclosed,quote\n')).json().message).toMatch(/^csv: The file is not a CSV file/)
    const many = `name\n${Array.from({ length: 5_001 }, (_, i) => `Person ${i}`).join('\n')}\n`
    expect((await importCsv(owner, many)).json()).toMatchObject({
      message: 'csv: The file has 5001 rows; an import takes up to 5000 (split the file)',
      code: 'csv_too_many_rows',
    })
  })

  it('writes only into the importing member’s organization and needs a signed-in member', async () => {
    const owner = await buildOwner(app)
    const other = await buildOwner(app)
    await importCsv(owner, 'name\nMine Only\n')
    expect(await names(other)).toEqual([])
    expect((await request(app, null, 'POST', '/api/clients/import', { csv: 'name\nX\n' })).statusCode).toBe(401)
  })
})
