import { afterAll, beforeAll, it } from 'vitest'
import { buildDeal } from '../apps/server/src/testing/deals.ts'
import { buildMember, buildOwner } from '../apps/server/src/testing/factories.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

// Who is online: a teammate signing in shows up on the users list and on a deal's chat, live, and fades
// out when their last tab closes.

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

it('shows a teammate online on the users list and beside the deal chat while their tab is open, and offline after', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const maya = await buildMember(harness.server.app, owner, { name: 'Maya Member' })
  const deal = await buildDeal(harness.server.app, owner, { name: 'Acme rollout' })

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Olivia Owner')
  await page.goto('/users')
  const mayaRow = page.getByRole('row').filter({ hasText: 'Maya Member' })
  await mayaRow.getByText('Offline').waitFor()
  await page.getByRole('row').filter({ hasText: 'Olivia Owner' }).getByText('Online').waitFor()

  // Maya signs in, in a browser of her own: Olivia's list changes by itself.
  const mayaPage = await harness.newPage()
  await signIn(mayaPage, maya.user.email, 'Maya Member')
  await mayaRow.getByText('Online').waitFor()

  // On the deal, the chat says who can answer now.
  await page.goto(`/deals/${deal.id}`)
  const onlineNow = page.getByRole('group', { name: 'Online now' })
  await onlineNow.getByRole('img', { name: 'Maya Member (Online)' }).waitFor()

  // Her last tab closes: she leaves the list of who is online.
  await mayaPage.context().close()
  await onlineNow.waitFor({ state: 'detached' })
  await page.goto('/users')
  await mayaRow.getByText('Offline').waitFor()
})
