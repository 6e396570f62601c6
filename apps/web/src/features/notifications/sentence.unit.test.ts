import type { NotificationEntry } from '@closeroom/shared'
import { beforeAll, expect, it, vi } from 'vitest'

// The bell's sentences, with the real texts outside a browser.
vi.stubGlobal('document', { documentElement: { lang: '' } })
const { changeLanguage, i18nReady, loadTexts, translate } = await import('../../locales/i18n')
const { sentenceOf } = await import('./sentence')

beforeAll(async () => {
  await i18nReady
  await loadTexts('app')
})

const signed = (step?: string): NotificationEntry => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'agreement-signed',
  data: { name: 'Ann Approver', title: 'MSA', ...(step ? { step } : {}) },
  url: '/agreements/1',
  readAt: null,
  createdAt: new Date(0).toISOString(),
})

it('tells an approval as approved, and a signature (or one from before steps were kept) as signed', async () => {
  expect(sentenceOf(translate, signed('approved'), 'en')).toBe('Ann Approver approved MSA')
  expect(sentenceOf(translate, signed('signed'), 'en')).toBe('Ann Approver signed MSA')
  expect(sentenceOf(translate, signed(), 'en')).toBe('Ann Approver signed MSA')
  await changeLanguage('fr')
  expect(sentenceOf(translate, signed('approved'), 'fr')).toBe('Ann Approver a approuvé MSA')
})

const entry = (kind: NotificationEntry['kind'], data: NotificationEntry['data']): NotificationEntry => ({
  ...signed(),
  kind,
  data,
})

it("names the routing form and the buyer's answers, and the document a buyer opened", async () => {
  await changeLanguage('en')
  const routed = entry('routing-no-booking', { name: 'Bo Buyer', form: 'Demo request', answers: 'Team size: 40' })
  expect(sentenceOf(translate, routed, 'en')).toBe('Bo Buyer answered Demo request but has not booked yet: Team size: 40')
  const opened = entry('salesroom-document-opened', { name: 'bo@buyer.test', deal: 'Acme', document: 'Pricing.pdf' })
  expect(sentenceOf(translate, opened, 'en')).toBe('bo@buyer.test opened Pricing.pdf in the sales room of Acme')
})
