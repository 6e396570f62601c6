import type { PublicSigning } from '@closeroom/shared'
import { Box, Stack, Typography } from '@mui/material'
import { useEffect } from 'react'
import { useParams } from 'react-router'
import { PersonAvatar } from '../../components/public/PersonAvatar'
import { PublicFrame } from '../../components/public/PublicFrame'
import { LoadFailed, Loading } from '../../components/public/states'
import { surface } from '../../components/public/surface'
import { languageChosen, useTranslation } from '../../locales/i18n'
import { useSettings } from '../../theme/SettingsProvider'
import { SigningForm } from './SigningForm'
import { SigningOutcome } from './SigningOutcome'
import { useSigning } from './useSigning'

/** /sign/:token — the recipient's own link: their fields to fill and sign, or why there is nothing to do. */
export default function SigningPage() {
  const { token = '' } = useParams()
  const signing = useSigning(token)
  const { remote } = signing
  const { setLanguage } = useSettings()
  const recipientLanguage = remote.data?.recipient.language
  // The sender chose the recipient's language (their emails came in it): the page opens in it too, unless this
  // reader has picked one on this device before.
  useEffect(() => {
    if (recipientLanguage && !languageChosen()) setLanguage(recipientLanguage)
  }, [recipientLanguage, setLanguage])
  if (remote.error?.code === 'not_found' || remote.error?.code === 'invalid')
    return (
      <PublicFrame width="sm">
        <Box sx={{ ...surface, mt: { md: 4 } }}>
          <SigningOutcome outcome="unknown" level="h1" />
        </Box>
      </PublicFrame>
    )
  if (remote.error) return <LoadFailed retry={remote.reload} />
  const step = signing.step
  if (!remote.data || !step) return <Loading />
  if (step === 'sign' || step === 'approve' || step === 'view')
    return (
      <PublicFrame width="lg">
        <Stack spacing={2}>
          <Header signing={remote.data} />
          <SigningForm signing={remote.data} step={step} onSign={signing.sign} onDecline={signing.decline} />
        </Stack>
      </PublicFrame>
    )
  return (
    <PublicFrame width="sm">
      <Box sx={{ ...surface, mt: { md: 4 } }}>
        <SigningOutcome
          outcome={step}
          level="h1"
          title={remote.data.agreement.title}
          senderName={remote.data.sender.name}
          documentUrl={remote.data.documentUrl}
        />
      </Box>
    </PublicFrame>
  )
}

function Header({ signing }: { signing: PublicSigning }) {
  const { t } = useTranslation()
  return (
    <Box component="header" sx={{ ...surface, p: { xs: 2, md: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <PersonAvatar name={signing.organization.name} src={signing.organization.logoUrl} size={48} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" dir="auto" sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
            {signing.agreement.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('signing.from', { name: signing.sender.name, organization: signing.organization.name })}
          </Typography>
        </Box>
      </Stack>
    </Box>
  )
}
