import type { PublicMeeting } from '@closeroom/shared'
import { Button } from '@mui/material'
import { useState } from 'react'
import { useParams } from 'react-router'
import { PublicFrame } from '../../components/public/PublicFrame'
import { LoadFailed, Loading, NotFound } from '../../components/public/states'
import { useRemote } from '../../components/public/useRemote'
import { localStorageAvailable } from '../../lib/storage'
import { useTranslation } from '../../locales/i18n'
import { meetingApi } from './api'
import { CallView, Notice } from './CallView'
import { Lobby } from './Lobby'
import { useLocalMedia } from './useLocalMedia'

/** /m/:id — the meeting room: the lobby, the call, and the page after leaving. No account needed. */
export default function MeetingPage() {
  const { id = '' } = useParams()
  const meeting = useRemote(id, (signal) => meetingApi.read(id, signal))
  if (meeting.error?.code === 'not_found' || meeting.error?.code === 'invalid') return <NotFound />
  if (meeting.error) return <LoadFailed retry={meeting.reload} />
  if (!meeting.data) return <Loading />
  return <MeetingRoom meeting={meeting.data} />
}

const NAME_KEY = 'closeroom.meeting.name'
const storedName = () => (localStorageAvailable() ? (window.localStorage.getItem(NAME_KEY) ?? '') : '')

function MeetingRoom({ meeting }: { meeting: PublicMeeting }) {
  const { t } = useTranslation()
  const [stage, setStage] = useState<'lobby' | 'call' | 'left'>('lobby')
  const [name, setName] = useState(storedName)
  // The camera stays on from the lobby into the call, and goes off once the guest has left.
  const media = useLocalMedia(stage !== 'left')
  const stream = media.stream

  if (stage === 'call' && stream)
    return (
      <CallView
        meeting={meeting}
        media={{ ...media, stream }}
        name={name}
        onLeave={() => setStage('left')}
        onBack={() => setStage('lobby')}
      />
    )

  return (
    <PublicFrame width="lg">
      {stage === 'left' ? (
        <Notice title={t('meeting.left.title')} hint={meeting.title}>
          <Button variant="contained" onClick={() => setStage('lobby')}>
            {t('meeting.left.rejoin')}
          </Button>
        </Notice>
      ) : (
        <Lobby
          meeting={meeting}
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
