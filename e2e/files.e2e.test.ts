import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildOwner, type Client } from '../apps/server/src/testing/factories.ts'
import { PNG } from '../apps/server/src/testing/files.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { CONTEXT_DEFAULTS, type Harness, startHarness } from './harness.ts'

// The file library: the seller drops files into /files-manager, shares a PDF from the library into a deal's
// sales room, the buyer reads it page by page in the room's viewer, and the seller sees the time on each page.

let harness: Harness
let seller: Client

beforeAll(async () => {
  harness = await startHarness()
  seller = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
})
afterAll(() => harness?.close())

/** A real PDF of `count` tall pages, each saying its number, with a correct cross-reference table. */
function pdfOfPages(count: number): Buffer {
  const objects: string[] = []
  const pageIds = Array.from({ length: count }, (_, i) => 4 + i * 2)
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${count} >>`
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'
  for (const [index, id] of pageIds.entries()) {
    const text = `BT /F1 28 Tf 40 300 Td (Page ${index + 1} of the proposal) Tj ET`
    objects[id] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents ${id + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`
    objects[id + 1] = `<< /Length ${text.length} >>\nstream\n${text}\nendstream`
  }
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = body.length
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`
  }
  const xref = body.length
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

it('drops files into the library, shares one into a room, and shows the seller how the buyer read it page by page', async () => {
  const deal = await buildDeal(harness.server.app, seller, { name: 'Acme rollout' })
  const room = await harness.server.app.inject({
    method: 'PUT',
    url: `/api/deals/${deal.id}/salesroom`,
    headers: { cookie: seller.cookie },
    payload: { title: 'Acme × Closeroom', published: true },
  })
  expect(room.statusCode, room.body).toBe(200)
  const { publicId } = room.json() as { publicId: string }
  const proposal = pdfOfPages(3)

  const library = await harness.newPage()
  await signIn(library, seller.user.email, 'Olivia Owner')
  await library.goto('/files-manager')
  await library.getByRole('heading', { name: 'Files', level: 1 }).waitFor()
  await library.getByText('Nothing here yet.', { exact: false }).waitFor()

  // Two files dropped at once, as from the desktop.
  const dropped = await library.evaluateHandle(
    (files) => {
      const transfer = new DataTransfer()
      for (const file of files) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }))
      return transfer
    },
    [
      { name: 'Proposal.pdf', type: 'application/pdf', bytes: [...proposal] },
      { name: 'Logo.png', type: 'image/png', bytes: [...PNG] },
    ],
  )
  const dropZone = library.getByText('Or drop them here', { exact: false })
  await dropZone.dispatchEvent('dragover', { dataTransfer: dropped })
  await dropZone.dispatchEvent('drop', { dataTransfer: dropped })
  const table = library.getByRole('table', { name: 'Files' })
  await table.getByRole('button', { name: 'Proposal.pdf', exact: true }).waitFor()
  await table.getByRole('button', { name: 'Logo.png', exact: true }).waitFor()
  await library.getByText(/of 10 GB used/).waitFor()

  // A folder, then the PDF previewed with pdf.js.
  await library.getByRole('button', { name: 'New folder' }).click()
  await library.getByRole('dialog', { name: 'New folder' }).getByLabel('Folder name').fill('Proposals')
  await library.getByRole('dialog', { name: 'New folder' }).getByRole('button', { name: 'Save' }).click()
  await table.getByRole('button', { name: 'Proposals', exact: true }).waitFor()
  // A folder moves into another with its row's menu; the move list leaves out the folder itself.
  await library.getByRole('button', { name: 'New folder' }).click()
  await library.getByRole('dialog', { name: 'New folder' }).getByLabel('Folder name').fill('Archive')
  await library.getByRole('dialog', { name: 'New folder' }).getByRole('button', { name: 'Save' }).click()
  await table.getByRole('button', { name: 'Archive', exact: true }).waitFor()
  await table.getByRole('button', { name: 'Actions for Proposals' }).click()
  await library.getByRole('menuitem', { name: 'Move' }).click()
  const move = library.getByRole('dialog', { name: 'Move Proposals' })
  await move.getByRole('button', { name: 'Archive' }).click()
  await move.getByText('In: Archive').waitFor()
  await move.getByRole('button', { name: 'Move here' }).click()
  await move.waitFor({ state: 'detached' })
  await table.getByRole('button', { name: 'Proposals', exact: true }).waitFor({ state: 'detached' })
  await table.getByRole('button', { name: 'Proposal.pdf', exact: true }).click()
  const preview = library.getByRole('dialog', { name: 'Proposal.pdf' })
  await preview.getByRole('group', { name: 'Page 1 of 3' }).waitFor()
  expect(await violations(library, '[role="dialog"]')).toEqual([])
  await preview.getByRole('button', { name: 'Close' }).click()
  for (const theme of ['light', 'dark'] as const) {
    await library.context().addCookies([{ name: 'themeMode', value: theme, url: harness.server.url }])
    await library.reload()
    await table.getByRole('button', { name: 'Proposal.pdf', exact: true }).waitFor()
    expect(await violations(library), theme).toEqual([])
  }
  await library.context().addCookies([{ name: 'themeMode', value: 'light', url: harness.server.url }])

  // In the room's editor: from the library, not uploaded again.
  await library.goto(`/deals/${deal.id}/room`)
  const card = library.getByRole('region', { name: 'Documents' })
  await card.getByRole('button', { name: 'Add from the library' }).click()
  const picker = library.getByRole('dialog', { name: 'Add from the library' })
  await picker.getByRole('button', { name: /Proposal\.pdf/ }).click()
  await picker.waitFor({ state: 'detached' })
  await card.getByText(/Proposal\.pdf · PDF · .* · from the library/).waitFor()
  const reading = library.getByRole('region', { name: 'Document reading' })
  await reading.getByText('Not opened yet.').waitFor()

  // The buyer, signed out, reads the first two pages in the room's viewer.
  const context = await harness.browser.newContext({ ...CONTEXT_DEFAULTS, baseURL: harness.server.url })
  onTestFinished(() => context.close())
  const buyer = await context.newPage()
  const visited = buyer.waitForResponse((r) => r.url().endsWith('/events') && r.request().method() === 'POST')
  await buyer.goto(`/d/${publicId}`)
  await visited
  const documents = buyer.getByRole('region', { name: 'Documents' })
  await documents.getByRole('button', { name: 'Open “Proposal”', exact: true }).click()
  const viewer = buyer.getByRole('dialog', { name: 'Proposal' })
  await viewer.getByText('Page 1 of 3').waitFor()
  expect(await violations(buyer, '[role="dialog"]')).toEqual([])
  // Reading takes time: a second on each page, as a reader would spend.
  await buyer.waitForTimeout(1200)
  await viewer.getByRole('group', { name: 'Page 2 of 3' }).scrollIntoViewIfNeeded()
  await viewer.getByText('Page 2 of 3').waitFor()
  await buyer.waitForTimeout(1200)
  const reported = buyer.waitForResponse((r) => r.url().endsWith('/pages') && r.request().method() === 'POST')
  await viewer.getByRole('button', { name: 'Close the document' }).click()
  expect((await reported).status()).toBe(200)

  // The seller's page, live: one opening, time on pages 1 and 2, the link's visitor.
  await reading.getByText(/Opened once · \d+ s read/).waitFor()
  const perPage = reading.getByRole('list', { name: 'Time per page of Proposal' })
  await perPage.getByText('Page 1').waitFor()
  await perPage.getByText('Page 2').waitFor()
  expect(await perPage.getByText('Page 3').count()).toBe(0)
  // The server knows the PDF has three pages: the one nobody read is named.
  await reading.getByText('Pages never viewed: 3 (of 3)').waitFor()
  await reading
    .getByRole('table', { name: 'Reading of Proposal per visitor' })
    .getByRole('cell', { name: 'Visitor with the link' })
    .waitFor()

  // Across rooms, at /file.
  await library.goto('/file')
  await library.getByRole('heading', { name: 'Document views', level: 1 }).waitFor()
  const byDocument = library.getByRole('table', { name: 'By document' })
  await byDocument.getByRole('cell', { name: 'Proposal' }).waitFor()
  await byDocument.getByRole('link', { name: 'Acme rollout' }).waitFor()
  expect(await violations(library)).toEqual([])

  // The file cannot go while the room shows it: the library says where.
  await library.goto('/files-manager')
  await table.getByRole('link', { name: 'Acme rollout' }).waitFor()
  await table.getByRole('button', { name: 'Actions for Proposal.pdf' }).click()
  await library.getByRole('menuitem', { name: 'Delete' }).click()
  await library
    .getByRole('dialog', { name: 'Delete Proposal.pdf?' })
    .getByText('This file is in use: sales room Acme rollout.', { exact: false })
    .waitFor()
})
