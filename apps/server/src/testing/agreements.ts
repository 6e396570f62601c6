import type { Agreement, RecipientInput } from '@closeroom/shared'
import { expect } from 'vitest'
import { samplePdf } from '../modules/agreements/pdf/testing.ts'
import type { TestApp } from './app.ts'
import { type Client, request } from './factories.ts'
import { form } from './files.ts'

// Agreements made through the API, for the agreements' tests and the webhooks': every test makes its own.

export const tokenOf = (signingUrl: string | null) => {
  const token = signingUrl?.split('/sign/')[1]
  if (!token) throw new Error(`no signing link: ${signingUrl}`)
  return token
}

/** A draft from an uploaded PDF of `pages` pages. */
export async function uploadAgreement(
  app: TestApp,
  owner: Client,
  { pages = 2, title = 'Master services agreement', dealId }: { pages?: number; title?: string; dealId?: string } = {},
) {
  const bytes = Buffer.from(await samplePdf(pages))
  const res = await app.inject({
    method: 'POST',
    url: '/api/agreements',
    headers: { cookie: owner.cookie },
    payload: form({ name: 'msa.pdf', bytes }, { title, ...(dealId ? { dealId } : {}) }),
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as Agreement
}

/** A draft with these recipients, each signer given a required signature field on page 1, then sent. */
export async function sentAgreement(
  app: TestApp,
  owner: Client,
  recipients: RecipientInput[],
  settings: { signingOrder?: 'parallel' | 'sequential'; dealId?: string; reminderEveryDays?: number; expiresAt?: string } = {},
) {
  const { dealId, ...rest } = settings
  const draft = await uploadAgreement(app, owner, { dealId })
  const fields = recipients
    .filter((r) => r.role === 'signer')
    .flatMap((r, i) => [
      { recipient: r.email, type: 'signature', page: 1, x: 0.1, y: 0.1 + i * 0.2, width: 0.3, height: 0.08, required: true },
      { recipient: r.email, type: 'date', page: 1, x: 0.5, y: 0.1 + i * 0.2, width: 0.2, height: 0.05, required: true },
    ])
  const patched = await request(app, owner, 'PATCH', `/api/agreements/${draft.id}`, { ...rest, recipients, fields })
  expect(patched.statusCode, patched.body).toBe(200)
  const sent = await request(app, owner, 'POST', `/api/agreements/${draft.id}/send`)
  expect(sent.statusCode, sent.body).toBe(200)
  return sent.json() as Agreement
}

/** A signer's values: a typed signature for their signature field, nothing for the rest (dates are the server's). */
export async function signAs(app: TestApp, token: string, signature = 'Bea Buyer') {
  const page = await app.inject({ method: 'GET', url: `/api/public/signing/${token}` })
  const fields: { id: string; type: string }[] = page.json().fields ?? []
  const values = Object.fromEntries(fields.filter((f) => f.type === 'signature').map((f) => [f.id, signature]))
  return app.inject({ method: 'POST', url: `/api/public/signing/${token}`, payload: { values } })
}
