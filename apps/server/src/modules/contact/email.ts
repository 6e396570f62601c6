import {
  type ContactMessage,
  type GeneralMessage,
  type NotifyRequest,
  PLAN_CURRENCY,
  PLAN_PRICES,
  type PurchaseRequest,
  planTotal,
} from '@closeroom/shared'
import { escapeHtml } from '../mail/module.ts'

// The email the instance's operator receives for each public message. Every value in it came from a
// stranger on the internet: it is escaped in the HTML part, and kept on one line in the subject.

type Field = [label: string, value: string]
export type ContactEmail = { subject: string; text: string; html: string }

const topicLabels: Record<GeneralMessage['topic'], string> = {
  sales: 'Sales',
  support: 'Support',
  partnership: 'Partnership',
  press: 'Press',
  other: 'Other',
}

const money = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: PLAN_CURRENCY }).format(minor / 100)
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim()
const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

function render(subject: string, fields: Field[], body?: string): ContactEmail {
  const present = fields.filter(([, value]) => value !== '')
  const text = [...present.map(([label, value]) => `${label}: ${value}`), ...(body ? ['', body] : [])].join('\n')
  const rows = present
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#637381;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')
  const message = body
    ? `<div style="margin-top:16px;padding:16px;background:#f4f6f8;border-radius:8px;white-space:pre-wrap">${escapeHtml(body)}</div>`
    : ''
  const html = `<div style="font-family:'Public Sans',Arial,sans-serif;font-size:15px;color:#1c252e;max-width:560px"><table style="border-collapse:collapse">${rows}</table>${message}<p style="color:#637381;font-size:13px;margin-top:24px">Sent from the public pages of your Closeroom. Reply to answer the sender.</p></div>`
  return { subject: oneLine(subject), text: `${text}\n`, html }
}

function general(m: GeneralMessage): ContactEmail {
  const from = m.company ? `${m.name} (${m.company})` : m.name
  return render(
    `[Closeroom] ${topicLabels[m.topic]}: ${from}`,
    [
      ['Topic', topicLabels[m.topic]],
      ['Name', m.name],
      ['Email', m.email],
      ['Company', m.company ?? ''],
    ],
    m.message,
  )
}

function purchase(m: PurchaseRequest): ContactEmail {
  const plan = capitalized(m.plan)
  const perSeat = `${money(PLAN_PRICES[m.plan][m.period])} per seat per month`
  const total = `${money(planTotal(m.plan, m.period, m.seats))} ${m.period === 'yearly' ? 'per year' : 'per month'}`
  return render(
    `[Closeroom] Purchase request: ${plan}, ${m.seats} seats, ${m.period} (${m.company})`,
    [
      ['Plan', plan],
      ['Billing', capitalized(m.period)],
      ['Seats', String(m.seats)],
      ['Price', perSeat],
      ['Total', total],
      ['Name', m.name],
      ['Email', m.email],
      ['Company', m.company],
      ['Country', m.country],
    ],
    m.message ? `Notes for the invoice:\n${m.message}` : 'Send an invoice to the address above.',
  )
}

function notify(m: NotifyRequest): ContactEmail {
  return render(`[Closeroom] Notify me: ${m.feature} (${m.email})`, [
    ['Feature', m.feature],
    ['Email', m.email],
  ])
}

export function contactEmail(message: ContactMessage): ContactEmail {
  if (message.topic === 'purchase') return purchase(message)
  if (message.topic === 'notify') return notify(message)
  return general(message)
}
