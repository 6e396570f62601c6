import type { ReactNode } from 'react'
import { Loading } from '../../components/public/states'
import { useTranslation } from '../../locales/i18n'
import { SigningForm } from '../signing-public/SigningForm'
import { SigningOutcome } from '../signing-public/SigningOutcome'
import { useSigning } from '../signing-public/useSigning'
import { Section } from './bits'

/** Whether the signing answer's room link (absolute, from the server) is this room's: the agreement is of this room's deal. */
const inThisRoom = (salesroomUrl: string | null, publicId: string) =>
  salesroomUrl !== null && new URL(salesroomUrl).pathname === `/d/${publicId}`

/**
 * The buyer's signing, inside their sales room: the link they were emailed, opened here (/d/:id?sign=token),
 * shows the same document, fields and pad as /sign/:token. A link of another deal's agreement signs nothing
 * here: the room shows what it shows without one (`otherwise`).
 */
export default function RoomSigning({ token, publicId, otherwise }: { token: string; publicId: string; otherwise: ReactNode }) {
  const { t } = useTranslation()
  const signing = useSigning(token)
  const { remote, step } = signing
  const data = remote.data
  if (remote.loading) return <Loading inline />
  if (remote.error?.code === 'not_found' || remote.error?.code === 'invalid')
    return (
      <Section id="room-signing" title={t('signing.document')}>
        <SigningOutcome outcome="unknown" level="h3" />
      </Section>
    )
  if (!data || !step) return null
  if (!inThisRoom(data.salesroomUrl, publicId)) return otherwise
  // Named "Sign the agreement: …" while there is something to do, by the agreement's title once there is not.
  if (step === 'sign' || step === 'approve' || step === 'view')
    return (
      <Section id="room-signing" title={t('signing.inRoom', { title: data.agreement.title })}>
        <SigningForm signing={data} step={step} onSign={signing.sign} onDecline={signing.decline} />
      </Section>
    )
  return (
    <Section id="room-signing" title={data.agreement.title}>
      <SigningOutcome outcome={step} level="h3" senderName={data.sender.name} documentUrl={data.documentUrl} />
    </Section>
  )
}
