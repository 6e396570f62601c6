import type { RecipientRole } from '@closeroom/shared'
import { layout } from '../mail/module.ts'

// The emails of an agreement's life. They go out of the app, where only the server speaks, so they are English;
// names and titles are user content and the layout escapes them.

type Message = { subject: string; text: string; html: string }
const message = (subject: string, lines: string[], action: { label: string; url: string }): Message => ({
  subject: subject.replace(/[\r\n]+/g, ' '),
  text: `${lines.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
  html: layout(lines, action),
})

const ASKS: Record<RecipientRole, { verb: string; label: string }> = {
  signer: { verb: 'to sign', label: 'Review and sign' },
  approver: { verb: 'to approve', label: 'Review and approve' },
  viewer: { verb: 'to read', label: 'Read the agreement' },
  cc: { verb: 'for your records', label: 'Open the agreement' },
}

type Invite = { recipientName: string; role: RecipientRole; senderName: string; organizationName: string; title: string; url: string }

export function invitationEmail({ recipientName, role, senderName, organizationName, title, url }: Invite): Message {
  const ask = ASKS[role]
  return message(
    `${senderName} sent you ${title} ${ask.verb}`,
    [
      `Hi ${recipientName},`,
      `${senderName} of ${organizationName} sent you “${title}” ${ask.verb}.`,
      'The link is yours alone: do not forward it.',
    ],
    { label: ask.label, url },
  )
}

export function reminderEmail(invite: Invite): Message {
  const ask = ASKS[invite.role]
  return message(
    `Reminder: ${invite.title} is waiting for you`,
    [
      `Hi ${invite.recipientName},`,
      `“${invite.title}” from ${invite.senderName} of ${invite.organizationName} is still waiting for you ${ask.verb}.`,
    ],
    { label: ask.label, url: invite.url },
  )
}

export function completedEmail({ recipientName, title, url }: { recipientName: string; title: string; url: string }): Message {
  return message(
    `${title} is signed by everyone`,
    [`Hi ${recipientName},`, `Everyone has signed “${title}”. Your copy, sealed with a digital signature, is at your link.`],
    { label: 'Download the signed copy', url },
  )
}

export function voidedEmail({
  recipientName,
  title,
  senderName,
  reason,
  url,
}: {
  recipientName: string
  title: string
  senderName: string
  reason: string
  url: string
}): Message {
  return message(
    `${title} was called off`,
    [`Hi ${recipientName},`, `${senderName} voided “${title}”: there is nothing more to sign.`, ...(reason ? [`Reason: ${reason}`] : [])],
    { label: 'See the agreement', url },
  )
}

export function declinedEmail({
  senderName,
  recipientName,
  title,
  reason,
  url,
}: {
  senderName: string
  recipientName: string
  title: string
  reason: string
  url: string
}): Message {
  return message(
    `${recipientName} declined ${title}`,
    [`Hi ${senderName},`, `${recipientName} declined “${title}”.`, `Reason: ${reason}`],
    {
      label: 'Open the agreement',
      url,
    },
  )
}
