import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildMember, buildOwner, PASSWORD, request } from '../apps/server/src/testing/factories.ts'
import { type Harness, startHarness } from './harness.ts'

let harness: Harness
beforeAll(async () => {
  harness = await startHarness()
})
afterAll(() => harness?.close())

async function signIn(page: Page, email: string, path: string) {
  await page.goto(path)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text })

it('invites a teammate who joins through the emailed link, then changes their role and deactivates them', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Olivia Owner' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, '/users')
  await page.getByRole('heading', { name: 'Users' }).waitFor()

  await page.getByRole('link', { name: 'Invite someone' }).click()
  const email = `nina-${Date.now()}@example.com`
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Send the invitation' }).click()
  await page.getByText(`Invitation sent to ${email}`).waitFor()
  await row(page, email).getByText('Invited').waitFor()

  // The invitee follows the link in their email, in a browser of their own.
  const [mail] = await harness.server.outbox(email)
  const link = new URL(mail?.text.match(/http\S+\/register\?\S+/)?.[0] ?? '')
  const invitee = await harness.newPage()
  await invitee.goto(link.pathname + link.search)
  await invitee.getByText('You were invited to join an organization').waitFor()
  expect(await invitee.getByLabel('Email address').inputValue()).toBe(email)
  await invitee.getByLabel('Full name').fill('Nina New')
  await invitee.getByLabel('Password').fill(PASSWORD)
  await invitee.getByRole('button', { name: 'Create account' }).click()
  await invitee.getByRole('heading', { name: 'Welcome, Nina New' }).waitFor()

  await page.reload()
  await row(page, 'Nina New').getByText('Active').waitFor()
  await row(page, 'Nina New').click()
  await page.getByRole('heading', { name: 'Edit Nina New' }).waitFor()
  await page.getByLabel('Role').click()
  await page.getByRole('option', { name: 'Admin' }).click()
  await page.getByLabel('Can sign in').uncheck()
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Saved').waitFor()
  await row(page, 'Nina New').getByText('Deactivated').waitFor()
  expect(await row(page, 'Nina New').getByRole('cell').nth(1).textContent()).toBe('Admin')

  // Deactivation signed the invitee out: their next visit asks them to sign in.
  await invitee.goto('/')
  await invitee.waitForURL('**/login?returnTo=%2F', { waitUntil: 'commit' })
})

it('creates a team with members, edits it and deletes it', async () => {
  const owner = await buildOwner(harness.server.app, { name: 'Tara Teams' })
  await buildMember(harness.server.app, owner, { name: 'Sam Seller' })
  await buildMember(harness.server.app, owner, { name: 'Maya Member' })
  const page = await harness.newPage()
  await signIn(page, owner.user.email, '/teams')
  await page.getByText('No team yet.').waitFor()

  await page.getByRole('link', { name: 'New team' }).click()
  await page.getByLabel('Team name').fill('Enterprise')
  const members = page.getByLabel('Members')
  for (const name of ['Sam Seller', 'Maya Member']) {
    await members.click()
    await page.getByRole('option', { name }).click()
  }
  await page.getByRole('button', { name: 'Save' }).click()
  const card = page.getByRole('link').filter({ hasText: 'Enterprise' })
  await card.getByText('2 members').waitFor()

  await card.click()
  await page.getByRole('button', { name: 'Sam Seller' }).locator('svg').click()
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('link').filter({ hasText: 'Enterprise' }).getByText('1 member').waitFor()

  await page.getByRole('link').filter({ hasText: 'Enterprise' }).click()
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Delete the team' }).click()
  await page.getByText('Team deleted').waitFor()
  await page.getByText('No team yet.').waitFor()
})

it('shows a member the people and teams, without admin actions', async () => {
  const owner = await buildOwner(harness.server.app)
  const member = await buildMember(harness.server.app, owner, { name: 'Mo Member' })
  await request(harness.server.app, owner, 'POST', '/api/teams', { name: 'Closers', memberIds: [member.user.id] })
  const page = await harness.newPage()
  await signIn(page, member.user.email, '/users')
  await row(page, 'Mo Member').waitFor()
  expect(await page.getByRole('link', { name: 'Invite someone' }).count()).toBe(0)
  expect(await row(page, 'Mo Member').getByRole('link').count()).toBe(0)
  await page.goto('/users/new')
  await page.getByRole('heading', { name: 'No access' }).waitFor()

  await page.goto('/teams')
  await page.getByRole('heading', { name: 'Closers' }).waitFor()
  expect(await page.getByRole('link', { name: 'New team' }).count()).toBe(0)
  expect(await page.getByRole('link').filter({ hasText: 'Closers' }).count()).toBe(0)
})

it('offers an admin every role but owner to give, and an owner all three', async () => {
  const owner = await buildOwner(harness.server.app)
  const admin = await buildMember(harness.server.app, owner, { role: 'admin', name: 'Ada Admin' })
  const member = await buildMember(harness.server.app, owner, { name: 'Mo Member' })
  const roles = async (page: Page) => {
    await page.getByLabel('Role').click()
    await page.getByRole('option').first().waitFor()
    const options = await page.getByRole('option').allTextContents()
    await page.keyboard.press('Escape')
    return options
  }

  const page = await harness.newPage()
  await signIn(page, admin.user.email, '/users/new')
  await page.getByRole('heading', { name: 'Invite someone' }).waitFor()
  expect(await roles(page)).toEqual(['Admin', 'Member'])
  await page.goto(`/users/${member.user.id}/edit`)
  await page.getByRole('heading', { name: 'Edit Mo Member' }).waitFor()
  expect(await roles(page)).toEqual(['Admin', 'Member'])

  const ownerPage = await harness.newPage()
  await signIn(ownerPage, owner.user.email, '/users/new')
  await ownerPage.getByRole('heading', { name: 'Invite someone' }).waitFor()
  expect(await roles(ownerPage)).toEqual(['Owner', 'Admin', 'Member'])
})
