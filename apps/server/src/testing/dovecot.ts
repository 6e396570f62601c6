import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { freePort } from './process.ts'

export type DovecotUser = { username: string; password: string }

export type Dovecot = {
  host: string
  port: number
  output: () => string
  stop: () => Promise<void>
}

const DOVECOT = '/usr/sbin/dovecot'

/** The system user (and its ids) the mail processes run as: Dovecot refuses root for them. */
function mailUser(): { user: string; group: string; uid: number; gid: number } {
  const me = userInfo()
  if (me.uid !== 0) return { user: me.username, group: String(me.gid), uid: me.uid, gid: me.gid }
  const id = (flag: string) => Number(execFileSync('id', [flag, 'dovecot'], { encoding: 'utf8' }).trim())
  return { user: 'dovecot', group: 'dovecot', uid: id('-u'), gid: id('-g') }
}

/**
 * Starts Debian's Dovecot (dovecot-imapd) on a free loopback port with a throwaway configuration, a
 * passwd-file of the users given (plain passwords, no TLS) and Maildir storage in a temporary folder, and
 * resolves once it greets. With `sentFolder`, the mailboxes have that folder, marked \Sent. Throws when Dovecot is not installed: the mail tests must fail, not skip, on a
 * machine without it (`apt-get install dovecot-imapd`).
 */
export async function startDovecot(users: DovecotUser[], options: { sentFolder?: string } = {}): Promise<Dovecot> {
  try {
    execFileSync(DOVECOT, ['--version'], { stdio: 'pipe' })
  } catch (error) {
    throw new Error(`dovecot is not installed (apt-get install dovecot-imapd): ${(error as Error).message}`)
  }
  const dir = mkdtempSync(join(tmpdir(), 'closeroom-dovecot-'))
  chmodSync(dir, 0o755)
  const owner = mailUser()
  const home = join(dir, 'home')
  mkdirSync(home)
  mkdirSync(join(dir, 'run'))
  chownSync(home, owner.uid, owner.gid)
  writeFileSync(join(dir, 'passwd'), users.map((u) => `${u.username}:{PLAIN}${u.password}::::::`).join('\n'))
  const port = await freePort()
  const root = userInfo().uid === 0
  writeFileSync(
    join(dir, 'dovecot.conf'),
    [
      `base_dir = ${join(dir, 'run')}`,
      `state_dir = ${join(dir, 'state')}`,
      `instance_name = closeroom-test-${port}`,
      `log_path = ${join(dir, 'log')}`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      `default_internal_user = ${owner.user}`,
      `default_internal_group = ${owner.group}`,
      `default_login_user = ${root ? 'dovenull' : owner.user}`,
      'first_valid_uid = 1',
      'passdb {',
      '  driver = passwd-file',
      `  args = scheme=PLAIN username_format=%u ${join(dir, 'passwd')}`,
      '}',
      'userdb {',
      '  driver = static',
      `  args = uid=${owner.uid} gid=${owner.gid} home=${home}/%u`,
      '}',
      'mail_location = maildir:~/Maildir',
      // A Sent folder the server marks \Sent (RFC 6154) under a name no client would guess, when asked for.
      ...(options.sentFolder
        ? [
            'namespace inbox {',
            '  inbox = yes',
            `  mailbox "${options.sentFolder}" {`,
            '    special_use = \\Sent',
            '    auto = subscribe',
            '  }',
            '}',
          ]
        : []),
      'service imap-login {',
      '  inet_listener imap {',
      '    address = 127.0.0.1',
      `    port = ${port}`,
      '  }',
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      '}',
      // Without a sleeping client's wake-up delay, IDLE tells of new mail at once.
      'imap_idle_notify_interval = 1 mins',
      // Each member connected to a mailbox holds two connections (INBOX and Sent), and a test file connects several
      // members to the same test mailbox: Dovecot's default of 10 per user and address refused the test's own
      // APPEND once five were connected ("Command failed" in a CI run).
      'mail_max_userip_connections = 100',
      '',
    ].join('\n'),
  )

  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)

  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true })
        resolve()
      }
      if (child.exitCode !== null || child.signalCode !== null) return done()
      child.once('exit', done)
      child.kill('SIGTERM')
    })

  const greets = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.setTimeout(1000)
      socket.once('data', (data) => {
        socket.destroy()
        resolve(data.toString().startsWith('* OK'))
      })
      socket.once('error', () => resolve(false))
      socket.once('timeout', () => {
        socket.destroy()
        resolve(false)
      })
    })
  const deadline = Date.now() + 20_000
  while (!(await greets())) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with ${child.exitCode} before answering:\n${output}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`dovecot did not greet on 127.0.0.1:${port} within 20 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { host: '127.0.0.1', port, output: () => output, stop }
}
