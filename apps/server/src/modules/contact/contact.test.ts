import { Writable } from 'node:stream'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { uniqueEmail } from '../../testing/factories.ts'

// POST /api/public/contact: what the contact, payment and coming-soon pages send. It reaches the operator
// at CONTACT_EMAIL through a real SMTP server listening on loopback.

const OPERATOR = 'sales@closeroom.test'
const received: ParsedMail[] = []
const waiters: (() => void)[] = []
let smtp: SMTPServer
let app: TestApp

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => {
        received.push(mail)
        for (const wake of waiters.splice(0)) wake()
        done()
      }, done)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const address = smtp.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  app = await buildTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${address.port}`, MAIL_FROM: 'Closeroom <hello@closeroom.test>', CONTACT_EMAIL: OPERATOR },
  })
})
afterAll(async () => {
  await app?.close()
  await new Promise<void>((resolve) => smtp.close(resolve))
})

/** The email whose Reply-To is `sender`: each test sends from an address of its own. */
async function mailFrom(sender: string): Promise<ParsedMail> {
  for (;;) {
    const mail = received.find((m) => m.replyTo?.value[0]?.address === sender)
    if (mail) return mail
    await new Promise<void>((resolve) => waiters.push(resolve))
  }
}

const contact = (target: TestApp, payload: unknown) =>
  target.inject({
    method: 'POST',
    url: '/api/public/contact',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })

it('emails a message to the operator, replying to the sender, with the message escaped in the HTML part', async () => {
  const email = uniqueEmail('visitor')
  const res = await contact(app, {
    topic: 'sales',
    name: 'Ada <i>Lovelace</i>',
    email,
    company: 'Analytical & Co',
    message: 'Can we book a demo?\n<script>alert("x")</script>',
  })
  expect(res.statusCode).toBe(202)
  expect(res.json()).toEqual({ ok: true })

  const mail = await mailFrom(email)
  expect(mail.to && !Array.isArray(mail.to) && mail.to.text).toBe(OPERATOR)
  expect(mail.from?.value).toEqual([{ name: 'Closeroom', address: 'hello@closeroom.test' }])
  expect(mail.subject).toBe('[Closeroom] Sales: Ada <i>Lovelace</i> (Analytical & Co)')
  expect(mail.text).toContain(`Email: ${email}`)
  expect(mail.text).toContain('Can we book a demo?\n<script>alert("x")</script>')
  // What a stranger typed is text in the HTML part, never markup.
  expect(mail.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;')
  expect(mail.html).toContain('Ada &#60;i&#62;Lovelace&#60;/i&#62;')
  expect(mail.html).toContain('Analytical &#38; Co')
  expect(mail.html).not.toContain('<script>')
  expect(mail.html).not.toContain('<i>')
})

it('emails a purchase request with the price worked out by the server, not the browser', async () => {
  const email = uniqueEmail('buyer')
  const res = await contact(app, {
    topic: 'purchase',
    plan: 'team',
    period: 'yearly',
    seats: 5,
    name: 'Bea Buyer',
    email,
    company: 'Acme',
    country: 'FR',
    message: 'PO 1234',
  })
  expect(res.statusCode).toBe(202)
  const mail = await mailFrom(email)
  expect(mail.subject).toBe('[Closeroom] Purchase request: Team, 5 seats, yearly (Acme)')
  expect(mail.text).toContain('Price: $10.00 per seat per month')
  expect(mail.text).toContain('Total: $600.00 per year')
  expect(mail.text).toContain('Country: FR')
  expect(mail.text).toContain('PO 1234')
})

it('emails a notify-me request for an upcoming feature', async () => {
  const email = uniqueEmail('waiting')
  const res = await contact(app, { topic: 'notify', email, feature: 'mobile-apps' })
  expect(res.statusCode).toBe(202)
  const mail = await mailFrom(email)
  expect(mail.subject).toBe(`[Closeroom] Notify me: mobile-apps (${email})`)
})

describe('refuses bad input with 400 and a message naming the field', () => {
  const valid = { topic: 'support', name: 'Sam', email: 'sam@example.com', message: 'Hello' }
  const purchase = {
    topic: 'purchase',
    plan: 'team',
    period: 'monthly',
    seats: 3,
    name: 'Sam',
    email: 'sam@example.com',
    company: 'Acme',
    country: 'DE',
  }
  it.each([
    ['an empty message', { ...valid, message: '   ' }, 'message: Message is required'],
    ['a missing name', { ...valid, name: undefined }, /^name: /],
    ['a malformed email', { ...valid, email: 'sam-at-example' }, 'email: Must be a valid email address'],
    ['an unknown topic', { ...valid, topic: 'jobs' }, /^topic: /],
    ['a message too long', { ...valid, message: 'x'.repeat(5001) }, /^message: /],
    ['no seats', { ...purchase, seats: 0 }, 'seats: Seats must be a whole number from 1 to 1000'],
    ['half a seat', { ...purchase, seats: 1.5 }, 'seats: Seats must be a whole number from 1 to 1000'],
    ['an unknown country', { ...purchase, country: 'ZZ' }, 'country: Choose a country'],
    ['a purchase without a company', { ...purchase, company: '' }, 'company: Company is required'],
    ['an unsold plan', { ...purchase, plan: 'community' }, 'plan: Choose a plan'],
    ['an unknown feature', { topic: 'notify', email: 'sam@example.com', feature: 'teleportation' }, /^feature: /],
  ])('%s', async (_name, payload, message) => {
    const res = await contact(app, payload)
    expect(res.statusCode).toBe(400)
    const field = (typeof message === 'string' ? message : message.source.slice(1)).split(':')[0]
    expect(res.json()).toEqual({ message: typeof message === 'string' ? message : expect.stringMatching(message), code: 'invalid', field })
  })

  it('a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/public/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: expect.any(String), code: 'invalid' })
  })
})

it('without CONTACT_EMAIL, logs the message at info level and still accepts it', async () => {
  const lines: { level: number; msg: string; contact?: unknown }[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  const quiet = await buildTestApp({ logger: { level: 'info', stream } })
  try {
    const email = uniqueEmail('logged')
    const res = await contact(quiet, { topic: 'other', name: 'Lou', email, message: 'Just saying hi' })
    expect(res.statusCode).toBe(202)
    const logged = lines.find((line) => line.msg.startsWith('contact message'))
    expect(logged?.level).toBe(30)
    expect(logged?.msg).toContain('Just saying hi')
    expect(logged?.contact).toMatchObject({ email, topic: 'other' })
    expect(await quiet.outbox(email)).toHaveLength(0)
  } finally {
    await quiet.close()
  }
})

it('limits how often one address can write, like sign-in', async () => {
  const limited = await buildTestApp({ limits: { perIp: { max: 2, windowMs: 60_000 }, perEmail: { max: 100, windowMs: 60_000 } } })
  try {
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      const res = await contact(limited, { topic: 'notify', email: uniqueEmail('eager'), feature: 'mobile-apps' })
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([202, 202, 429])
  } finally {
    await limited.close()
  }
})
