// A sign-up by email gives the account the address's local part as its name ('jane.doe') and the
// organization "jane.doe's organization". The walkthrough offers names that read better instead.

const localPart = (email: string) => email.split('@')[0] ?? email

/** 'jane.doe' → 'Jane Doe', 'j_smith42' → 'J Smith': a person's name guessed from their address. */
export function nameFromEmail(email: string): string {
  const words = localPart(email)
    .replace(/\+.*$/, '')
    .split(/[._-]+/)
    .map((word) => word.replace(/\d+/g, ''))
    .filter(Boolean)
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ')
  return name || localPart(email)
}

/** The name the account still has from sign-up, or the one the person gave since. */
export function suggestedName(user: { name: string; email: string }): string {
  return user.name === localPart(user.email) ? nameFromEmail(user.email) : user.name
}

/** True while the organization still has the name sign-up gave it. */
export function isSignupOrganizationName(organizationName: string, email: string): boolean {
  return organizationName === `${localPart(email)}'s organization`
}

/** The browser's time zone, the likeliest one for a person setting up on it. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}
