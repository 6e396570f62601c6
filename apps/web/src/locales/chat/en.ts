// The team chat at /chat: conversations, messages, attachments and search.

import type { Translation } from '../plurals'

export const en = {
  chat: {
    kinds: { deal: 'Deal chat', client: 'Client thread', room: 'Sales room' },
    openHome: { deal: 'Open the deal', client: 'Open the client', room: 'Open the room' },
    nav: 'Chat',
    title: 'Chat',
    list: 'Conversations',
    results: 'Messages found',
    new: 'New conversation',
    newTitle: 'New conversation',
    search: 'Search messages',
    noResults: 'No message matches.',
    empty: 'No conversations yet. Start one with a teammate.',
    pick: 'Choose a conversation, or start a new one.',
    notFound: 'This conversation does not exist, or you are not in it.',
    noMessages: 'No messages yet',
    you: 'You',
    formerMember: 'Former member',
    back: 'Back to the conversations',
    older: 'Show earlier messages',
    message: 'Message',
    caption: 'Caption (optional)',
    hint: 'Enter to send, Shift+Enter for a new line',
    send: 'Send',
    attach: 'Attach a file',
    removeFile: 'Remove {{name}}',
    uploading: 'Uploading',
    open: 'Open {{name}}',
    seen: 'Seen',
    seenBy: 'Seen by {{names}}',
    recipients: 'With',
    recipientsHint: 'One person for a direct conversation, several for a group',
    noContacts: 'Nobody else in your organization yet',
    groupName: 'Group name (optional)',
    start: 'Start the conversation',
    unread_one: '{{count}} unread message',
    unread_other: '{{count}} unread messages',
    members_one: '{{count}} member',
    members_other: '{{count}} members',
  },
}

export type Text = Translation<typeof en>
