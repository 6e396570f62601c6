import { z } from 'zod'

export const Health = z.object({ status: z.literal('ok') })

export const OutboxEmail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
})
export const OutboxList = z.object({ emails: z.array(OutboxEmail) })
