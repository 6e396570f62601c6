import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined'
import { Alert, Box, Button, Card, CardContent, CardHeader, Link, Skeleton, Stack, Typography } from '@mui/material'
import { Link as RouterLink, useNavigate } from 'react-router'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { useAgreements, useCreateAgreement } from './queries'
import { useAgreementsLive } from './realtime'
import { AgreementStatusChip } from './StatusChips'

/** The deal page's agreements, live, and its order form made in one press (its editor opens). */
export function DealAgreementsCard({ deal }: { deal: { id: string; name: string } }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  useAgreementsLive()
  const agreements = useAgreements({ dealId: deal.id, template: 'false' })
  const create = useCreateAgreement()
  const rows = agreements.data?.pages.flatMap((page) => page.agreements)
  const createOrderForm = () =>
    create.mutate(
      { title: t('agreements.new.orderFormTitle', { deal: deal.name }), dealId: deal.id, from: 'order-form' },
      { onSuccess: (agreement) => navigate(`/agreements/${agreement.id}/edit`) },
    )
  return (
    <Card component="section" aria-labelledby="deal-agreements-title">
      <CardHeader
        title={t('agreements.deal.title')}
        slotProps={{
          title: { id: 'deal-agreements-title', component: 'h2', variant: 'h6' },
          action: { sx: { alignSelf: 'center', m: 0 } },
        }}
        action={
          <Button startIcon={<NoteAddOutlined />} onClick={createOrderForm} loading={create.isPending}>
            {t('agreements.deal.createOrderForm')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {create.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverErrorText(t, create.error)}
          </Alert>
        )}
        {agreements.isError ? (
          <Alert severity="error">{serverErrorText(t, agreements.error)}</Alert>
        ) : !rows ? (
          <Skeleton variant="rounded" height={48} />
        ) : rows.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('agreements.deal.empty')}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((agreement) => (
              <Stack component="li" key={agreement.id} direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                <Link component={RouterLink} to={`/agreements/${agreement.id}/edit`} dir="auto" sx={{ flex: 1, fontWeight: 600 }}>
                  {agreement.title}
                </Link>
                <AgreementStatusChip status={agreement.status} />
              </Stack>
            ))}
          </Stack>
        )}
        {agreements.hasNextPage && (
          <Box sx={{ mt: 2 }}>
            <Link component={RouterLink} to={`/agreements?dealId=${deal.id}&deal=${encodeURIComponent(deal.name)}`}>
              {t('agreements.deal.all')}
            </Link>
          </Box>
        )}
      </CardContent>
    </Card>
  )
}
