import type { PublicSigning, SigningField } from '@closeroom/shared'

/** What the signer has put in each of their fields so far, by field id. */
export type Values = Record<string, string>

/** Reading order: page by page, then top to bottom, then by the field's start along the line. */
export function inReadingOrder(fields: readonly SigningField[]): SigningField[] {
  return [...fields].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x)
}

/** The day as the signer's calendar has it, as the date field carries it: YYYY-MM-DD. */
export function isoDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * What the fields start with: the signer's name and email where the sender asked for them, the day in the date
 * signed field, checkboxes unticked; the rest is theirs to fill.
 */
export function startingValues(signing: Pick<PublicSigning, 'fields' | 'recipient'>, now: Date): Values {
  const values: Values = {}
  for (const field of signing.fields) {
    if (field.type === 'name') values[field.id] = signing.recipient.name
    else if (field.type === 'email') values[field.id] = signing.recipient.email
    else if (field.type === 'date') values[field.id] = isoDay(now)
    else if (field.type === 'checkbox') values[field.id] = 'false'
  }
  return values
}

/** Whether the field holds something: a required checkbox is filled once ticked. */
export function isFilled(field: SigningField, value: string | undefined): boolean {
  if (field.type === 'checkbox') return value === 'true'
  return (value ?? '').trim() !== ''
}

/** The required fields still empty, in reading order. */
export function missingFields(fields: readonly SigningField[], values: Values): SigningField[] {
  return inReadingOrder(fields).filter((field) => field.required && !isFilled(field, values[field.id]))
}

/** The body of the signing request: each field that holds something (an unticked checkbox says 'false'). */
export function valuesToSend(fields: readonly SigningField[], values: Values): Values {
  const sent: Values = {}
  for (const field of fields) {
    const value = values[field.id]
    if (field.type === 'checkbox') sent[field.id] = value === 'true' ? 'true' : 'false'
    else if (value !== undefined && value.trim() !== '') sent[field.id] = value.trim()
  }
  return sent
}

/** Initials from a name: the first letter of its first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const first = words[0]?.[0] ?? ''
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : ''
  return `${first}${last}`.toUpperCase()
}
