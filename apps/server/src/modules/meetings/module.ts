import type { IceServer } from '@closeroom/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Realtime } from '../../realtime/server.ts'
import { createMeetingService } from './meetings.ts'
import { registerMeetingSockets } from './sockets.ts'

export { seedMeeting } from './demo.ts'
export { openBookingMeeting } from './meetings.ts'

/** Meetings, assembled: the rooms' service and the call's signalling. */
export function createMeetingsModule(deps: {
  db: Db
  realtime: Pick<Realtime, 'io'>
  appUrl: string
  iceServers: IceServer[]
  log: FastifyBaseLogger
  /** Whether a meeting (by its internal id) is being recorded: the recordings module knows. */
  isRecording(meetingId: string): Promise<boolean>
}) {
  const meetings = createMeetingService(deps)
  registerMeetingSockets({ realtime: deps.realtime, meetings, log: deps.log, isRecording: deps.isRecording })
  return { meetings }
}

export type MeetingsModule = ReturnType<typeof createMeetingsModule>
