// A member's API keys (/settings/api-keys).

import type { Translation } from '../plurals'

export const en = {
  apiKeys: {
    section: 'API keys',
    newTitle: 'Create an API key',
    newText:
      'Other tools call the Closeroom API with a key, sent as "Authorization: Bearer <key>". A key acts as you, with your permissions; a read-only key can only read.',
    docs: 'Read the API documentation',
    name: 'Name',
    nameHelp: 'Where the key is used, such as "Zapier" or "Reporting script".',
    expiry: 'Expires',
    days: 'In {{days}} days',
    never: 'Never',
    scope: 'Access',
    scopes: { read: 'Read only', write: 'Read and write' },
    create: 'Create key',
    createdTitle: 'Your new key "{{name}}"',
    createdText: 'Copy the key now and keep it somewhere safe: it is shown only this once. If you lose it, revoke it and create another.',
    key: 'API key',
    copy: 'Copy',
    copied: 'Key copied',
    copyFailed: 'Your browser did not allow copying: select the key and copy it by hand.',
    done: 'Done, I copied it',
    listTitle: 'Your keys',
    listText: 'Revoke a key you no longer use or that may have leaked: it stops working at once.',
    empty: 'You have no API keys.',
    created: 'Created {{date}}',
    expires: 'expires {{date}}',
    noExpiry: 'never expires',
    lastUsed: 'last used {{date}}',
    neverUsed: 'never used',
    revoke: 'Revoke',
    revokeTitle: 'Revoke "{{name}}"?',
    revokeText: 'Every tool using this key loses access at once. This cannot be undone.',
    revoked: '"{{name}}" is revoked',
    cancel: 'Cancel',
  },
}

export type Text = Translation<typeof en>
