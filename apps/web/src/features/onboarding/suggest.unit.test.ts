import { describe, expect, it } from 'vitest'
import { isSignupOrganizationName, nameFromEmail, suggestedName } from './suggest'

describe('names suggested after a sign-up by email', () => {
  it.each([
    ['jane.doe@acme.com', 'Jane Doe'],
    ['j_smith42@mail.example', 'J Smith'],
    ['anna-lena+sales@x.example', 'Anna Lena'],
    ['olivia@acme.com', 'Olivia'],
    ['1234@acme.com', '1234'],
  ])('%s reads as %s', (email, name) => {
    expect(nameFromEmail(email)).toBe(name)
  })

  it('keeps a name the person gave, and replaces the one sign-up made from the address', () => {
    expect(suggestedName({ name: 'jane.doe', email: 'jane.doe@acme.com' })).toBe('Jane Doe')
    expect(suggestedName({ name: 'Janet', email: 'jane.doe@acme.com' })).toBe('Janet')
  })

  it('knows the organization name sign-up gave and a name given since', () => {
    expect(isSignupOrganizationName("jane.doe's organization", 'jane.doe@acme.com')).toBe(true)
    expect(isSignupOrganizationName('Acme Rockets', 'jane.doe@acme.com')).toBe(false)
  })
})
