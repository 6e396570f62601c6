import { type AgreementChange, ProductSocketEvents } from '@closeroom/shared'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sentAgreement, signAs, tokenOf, uploadAgreement } from '../../testing/agreements.ts'
import { buildTestApp, listenOnFreePort, type TestApp } from '../../testing/app.ts'
import { buildDeal } from '../../testing/deals.ts'
import { buildMember, buildOwner, type Client } from '../../testing/factories.ts'
import { connectSocket } from '../../testing/sockets.ts'

// agreement-changed with real socket.io clients on the real server: the sender's page and lists update live.

let app: TestApp
let url: string
const sockets: Socket[] = []

beforeAll(async () => {
  app = await buildTestApp()
  url = await listenOnFreePort(app)
})
afterAll(async () => {
  for (const s of sockets) s.disconnect()
  await app.close()
})

/** A signed-in socket and every agreement-changed it hears, in order. */
async function listen(client: Client) {
  const socket = await connectSocket(url, client.cookie)
  sockets.push(socket)
  const heard: AgreementChange[] = []
  socket.on(ProductSocketEvents.agreementChanged, (change: AgreementChange) => heard.push(change))
  return heard
}

/** Waits until the socket has heard a change that matches. */
async function until(heard: AgreementChange[], match: Partial<AgreementChange>) {
  const found = () => heard.find((c) => Object.entries(match).every(([k, v]) => c[k as keyof AgreementChange] === v))
  for (let waited = 0; !found() && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20))
  const change = found()
  if (!change) throw new Error(`no agreement-changed like ${JSON.stringify(match)}; heard ${JSON.stringify(heard)}`)
  return change
}

const signer = (name: string, email: string) => ({ name, email, role: 'signer' as const })

describe('agreement-changed', () => {
  it('reaches every member of the organization when a recipient signs and when one declines, and nobody of another', async () => {
    const owner = await buildOwner(app)
    const member = await buildMember(app, owner)
    const stranger = await buildOwner(app)
    const deal = await buildDeal(app, owner)
    const sent = await sentAgreement(app, owner, [signer('Bea Buyer', 'bea@live.example'), signer('Carl Chief', 'carl@live.example')], {
      dealId: deal.id,
    })
    const [memberHeard, strangerHeard] = await Promise.all([listen(member), listen(stranger)])

    // Bea opens her link (a change of its own), then signs: one signer of two, so the agreement stays sent.
    const bea = tokenOf(sent.recipients[0]?.signingUrl ?? null)
    expect((await app.inject({ method: 'GET', url: `/api/public/signing/${bea}` })).statusCode).toBe(200)
    await until(memberHeard, { agreementId: sent.id })
    memberHeard.length = 0
    expect((await signAs(app, bea)).statusCode).toBe(200)
    expect(await until(memberHeard, { agreementId: sent.id })).toEqual({ agreementId: sent.id, dealId: deal.id, status: 'sent' })

    // Carl declines: the agreement ends, and the member hears so.
    const declined = await app.inject({
      method: 'POST',
      url: `/api/public/signing/${tokenOf(sent.recipients[1]?.signingUrl ?? null)}/decline`,
      payload: { reason: 'The price is wrong' },
    })
    expect(declined.statusCode, declined.body).toBe(200)
    expect(await until(memberHeard, { agreementId: sent.id, status: 'declined' })).toEqual({
      agreementId: sent.id,
      dealId: deal.id,
      status: 'declined',
    })

    // The stranger's own agreement arrives after Acme's would have: they heard nothing of Acme's.
    const own = await uploadAgreement(app, stranger)
    await until(strangerHeard, { agreementId: own.id })
    expect(strangerHeard.every((c) => c.agreementId === own.id)).toBe(true)
    expect(memberHeard.some((c) => c.agreementId === own.id)).toBe(false)
  })

  it('is sent for a reminder and for a download too, so the sender sees them in the audit log without a reload', async () => {
    const owner = await buildOwner(app)
    const sent = await sentAgreement(app, owner, [signer('Bea Buyer', 'bea@heard.example')], { reminderEveryDays: 1 })
    const heard = await listen(owner)
    const hears = async (act: () => Promise<unknown>) => {
      heard.length = 0
      await act()
      expect(await until(heard, { agreementId: sent.id })).toEqual({ agreementId: sent.id, dealId: null, status: 'sent' })
    }
    await hears(async () => expect(await app.agreements.lifecycle.remind(sent.id)).toBe(1))
    const bea = tokenOf(sent.recipients[0]?.signingUrl ?? null)
    await hears(() => app.inject({ method: 'GET', url: `/api/public/signing/${bea}/document?download=1` }))
    await hears(() =>
      app.inject({ method: 'GET', url: `/api/agreements/${sent.id}/document?download=1`, headers: { cookie: owner.cookie } }),
    )
    const kinds = (await app.inject({ method: 'GET', url: `/api/agreements/${sent.id}/audit`, headers: { cookie: owner.cookie } }))
      .json()
      .entries.map((e: { kind: string }) => e.kind)
    expect(kinds).toEqual(['created', 'sent', 'reminded', 'downloaded', 'downloaded'])
  })
})
