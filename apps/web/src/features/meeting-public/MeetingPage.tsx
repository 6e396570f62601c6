import type { PublicMeeting } from '@closeroom/shared'
import { Button } from '@mui/material'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useParams } from 'react-router'
import { PublicFrame } from '../../components/public/PublicFrame'
import { forgetPreloaded, preloaded } from '../../components/public/preloaded'
import { LoadFailed, Loading, NotFound } from '../../components/public/states'
import { useRemote } from '../../components/public/useRemote'
import { localStorageAvailable } from '../../lib/storage'
import { useTranslation } from '../../locales/i18n'
import { type LobbyMeeting, meetingApi, meetingPaths } from './api'
import { Lobby } from './Lobby'
import { Notice } from './Notice'
import { useLocalMedia } from './useLocalMedia'

// The call (the socket, the peers, the chat) in a chunk of its own: the lobby, which the server renders, neither
// carries nor evaluates it while the page becomes interactive; it is fetched when the reader first touches the
// lobby's form (Join fetches it too), so no task of the lobby's first seconds evaluates socket.io.
const loadCall = () => import('./CallView')
const CallView = lazy(() => loadCall().then((module) => ({ default: module.CallView })))

/** /m/:id — the meeting room: the lobby, the call, and the page after leaving. No account needed. */
export default function MeetingPage() {
  const { id = '' } = useParams()
  const path = meetingPaths.meeting(id)
  // A lobby the server rendered (entry-server.tsx) starts from what it was rendered with: what the lobby shows and no
  // more (lobbyOf). The whole meeting, with what the call needs, is fetched here either way.
  const [rendered] = useState(() => preloaded<LobbyMeeting>(path))
  useEffect(() => forgetPreloaded(path), [path])
  const meeting = useRemote(id, (signal) => meetingApi.read(id, signal))
  if (meeting.error?.code === 'not_found' || meeting.error?.code === 'invalid') return <NotFound />
  if (meeting.error) return <LoadFailed retry={meeting.reload} />
  const lobby = meeting.data ?? (rendered?.publicId === id ? rendered : undefined)
  if (!lobby) return <Loading />
  return <MeetingRoom lobby={lobby} meeting={meeting.data} />
}

const NAME_KEY = 'closeroom.meeting.name'
const storedName = () => (localStorageAvailable() ? (window.localStorage.getItem(NAME_KEY) ?? '') : '')

function MeetingRoom({ lobby, meeting }: { lobby: LobbyMeeting; meeting: PublicMeeting | undefined }) {
  const { t } = useTranslation()
  const [stage, setStage] = useState<'lobby' | 'call' | 'left'>('lobby')
  const [name, setName] = useState(storedName)
  // The camera stays on from the lobby into the call, and goes off once the guest has left.
  const media = useLocalMedia(stage !== 'left')
  const stream = media.stream

  if (stage === 'call' && stream && meeting)
    return (
      <Suspense fallback={<Loading />}>
        <CallView
          meeting={meeting}
          media={{ ...media, stream }}
          name={name}
          onLeave={() => setStage('left')}
          onBack={() => setStage('lobby')}
        />
      </Suspense>
    )

  return (
    <PublicFrame width="lg">
      {stage === 'left' ? (
        <Notice title={t('meeting.left.title')} hint={lobby.title}>
          <Button variant="contained" onClick={() => setStage('lobby')}>
            {t('meeting.left.rejoin')}
          </Button>
        </Notice>
      ) : (
        <Lobby
          onFirstTouch={loadCall}
          meeting={lobby}
          ready={Boolean(meeting)}
          media={media}
          name={name}
          onJoin={(typed) => {
            setName(typed)
            if (typed && localStorageAvailable()) window.localStorage.setItem(NAME_KEY, typed)
            setStage('call')
          }}
        />
      )}
    </PublicFrame>
  )
}
