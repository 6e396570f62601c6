// The home page's overview of the organization.

import type { Translation } from '../plurals'

export const en = {
  overview: {
    active: 'People with access',
    invited: 'Invitations waiting',
    teams: 'Teams',
    signIns: 'Sign-ins',
    signInsSeries: 'Sign-ins',
    lastDays_one: 'Your organization, the last day',
    lastDays_other: 'Your organization, the last {{count}} days',
    roles: 'People by role',
    rolesText: 'Everyone who can sign in or is invited',
    yourTeams: 'Teams',
  },
}

export type Text = Translation<typeof en>
