import type { RouteObject } from 'react-router'
import { lazyPage } from '../../app/lazyPage'

const MeetingPage = lazyPage(() => import('./MeetingPage'), 'meeting', 'booking-public')

/** /m/:id — the meeting room: no session needed, its own texts and the public pages' frame's. */
export const meetingPublicRoutes: RouteObject[] = [{ path: '/m/:id', element: <MeetingPage /> }]
