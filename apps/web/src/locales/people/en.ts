// Text of the users and teams screens. A count has a text per plural form (../plurals): "1 member", "3 members".

import type { Translation } from '../plurals'

export const en = {
  people: {
    presence: { active: 'Online', away: 'Away', offline: 'Offline', onlineNow: 'Online now' },
    role: 'Role',
    status: 'Status',
    roles: { owner: 'Owner', admin: 'Admin', member: 'Member' },
    statuses: { invited: 'Invited', active: 'Active', deactivated: 'Deactivated' },
    save: 'Save',
    cancel: 'Cancel',
    saved: 'Saved',
    users: {
      title: 'Users',
      invite: 'Invite someone',
      inviteTitle: 'Invite someone',
      inviteText: 'They receive an email with a link to choose their name and password. The invitation is valid for 7 days.',
      inviteSubmit: 'Send the invitation',
      invited: 'Invitation sent to {{email}}',
      editTitle: 'Edit {{name}}',
      active: 'Can sign in',
      activeHelp: 'Turning this off signs them out everywhere at once. Their deals and history stay.',
      empty: 'Nobody here yet. Invite your first teammate.',
      you: 'you',
      name: 'Name',
      email: 'Email',
    },
    attributes: {
      title: 'Routing attributes',
      help: 'Routing forms can send a buyer to the members whose attributes match their answers: a region, a segment, a language.',
      key: 'Attribute',
      keyHelp: 'Lower-case, such as region',
      valuesLabel: 'Values',
      values: 'Values of {{key}}',
      valuesHelp: 'Type a value and press Enter',
      add: 'Add an attribute',
      remove: 'Remove {{key}}',
      keyTwice: 'Each attribute once',
      valuesRequired: 'Give at least one value',
      tooManyValues: 'At most {{max}} values',
    },
    teams: {
      title: 'Teams',
      create: 'New team',
      createTitle: 'New team',
      editTitle: 'Edit team',
      name: 'Team name',
      members: 'Members',
      memberCount_one: '{{count}} member',
      memberCount_other: '{{count}} members',
      empty: 'No team yet. Group sellers into teams for round-robin booking.',
      delete: 'Delete the team',
      deleteConfirm: 'Delete {{name}}? Its members keep their accounts.',
      deleted: 'Team deleted',
    },
  },
}

export type Text = Translation<typeof en>
