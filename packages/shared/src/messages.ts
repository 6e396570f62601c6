import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts'

// The rules' messages, apart from the rules themselves: importing them must not pull zod and libphonenumber into
// a page that only shows an error.

export const PHONE_INVALID = 'This phone number is not valid'
export const URL_INVALID = 'Must be a valid URL'
/** A form's second typing of a new password does not match the first. */
export const PASSWORDS_DIFFER = 'The two passwords differ'
/** The most seats a purchase request names. */
export const SEATS_MAX = 1000

/**
 * Every message of the shared rules that a person can meet in a form, by a stable name. The server answers API
 * users with the sentence; the browser shows its own text `validation.<name>` in the reader's language, so
 * rewording a sentence here changes nothing on screen and a new one without its texts fails a unit test.
 */
export const MESSAGES = {
  email: 'Must be a valid email address',
  nameRequired: 'Name is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Must be at most ${PASSWORD_MAX_LENGTH} characters`,
  code: 'The code has 6 digits',
  timeZone: 'Must be an IANA time zone such as Europe/Paris',
  phone: PHONE_INVALID,
  url: URL_INVALID,
  passwordsDiffer: PASSWORDS_DIFFER,
  date: 'Must be a date like 2026-12-31',
  time: 'Must be a time like 09:00',
  endAfterStart: 'The end must be after the start',
  endNotBeforeStart: 'The end must not be before the start',
  overlap: 'Hours of the same day must not overlap',
  overrideOnce: 'Each date may be overridden once',
  address: 'Address is required',
  link: 'Link is required',
  key: 'Must be lower-case letters, digits and _',
  keyTaken: 'This key is taken by a standard field',
  keyTwice: 'Each question needs its own key',
  label: 'Label is required',
  options: 'A select question needs at least two options',
  slug: 'Use lower-case letters, digits and dashes',
  title: 'Title is required',
  durations: 'Choose at least one duration',
  durationOnce: 'Each duration once',
  team: 'A team event type needs a team, a personal one none',
  reminderOnce: 'Each reminder once',
  username: 'Username is required',
  message: 'Message is required',
  company: 'Company is required',
  country: 'Choose a country',
  topic: 'Choose a topic',
  plan: 'Choose a plan',
  seats: `Seats must be a whole number from 1 to ${SEATS_MAX}`,
  required: 'This field is required',
  number: 'Must be a number',
  choice: 'Choose one of the options',
  tooLong: 'This is too long',
  invalid: 'This value is not valid',
} as const
export type MessageName = keyof typeof MESSAGES

/** The values the texts of MESSAGES put in their {{placeholders}}. */
export const MESSAGE_VALUES = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, seats: SEATS_MAX }
