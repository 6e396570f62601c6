import { EventEmitter } from 'node:events'
import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { ImapFlow } from 'imapflow'
import type { Db } from '../../db/client.ts'
import { mailAccounts, mailFolders } from '../../db/schema/index.ts'
import type { Encryption } from '../../lib/encryption.ts'
import type { Outbound } from '../../lib/outbound.ts'
import { type MailServerAccount, openImap, sentFolder } from './net.ts'
import { type AccountRow, fromParsed, type MailStore } from './store.ts'

/** A newly connected mailbox brings its latest messages, not years of them. */
export const FIRST_SYNC_MESSAGES = 200
/** At most this many messages are read in one go; the rest follow in the next round. */
const BATCH = 100
const MAX_BACKOFF_MS = 5 * 60_000

/** The folders each mailbox syncs: mail received, and mail the member sent (from any of their mail clients). */
export type FolderRole = (typeof mailFolders.$inferSelect)['role']
const ROLES: FolderRole[] = ['inbox', 'sent']

type Deps = {
  db: Db
  encryption: Encryption
  outbound: Outbound
  store: MailStore
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>
  /** Told of each new message kept, with the mailbox's member: their open mail pages read again. */
  arrived(userId: string, threadId: string): void
}

export const serverAccount = (encryption: Encryption, row: AccountRow): MailServerAccount => ({
  imapHost: row.imapHost,
  imapPort: row.imapPort,
  imapTls: row.imapTls,
  smtpHost: row.smtpHost,
  smtpPort: row.smtpPort,
  smtpTls: row.smtpTls,
  username: row.username,
  password: encryption.decrypt(row.passwordEncrypted),
})

/**
 * One worker per connected mailbox, in the server process, with one IMAP connection per folder it reads (INBOX
 * and Sent, since IDLE watches one folder): each signs in, reads its folder from where it stopped (UIDVALIDITY
 * + last UID, kept per folder, so a restart resumes), then waits in IDLE for new mail. A message found in both
 * folders, or sent from Closeroom and then read back from Sent, is kept once (by its Message-ID). A mailbox
 * that fails (wrong password, server down) records the error on its account, which settings show, and is tried
 * again with a growing delay; nothing it does can throw into the server.
 */
export function createMailSync({ db, encryption, outbound, store, log, arrived }: Deps) {
  const workers = new Map<string, { stop: () => Promise<void> }>()
  const events = new EventEmitter()

  async function record(accountId: string, set: Partial<AccountRow>) {
    await db.update(mailAccounts).set(set).where(eq(mailAccounts.id, accountId))
  }

  async function folderState(accountId: string, role: FolderRole) {
    const [row] = await db
      .select()
      .from(mailFolders)
      .where(and(eq(mailFolders.accountId, accountId), eq(mailFolders.role, role)))
    return row
  }

  async function recordFolder(accountId: string, role: FolderRole, set: { path: string; uidValidity: number; lastUid: number }) {
    await db
      .insert(mailFolders)
      .values({ accountId, role, ...set })
      .onConflictDoUpdate({ target: [mailFolders.accountId, mailFolders.role], set })
    await record(accountId, { lastSyncedAt: new Date(), lastError: null })
  }

  /** Reads one folder of a mailbox for as long as it is connected, reconnecting after failures. */
  function folderWorker(accountId: string, role: FolderRole) {
    let stopped = false
    let client: ImapFlow | null = null
    let wake: (() => void) | null = null

    /** Reads what the folder holds past `lastUid`; answers the new last UID. */
    async function pull(imap: ImapFlow, account: AccountRow, path: string, uidValidity: number, lastUid: number): Promise<number> {
      const box = imap.mailbox
      if (!box || box.exists === 0) return lastUid
      // The UIDs still to read, asked once: each batch then downloads its own messages and no others (fetching
      // "N:*" per batch downloaded every remaining message each time, to keep a hundred).
      const query = lastUid > 0 ? { uid: `${lastUid + 1}:*` } : { seq: `${Math.max(1, box.exists - FIRST_SYNC_MESSAGES + 1)}:*` }
      // "N:*" names the last message even when its UID is below N: hence the filter.
      const pending = ((await imap.search(query, { uid: true })) || []).filter((uid) => uid > lastUid).sort((a, b) => a - b)
      const { simpleParser } = await import('mailparser')
      for (let start = 0; start < pending.length; start += BATCH) {
        const fetched: { uid: number; source: Buffer }[] = []
        for await (const m of imap.fetch(pending.slice(start, start + BATCH).join(','), { uid: true, source: true }, { uid: true })) {
          if (m.source) fetched.push({ uid: m.uid, source: m.source })
        }
        fetched.sort((a, b) => a.uid - b.uid)
        for (const { uid, source } of fetched) {
          try {
            const parsed = fromParsed(await simpleParser(source), uid, uidValidity, role)
            // Whatever sits in Sent was sent by the member, whichever address or alias it names as its sender.
            const threadId = await store.keep(account, parsed, role === 'sent' ? { direction: 'out' } : {})
            if (threadId) arrived(account.userId, threadId)
          } catch (error) {
            // One unreadable message must not stop the mailbox: it is skipped and said in the log.
            log.warn({ accountId, folder: path, uid, err: (error as Error).message }, 'could not keep a mail message')
          }
          lastUid = uid
          await recordFolder(accountId, role, { path, uidValidity, lastUid })
        }
      }
      return lastUid
    }

    /** One connection's life: answers when it closes. */
    async function session() {
      const [account] = await db.select().from(mailAccounts).where(eq(mailAccounts.id, accountId))
      if (!account) {
        stopped = true
        return
      }
      const imap = await openImap(outbound, serverAccount(encryption, account))
      client = imap
      const closed = new Promise<void>((resolve) => imap.once('close', () => resolve()))
      if (stopped) {
        await imap.logout().catch(() => imap.close())
        return
      }
      const path = role === 'inbox' ? 'INBOX' : await sentFolder(imap)
      const box = await imap.mailboxOpen(path)
      const uidValidity = Number(box.uidValidity)
      const state = await folderState(accountId, role)
      let lastUid = state && state.path === path && state.uidValidity === uidValidity ? state.lastUid : 0
      // New mail arrives during IDLE as EXISTS; pulls run one after another.
      let queue = Promise.resolve()
      const pullNow = () => {
        queue = queue
          .then(async () => {
            lastUid = await pull(imap, account, path, uidValidity, lastUid)
            await recordFolder(accountId, role, { path, uidValidity, lastUid })
            events.emit('synced', accountId, role)
          })
          .catch((error: Error) => {
            if (stopped) return
            log.warn({ accountId, folder: path, err: error.message }, 'mailbox sync failed')
            void record(accountId, { lastError: error.message }).catch(() => {})
            imap.close()
          })
        return queue
      }
      imap.on('exists', () => void pullNow())
      await pullNow()
      await closed
    }

    const done = (async () => {
      let failures = 0
      while (!stopped) {
        try {
          await session()
          failures = 0
        } catch (error) {
          // Stopping closes the connection under whatever it was doing: that is no failure of the mailbox.
          if (stopped) break
          failures++
          const message = (error as Error).message
          log.warn({ accountId, err: message }, 'could not read a mailbox')
          await record(accountId, { lastError: message }).catch(() => {})
          events.emit('failed', accountId, message)
        }
        client = null
        if (stopped) break
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures, 9))
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay)
          timer.unref()
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
        wake = null
      }
    })()

    return {
      async stop() {
        stopped = true
        wake?.()
        const open = client
        if (open) await open.logout().catch(() => open.close())
        await done
      },
    }
  }

  function worker(accountId: string) {
    const folders = ROLES.map((role) => folderWorker(accountId, role))
    return {
      async stop() {
        await Promise.all(folders.map((f) => f.stop()))
      },
    }
  }

  /** (Re)starts the worker of a mailbox: after it is connected or changed. */
  async function start(accountId: string) {
    await stop(accountId)
    workers.set(accountId, worker(accountId))
  }

  async function stop(accountId: string) {
    const running = workers.get(accountId)
    workers.delete(accountId)
    await running?.stop()
  }

  /** At boot: every connected mailbox of this server. */
  async function startAll() {
    const rows = await db.select({ id: mailAccounts.id }).from(mailAccounts)
    for (const row of rows) workers.set(row.id, worker(row.id))
  }

  async function stopAll() {
    await Promise.all([...workers.keys()].map(stop))
  }

  /**
   * Resolves once the mailbox has read a folder (INBOX unless told) up to this UID, rejects when its sync fails
   * first (tests wait on it, rather than polling, after delivering a message).
   */
  async function readUpTo(accountId: string, uid: number, role: FolderRole = 'inbox'): Promise<void> {
    const reached = async () => ((await folderState(accountId, role))?.lastUid ?? 0) >= uid
    await new Promise<void>((resolve, reject) => {
      const check = (id: string) => {
        if (id !== accountId) return
        reached().then((done) => {
          if (!done) return
          off()
          resolve()
        }, reject)
      }
      const onFailed = (id: string, message: string) => {
        if (id !== accountId) return
        off()
        reject(new Error(message))
      }
      const off = () => {
        events.off('synced', check)
        events.off('failed', onFailed)
      }
      events.on('synced', check)
      events.on('failed', onFailed)
      check(accountId)
    })
  }

  return { start, stop, startAll, stopAll, readUpTo }
}

export type MailSync = ReturnType<typeof createMailSync>
