import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import { Alert, Box, Button, Skeleton } from '@mui/material'
import { useParams } from 'react-router'
import { RouterLink } from '../../components/RouterLink'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { AgreementTracker } from './AgreementTracker'
import { AgreementEditor } from './editor/AgreementEditor'
import { useAgreement } from './queries'
import { useAgreementsLive } from './realtime'

/** /agreements/:id/edit: a draft's editor; once sent, the agreement's progress, live. */
export default function AgreementPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const agreement = useAgreement(id)
  useAgreementsLive()
  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Button
          component={RouterLink}
          to="/agreements"
          startIcon={<ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
          color="inherit"
        >
          {t('agreements.back')}
        </Button>
      </Box>
      {agreement.isError ? (
        <Alert severity="error">{serverErrorText(t, agreement.error)}</Alert>
      ) : !agreement.data ? (
        <Skeleton variant="rounded" height={480} />
      ) : agreement.data.status === 'draft' ? (
        <AgreementEditor key={agreement.data.id} agreement={agreement.data} />
      ) : (
        <AgreementTracker agreement={agreement.data} />
      )}
    </>
  )
}
