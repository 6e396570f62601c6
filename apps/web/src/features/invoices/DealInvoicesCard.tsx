import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined'
import { Alert, Button, Card, CardContent, CardHeader, Link, Skeleton, Stack, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { formatAmount } from './money'
import { useInvoices } from './queries'
import { InvoiceStatusChip } from './StatusChip'

/** The deal page's invoices, and once the deal is won, a new one made from its lines. */
export function DealInvoicesCard({ deal, won }: { deal: { id: string; name: string }; won: boolean }) {
  const { t, i18n } = useTranslation()
  const invoices = useInvoices({ dealId: deal.id })
  const rows = invoices.data?.pages.flatMap((page) => page.invoices)
  return (
    <Card component="section" aria-labelledby="deal-invoices-title">
      <CardHeader
        title={t('invoices.deal.title')}
        slotProps={{
          title: { id: 'deal-invoices-title', component: 'h2', variant: 'h6' },
          action: { sx: { alignSelf: 'center', m: 0 } },
        }}
        action={
          won && (
            <Button
              startIcon={<ReceiptLongOutlined />}
              component={RouterLink}
              to={`/invoice/new?dealId=${deal.id}&deal=${encodeURIComponent(deal.name)}`}
            >
              {t('invoices.deal.create')}
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {invoices.isError ? (
          <Alert severity="error">{serverErrorText(t, invoices.error)}</Alert>
        ) : !rows ? (
          <Skeleton variant="rounded" height={48} />
        ) : rows.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{won ? t('invoices.deal.empty') : t('invoices.deal.emptyOpen')}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((invoice) => (
              <Stack component="li" key={invoice.id} direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                <Link component={RouterLink} to={`/invoice/${invoice.id}`} sx={{ flex: 1, fontWeight: 600 }}>
                  {invoice.number ?? t('invoices.draftNumber')}
                </Link>
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatAmount(invoice.total, invoice.currency, i18n.language)}
                </Typography>
                <InvoiceStatusChip invoice={invoice} />
              </Stack>
            ))}
          </Stack>
        )}
        {invoices.hasNextPage && (
          <Button onClick={() => void invoices.fetchNextPage()} loading={invoices.isFetchingNextPage} sx={{ mt: 1.5 }}>
            {t('invoices.more')}
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
