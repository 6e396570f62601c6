// imapflow and nodemailer (with mailparser in sync.ts, ~15 MB of heap between them) are imported when a mailbox is
// first reached, not at start: a server with no mailbox connected never needs them.
import type { ImapFlow } from 'imapflow'
import type { SendMailOptions } from 'nodemailer'
import { type Outbound, OutboundRefused } from '../../lib/outbound.ts'

/** What a mailbox needs to be reached: the account row's fields, with the password in clear. */
export type MailServerAccount = {
  imapHost: string
  imapPort: number
  imapTls: boolean
  smtpHost: string
  smtpPort: number
  smtpTls: boolean
  username: string
  password: string
}

export type MailFailure = 'auth' | 'private' | 'unreachable'

/** A mail server that could not be used, with what a member can act on. */
export class MailServerError extends Error {
  readonly kind: MailFailure
  readonly server: 'imap' | 'smtp'
  constructor(server: 'imap' | 'smtp', kind: MailFailure, message: string) {
    super(message)
    this.kind = kind
    this.server = server
  }
}

const TIMEOUT_MS = 15_000

function explain(server: 'imap' | 'smtp', host: string, error: unknown): MailServerError {
  if (error instanceof MailServerError) return error
  const name = server === 'imap' ? 'IMAP' : 'SMTP'
  if (error instanceof OutboundRefused) return new MailServerError(server, 'private', `${name} server ${host}: ${error.message}`)
  const e = error as { authenticationFailed?: boolean; code?: string; responseText?: string; message?: string }
  if (e.authenticationFailed || e.code === 'EAUTH')
    return new MailServerError(server, 'auth', `The ${name} server ${host} refused the username or password`)
  const detail = e.responseText || e.code || e.message || 'no answer'
  return new MailServerError(server, 'unreachable', `Could not reach the ${name} server ${host}: ${detail}`)
}

/**
 * An IMAP client signed in to the mailbox. It dials the address `outbound` checked (never a private one unless
 * the operator allowed it), naming the host for TLS.
 */
export async function openImap(outbound: Outbound, account: MailServerAccount): Promise<ImapFlow> {
  let client: ImapFlow | undefined
  try {
    const address = await outbound.resolve(account.imapHost)
    const imapflow = await import('imapflow')
    client = new imapflow.ImapFlow({
      host: address,
      port: account.imapPort,
      secure: account.imapTls,
      servername: account.imapHost,
      auth: { user: account.username, pass: account.password },
      logger: false,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      // Re-enter IDLE every few minutes: some servers and NATs drop a connection that stays silent.
      maxIdleTime: 5 * 60_000,
      // Enter IDLE half a second after the last command rather than imapflow's 15 s: new mail shows at once.
      autoIdleDelay: 500,
    })
    // An error after connecting closes the client; the sync notices by its 'close' event.
    client.on('error', () => {})
    await client.connect()
    return client
  } catch (error) {
    client?.close()
    throw explain('imap', account.imapHost, error)
  }
}

export async function smtpTransport(outbound: Outbound, account: MailServerAccount) {
  try {
    const address = await outbound.resolve(account.smtpHost)
    const { default: nodemailer } = await import('nodemailer')
    return nodemailer.createTransport({
      host: address,
      port: account.smtpPort,
      secure: account.smtpTls,
      tls: { servername: account.smtpHost },
      auth: { user: account.username, pass: account.password },
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS * 2,
    })
  } catch (error) {
    throw explain('smtp', account.smtpHost, error)
  }
}

/** Signs in to both servers, so a mailbox is saved only once it works. */
export async function checkMailServers(outbound: Outbound, account: MailServerAccount): Promise<void> {
  const imap = await openImap(outbound, account)
  await imap.logout().catch(() => imap.close())
  const transport = await smtpTransport(outbound, account)
  try {
    await transport.verify()
  } catch (error) {
    throw explain('smtp', account.smtpHost, error)
  } finally {
    transport.close()
  }
}

/** Sends one message through the member's SMTP server; answers a MailServerError when it refuses. */
export async function sendThroughSmtp(outbound: Outbound, account: MailServerAccount, message: SendMailOptions): Promise<void> {
  const transport = await smtpTransport(outbound, account)
  try {
    await transport.sendMail(message)
  } catch (error) {
    throw explain('smtp', account.smtpHost, error)
  } finally {
    transport.close()
  }
}

/**
 * The folder the member's mail clients keep sent mail in: the one the server marks \Sent (or imapflow knows by
 * its name), else one named Sent, which is created when the mailbox has none.
 */
export async function sentFolder(imap: ImapFlow): Promise<string> {
  const find = async () => {
    const folders = await imap.list()
    return (folders.find((f) => f.specialUse === '\\Sent') ?? folders.find((f) => f.path.toLowerCase() === 'sent'))?.path
  }
  const found = await find()
  if (found) return found
  try {
    return (await imap.mailboxCreate('Sent')).path
  } catch (error) {
    // Another connection (the sync, or a second send) may have just created it.
    const now = await find()
    if (now) return now
    throw error
  }
}

/**
 * Keeps a copy of a message the member sent from Closeroom in their Sent folder, marked read, so their own
 * mail client shows it among what they sent.
 */
export async function appendToSent(outbound: Outbound, account: MailServerAccount, raw: Buffer, sentAt: Date): Promise<void> {
  const imap = await openImap(outbound, account)
  try {
    const appended = await imap.append(await sentFolder(imap), raw, ['\\Seen'], sentAt)
    if (appended === false) throw new Error('the IMAP server refused to keep the message in the Sent folder')
  } catch (error) {
    throw explain('imap', account.imapHost, error)
  } finally {
    await imap.logout().catch(() => imap.close())
  }
}
