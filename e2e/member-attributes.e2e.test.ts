import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember, buildOwner, request } from '../apps/server/src/testing/factories.ts'
import { violations } from './axe.ts'
import { signIn } from './flows.ts'
import { type Harness, startHarness } from './harness.ts'

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

it("sets a member's region on their page, refusing a malformed key beside it, and finds it there after a reload", async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Rita Routes' })
  const member = await buildMember(harness.server.app, owner, { name: 'Sam Seller' })
  // A colleague's values are offered, so the region is picked rather than typed a second way.
  await request(harness.server.app, owner, 'PATCH', `/api/users/${owner.user.id}`, { attributes: { region: ['EMEA'] } })

  const page = await harness.newPage()
  await signIn(page, owner.user.email, 'Rita Routes')
  await page.goto(`/users/${member.user.id}/edit`)
  await page.getByRole('heading', { name: 'Edit Sam Seller' }).waitFor()
  await page.getByRole('group', { name: 'Routing attributes' }).waitFor()

  await page.getByRole('button', { name: 'Add an attribute' }).click()
  const key = page.getByRole('combobox', { name: 'Attribute', exact: true })
  await key.fill('Region')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Must be lower-case letters, digits and _').waitFor()
  await page.getByText('Give at least one value').waitFor()

  await key.fill('region')
  const values = page.getByRole('combobox', { name: 'Values of region' })
  await values.click()
  await page.getByRole('option', { name: 'EMEA' }).click()
  await values.fill('APAC')
  await values.press('Enter')
  expect(await violations(page)).toEqual([])
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Saved').waitFor()

  await page.goto(`/users/${member.user.id}/edit`)
  await page.getByRole('heading', { name: 'Edit Sam Seller' }).waitFor()
  expect(await page.getByRole('combobox', { name: 'Attribute', exact: true }).inputValue()).toBe('region')
  const chips = page.getByRole('group', { name: 'Routing attributes' }).locator('.MuiChip-label')
  expect(await chips.allTextContents()).toEqual(['EMEA', 'APAC'])
})
