import { createECDH } from 'node:crypto'
import type { Agent } from 'node:https'
import type { PushSubscriptionBody } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { pushSubscriptions } from '../../db/schema/index.ts'
import { serverSecret } from '../../lib/secrets.ts'
import type { AuthContext } from '../auth/module.ts'

type Message = { title: string; body: string; url: string }

/**
 * A VAPID key pair as web-push makes one (P-256, the public key uncompressed, the private key 32 bytes, both
 * base64url), made here so that web-push and its crypto dependencies are imported only when a push is sent.
 */
function vapidKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const key = ecdh.getPrivateKey()
  return {
    publicKey: ecdh.getPublicKey('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - key.length), key]).toString('base64url'),
  }
}

/**
 * Web push (RFC 8030 with VAPID, RFC 8292, payloads encrypted per RFC 8291): the VAPID key pair is made on
 * first start and shared by every process through the database.
 */
export async function createPush({ db, appUrl, agent }: { db: Db; appUrl: string; agent?: Agent }) {
  const keys = JSON.parse(await serverSecret(db, 'vapid-keys', () => JSON.stringify(vapidKeys()))) as {
    publicKey: string
    privateKey: string
  }
  // The push service may show the subject to its operator: the app's address says whose messages these are.
  const vapidDetails = { subject: appUrl.startsWith('https:') ? appUrl : 'mailto:push@closeroom.local', ...keys }

  async function subscribe(auth: AuthContext, subscription: PushSubscriptionBody) {
    const row = { userId: auth.user.id, endpoint: subscription.endpoint, ...subscription.keys }
    // An endpoint belongs to one browser: signing in as someone else there moves it to them.
    await db.insert(pushSubscriptions).values(row).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row })
  }

  /** Says whether there was such a subscription of this user to remove. */
  async function unsubscribe(auth: AuthContext, subscription: Pick<PushSubscriptionBody, 'endpoint'>) {
    const removed = await db
      .delete(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, subscription.endpoint))
      .returning({ userId: pushSubscriptions.userId })
    return removed.some((row) => row.userId === auth.user.id)
  }

  /** Sends to every browser of the user; one the push service says is gone (404, 410) is forgotten. */
  async function deliver(userId: string, message: Message) {
    const targets = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
    if (targets.length === 0) return
    const payload = JSON.stringify(message)
    const { default: webpush } = await import('web-push')
    await Promise.all(
      targets.map(async (target) => {
        try {
          await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
            vapidDetails,
            TTL: 24 * 60 * 60,
            ...(agent ? { agent } : {}),
          })
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode
          if (status === 404 || status === 410) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id))
          else throw error
        }
      }),
    )
  }

  return { publicKey: keys.publicKey, subscribe, unsubscribe, deliver }
}

export type Push = Awaited<ReturnType<typeof createPush>>
