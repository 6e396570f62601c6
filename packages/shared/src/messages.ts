// The rules' messages, apart from the rules themselves: the browser translates them by these exact words,
// and importing them must not pull zod and libphonenumber into a page that only shows an error.

export const PHONE_INVALID = 'This phone number is not valid'
export const URL_INVALID = 'Must be a valid URL'
/** A form's second typing of a new password does not match the first. */
export const PASSWORDS_DIFFER = 'The two passwords differ'
