import type { Tx } from '../../db/client.ts'
import { chatConversations, chatMessages, chatParticipants } from '../../db/schema/index.ts'

type Person = { id: string; name: string }

/**
 * The team's chat on a fresh start: Olivia and Maya's direct conversation (its last message unread by
 * Olivia, so the menu shows a badge) and a group of the three about the Umbrella deal.
 */
export async function seedChat(tx: Tx, organizationId: string, people: Person[]) {
  const [olivia, maya, sam] = people
  if (!olivia || !maya || !sam) throw new Error('demo chat: three people expected')
  let clock = Date.now() - 60 * 60 * 1000
  const next = () => {
    clock += 60 * 1000
    return new Date(clock)
  }

  const plans: { kind: 'direct' | 'group'; name: string | null; members: Person[]; lines: [Person, string][] }[] = [
    {
      kind: 'group',
      name: 'Umbrella rollout',
      members: [olivia, maya, sam],
      lines: [
        [maya, 'Their procurement asked for the security questionnaire again.'],
        [sam, 'I have last year’s answers, updating them this afternoon.'],
        [olivia, 'Thanks both. Let’s aim to send it before Thursday’s call.'],
      ],
    },
    {
      kind: 'direct',
      name: null,
      members: [olivia, maya],
      lines: [
        [olivia, 'Can you take the Northwind demo on Monday?'],
        [maya, 'Yes, I’ll prepare the pilot dashboard for it.'],
      ],
    },
  ]
  for (const plan of plans) {
    const times = plan.lines.map(() => next())
    const last = times.at(-1) ?? new Date()
    const [conversation] = await tx
      .insert(chatConversations)
      .values({
        organizationId,
        kind: plan.kind,
        name: plan.name,
        directKey:
          plan.kind === 'direct'
            ? plan.members
                .map((m) => m.id)
                .sort()
                .join(':')
            : null,
        createdBy: olivia.id,
        updatedAt: last,
      })
      .returning({ id: chatConversations.id })
    if (!conversation) throw new Error('demo conversation insert returned nothing')
    await tx
      .insert(chatMessages)
      .values(plan.lines.map(([sender, body], i) => ({ conversationId: conversation.id, senderId: sender.id, body, createdAt: times[i] })))
    // Everyone has read up to their own last line; the direct conversation's last one is Olivia's to read.
    await tx.insert(chatParticipants).values(
      plan.members.map((member) => {
        const own = plan.lines.map(([sender], i) => (sender.id === member.id ? times[i] : null)).filter((t) => t !== null)
        return { conversationId: conversation.id, userId: member.id, lastReadAt: plan.kind === 'group' ? last : (own.at(-1) ?? null) }
      }),
    )
  }
}
