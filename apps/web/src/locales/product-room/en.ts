// The product room: the buyer's page at /p/:id (`productRoom.page`) and the seller's card on the product page (`productRoom.card`).

import type { Translation } from '../plurals'

export const en = {
  productRoom: {
    page: {
      gallery: 'Pictures of {{name}}',
      showImage: 'Show picture {{index}} of {{count}}',
      documents: 'Documents',
      download: 'Download',
      booking: 'Book a meeting',
      bookingIntro: 'See {{product}} with our team: pick a time that suits you.',
      bookingCta: 'Book a meeting',
      talkCta: 'Talk to sales',
      talk: 'Talk to sales',
      talkIntro: 'Tell us what you need: our team replies by email, usually within a working day.',
      name: 'Your name',
      email: 'Email address',
      phone: 'Phone number',
      phoneHelp: 'Optional, if you would like a call.',
      company: 'Company',
      message: 'Message',
      messageHelp: 'Up to 2,000 characters.',
      send: 'Send',
      thanksTitle: 'Thank you, {{name}}!',
      thanksText: 'Your message reached our team. We will reply to {{email}} soon.',
      sendAnother: 'Send another message',
    },
    card: {
      title: 'Product room',
      intro:
        'A public page for this product: description, pictures, documents, price, a booking widget and a “talk to sales” form that opens a deal.',
      published: 'Published',
      unpublished: 'Not published: the link answers “not found”.',
      inactive: 'This product is inactive: make it active to publish its room.',
      address: 'Room address',
      copy: 'Copy the address',
      copied: 'Address copied',
      open: 'Open the room',
      rotate: 'New address',
      rotateTitle: 'Give the room a new address?',
      rotateText: 'The current link stops working at once. Share the new one with your buyers.',
      rotateConfirm: 'Change the address',
      cancel: 'Cancel',
      eventType: 'Booking widget',
      noEventType: 'No booking widget',
      eventTypeHelp: 'The meeting buyers can book from the room. Deals from its form go to this meeting’s host.',
      routingForm: 'Routing form',
      noRoutingForm: 'No routing form',
      routingFormHelp: 'Questions buyers answer in the room to reach the right person.',
      saved: 'The product room is saved',
    },
  },
}

export type Text = Translation<typeof en>
