import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import type { SessionlessHandle } from '../../app/SessionScope'

type Load = () => Promise<{ default: ComponentType }>
const page = (load: Load) => async () => ({ Component: (await load()).default })
const handle: SessionlessHandle = { sessionless: true }

/** The buyer's pages: no account, no session, a small first download. */
export const bookingPublicRoutes: RouteObject[] = [
  { path: '/u/:id', handle, lazy: page(() => import('./ProfilePage')) },
  { path: '/e/:id/reschedule', handle, lazy: page(() => import('./ReschedulePage')) },
  { path: '/e/:id/cancel', handle, lazy: page(() => import('./CancelPage')) },
]
