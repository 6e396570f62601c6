import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sentAgreement, tokenOf, uploadAgreement } from '../../testing/agreements.ts'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { buildOwner, request } from '../../testing/factories.ts'

// Each recipient has a language: their emails are written in it and their signing page opens in it.

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const signer = (name: string, email: string, language?: 'en' | 'fr' | 'vi' | 'cn' | 'ar') => ({
  name,
  email,
  role: 'signer' as const,
  ...(language ? { language } : {}),
})
const pub = (method: 'GET' | 'POST', token: string, path = '', payload?: object) =>
  app.inject({ method, url: `/api/public/signing/${token}${path}`, payload })

describe("a recipient's language", () => {
  it('writes their invitation, their signing answer and the emails after it in their language, the sender’s in the sender’s', async () => {
    const owner = await buildOwner(app)
    const sent = await sentAgreement(app, owner, [
      signer('Amélie Acheteuse', 'amelie@langues.example', 'fr'),
      signer('Bea Buyer', 'bea@langues.example'),
    ])
    expect(sent.recipients.map((r) => r.language)).toEqual(['fr', 'en'])

    const [french] = await app.outbox('amelie@langues.example')
    expect(french?.subject).toBe(`${owner.user.name} vous a envoyé Master services agreement à signer`)
    expect(french?.text).toContain('Bonjour Amélie Acheteuse,')
    expect(french?.text).toContain('Lire et signer: http')
    expect(french?.html).toContain('lang="fr"')
    const [english] = await app.outbox('bea@langues.example')
    expect(english?.subject).toBe(`${owner.user.name} sent you Master services agreement to sign`)

    // The signing page opens in it.
    const amelie = tokenOf(sent.recipients[0]?.signingUrl ?? null)
    const page = await pub('GET', amelie)
    expect(page.json().recipient).toMatchObject({ name: 'Amélie Acheteuse', language: 'fr' })

    // She declines; the sender hears it in the sender's own language.
    expect((await pub('POST', amelie, '/decline', { reason: 'Trop cher' })).statusCode).toBe(200)
    const [declined] = await app.outbox(owner.user.email)
    expect(declined?.subject).toBe('Amélie Acheteuse declined Master services agreement')
    expect(declined?.text).toContain('Reason: Trop cher')
  })

  it("is the sender's language when left out, kept when the editor saves without it, and one of the five", async () => {
    const owner = await buildOwner(app)
    expect((await request(app, owner, 'POST', '/api/user/settings', { locale: 'vi' })).statusCode).toBe(200)
    const draft = await uploadAgreement(app, owner)
    const patch = (recipients: object[]) => request(app, owner, 'PATCH', `/api/agreements/${draft.id}`, { recipients })
    const first = await patch([signer('An', 'an@langues.example'), signer('Ali', 'ali@langues.example', 'ar')])
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().recipients.map((r: { language: string }) => r.language)).toEqual(['vi', 'ar'])
    // Saved again without languages (an editor that does not show them): each keeps theirs.
    const again = await patch([signer('An', 'an@langues.example'), signer('Ali', 'ali@langues.example')])
    expect(again.json().recipients.map((r: { language: string }) => r.language)).toEqual(['vi', 'ar'])
    const wrong = await patch([{ ...signer('An', 'an@langues.example'), language: 'de' }])
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().field).toBe('recipients.0.language')

    const fields = ['an@langues.example', 'ali@langues.example'].map((recipient, i) => ({
      recipient,
      type: 'signature',
      page: 1,
      x: 0.1,
      y: 0.1 + i * 0.2,
      width: 0.3,
      height: 0.08,
    }))
    expect((await request(app, owner, 'PATCH', `/api/agreements/${draft.id}`, { fields })).statusCode).toBe(200)
    const sent = await request(app, owner, 'POST', `/api/agreements/${draft.id}/send`)
    expect(sent.statusCode, sent.body).toBe(200)
    const [arabic] = await app.outbox('ali@langues.example')
    expect(arabic?.subject).toBe(`أرسل إليك ${owner.user.name} Master services agreement للتوقيع`)
    expect(arabic?.html).toContain('dir="rtl"')
    const [vietnamese] = await app.outbox('an@langues.example')
    expect(vietnamese?.subject).toBe(`${owner.user.name} đã gửi cho bạn Master services agreement để ký`)
  })
})
