import { sql } from 'drizzle-orm'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../testing/app.ts'
import { PASSWORD, sessionCookie, uniqueEmail } from '../../testing/factories.ts'
import { freePort } from '../../testing/process.ts'

// With SMTP_URL set, mail goes to a real SMTP server (here one listening on loopback), and the outbox still records it.

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
  app = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${address.port}`, MAIL_FROM: 'Closeroom <hello@closeroom.test>' } })
})
afterAll(async () => {
  await app.close()
  await new Promise<void>((resolve) => smtp.close(resolve))
})

async function mailTo(address: string): Promise<ParsedMail> {
  for (;;) {
    const mail = received.find((m) => m.to && !Array.isArray(m.to) && m.to.text === address)
    if (mail) return mail
    await new Promise<void>((resolve) => waiters.push(resolve))
  }
}

it('sends the verification email through SMTP, with text and HTML, and records it in the outbox', async () => {
  const email = uniqueEmail('smtp')
  const res = await app.inject({ method: 'POST', url: '/api/register', payload: { email, password: PASSWORD, name: '<b>Eve</b>' } })
  expect(res.statusCode).toBe(201)
  const mail = await mailTo(email)
  expect(mail.from?.value).toEqual([{ name: 'Closeroom', address: 'hello@closeroom.test' }])
  expect(mail.subject).toMatch(/^\d{6} is your Closeroom verification code$/)
  expect(mail.text).toContain('Hi <b>Eve</b>,')
  // A name is user content: in the HTML part it is text, never markup.
  expect(mail.html).toContain('Hi &#60;b&#62;Eve&#60;/b&#62;,')
  expect(mail.html).not.toContain('<b>Eve</b>')
  // The organization's admins still see what Closeroom sent, through /api/outbox and /mail's "Sent by Closeroom".
  const owner = { cookie: sessionCookie(res.headers['set-cookie']) }
  const outbox = await app.inject({ method: 'GET', url: '/api/outbox', headers: { cookie: owner.cookie } })
  expect(outbox.statusCode).toBe(200)
  expect(outbox.json().emails).toEqual([expect.objectContaining({ to: email, subject: mail.subject })])
})

it('still signs the person up when the SMTP server is down, keeping the email queued for retry', async () => {
  const closedPort = await freePort()
  const offline = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}` } })
  try {
    const email = uniqueEmail('queued')
    const res = await offline.inject({ method: 'POST', url: '/api/register', payload: { email, password: PASSWORD, name: 'Patient' } })
    expect(res.statusCode).toBe(201)
    const queued = (await offline.database.db.execute(
      sql`select state, data->>'to' as "to" from pgboss.job where name = 'send-email'`,
    )) as unknown as {
      rows: unknown[]
    }
    expect(queued.rows).toEqual([{ state: expect.stringMatching(/^(created|active|retry)$/), to: email }])
  } finally {
    await offline.close()
  }
})
