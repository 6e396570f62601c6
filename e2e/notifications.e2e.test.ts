import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildOwner, request } from '../apps/server/src/testing/factories.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// The notification centre in the header, the notification settings, and the service worker showing a push.

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

it('tells the seller of a first room visit with a toast and the bell, and opens the room from it', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const deal = await buildDeal(harness.server.app, owner, { name: 'Acme rollout' })
  const room = await harness.server.app.inject({
    method: 'PUT',
    url: `/api/deals/${deal.id}/salesroom`,
    headers: { cookie: owner.cookie },
    payload: { title: 'Acme', published: true },
  })

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Olivia Owner')
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor()

  await request(harness.server.app, null, 'POST', `/api/public/salesrooms/${room.json().publicId}/events`, { kind: 'visit' })
  const sentence = 'Someone opened the sales room of Acme rollout for the first time'
  await page.getByRole('alert').getByText(sentence).waitFor()
  await page.getByRole('button', { name: '1 unread notification' }).click()
  const centre = page.getByRole('dialog', { name: 'Notifications' })
  await centre.getByText('1 unread').waitFor()
  await centre.getByRole('button', { name: new RegExp(sentence) }).click()
  await page.waitForURL(`**/deals/${deal.id}/room`)
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor()
})

it('saves which events come by push or email, and explains a refused permission in the reader’s language', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Olivia Owner')
  await page.goto('/settings/notifications')

  const email = page.getByRole('checkbox', { name: 'A buyer books a meeting: Email' })
  expect(await email.isChecked()).toBe(false)
  expect(await page.getByRole('checkbox', { name: 'A buyer books a meeting: Push' }).isChecked()).toBe(true)
  await email.check()
  await page.getByText('Saved').waitFor()
  await page.reload()
  await page.getByRole('checkbox', { name: 'A buyer books a meeting: Email', checked: true }).waitFor()

  // Headless Chromium answers the permission prompt with a refusal.
  await page.getByText('Push is off for this browser.').waitFor()
  await page.getByRole('button', { name: 'Turn on push' }).click()
  await page.getByText('Notifications were not allowed, so push stays off.').waitFor()
})

it('shows a push message as a notification that opens its page', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Olivia Owner')
  const origin = new URL(page.url()).origin
  await page.context().grantPermissions(['notifications'], { origin })
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${origin}/`)

  // The browser's push service hands the service worker a message, as it would after the server's web push
  // (DevTools' ServiceWorker.deliverPushMessage: no push service is reachable from here).
  const cdp = await page.context().newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({ title: 'New booking', body: 'Bea Buyer booked Discovery call', url: '/calendar' }),
  })
  const shown = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    for (let i = 0; i < 50; i++) {
      const [notification] = await registration.getNotifications()
      if (notification) return { title: notification.title, body: notification.body, data: notification.data as unknown }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return null
  })
  expect(shown).toEqual({ title: 'New booking', body: 'Bea Buyer booked Discovery call', data: { url: '/calendar' } })
})
