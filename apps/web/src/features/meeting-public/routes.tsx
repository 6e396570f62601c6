import type { RouteObject } from 'react-router'
import type { SessionlessHandle } from '../../app/SessionScope'
import { loadTexts } from '../../locales/i18n'

const handle: SessionlessHandle = { sessionless: true }

/** /m/:id — the meeting room: no session needed, its own texts and the public pages' frame's. */
export const meetingPublicRoutes: RouteObject[] = [
  {
    path: '/m/:id',
    handle,
    lazy: async () => ({
      Component: (await Promise.all([import('./MeetingPage'), loadTexts('meeting', 'booking-public')]))[0].default,
    }),
  },
]
