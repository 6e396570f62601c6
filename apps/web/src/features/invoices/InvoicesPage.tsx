import { can, INVOICE_STATUSES, type InvoiceStatus, type InvoiceSummary } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import SearchRounded from '@mui/icons-material/SearchRounded'
import SettingsOutlined from '@mui/icons-material/SettingsOutlined'
import { Alert, Box, Button, Card, InputAdornment, Link, MenuItem, Stack, TableCell, TextField, Typography } from '@mui/material'
import { useDeferredValue, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { LinkRow, ListTable, RowTitle } from '../../components/ListTable'
import { formatDay } from '../../components/money/money'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { InvoiceSettingsDialog } from './InvoiceSettingsDialog'
import { formatAmount } from './money'
import { useInvoices } from './queries'
import { InvoiceStatusChip } from './StatusChip'

const isStatus = (value: string | null): value is InvoiceStatus => (INVOICE_STATUSES as readonly (string | null)[]).includes(value)

/** /invoice: the organization's invoices, newest first, filtered by status and searched (kept in the address). */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation()
  const [params, setParams] = useSearchParams()
  const me = useAuthContext().user
  const [configuring, setConfiguring] = useState(false)
  const status = params.get('status')
  const q = params.get('q') ?? ''
  const search = useDeferredValue(q.trim())
  const invoices = useInvoices({ status: isStatus(status) ? status : undefined, q: search || undefined })
  const filtered = isStatus(status) || !!search

  function setParam(changes: Record<string, string | undefined>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value)
          else next.delete(key)
        }
        return next
      },
      { replace: true },
    )
  }

  return (
    <>
      <PageHeader
        title={t('invoices.title')}
        action={
          <Stack direction="row" spacing={1}>
            {can(me, 'invoices.configure') && (
              <Button color="inherit" startIcon={<SettingsOutlined />} onClick={() => setConfiguring(true)}>
                {t('invoices.settings.open')}
              </Button>
            )}
            <Button variant="contained" startIcon={<AddRounded />} component={RouterLink} to="/invoice/new">
              {t('invoices.create')}
            </Button>
          </Stack>
        }
      />
      <InvoiceSettingsDialog open={configuring} onClose={() => setConfiguring(false)} />
      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5 }} useFlexGap>
          <TextField
            select
            label={t('invoices.filters.status')}
            value={isStatus(status) ? status : ''}
            onChange={(event) => setParam({ status: event.target.value })}
            sx={{ flex: 1, minWidth: 160 }}
          >
            <MenuItem value="">{t('invoices.filters.allStatuses')}</MenuItem>
            {INVOICE_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`invoices.statuses.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="search"
            label={t('invoices.filters.search')}
            placeholder={t('invoices.filters.searchHint')}
            value={q}
            onChange={(event) => setParam({ q: event.target.value })}
            sx={{ flex: 2, minWidth: 220 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
        {filtered && (
          <Box sx={{ px: 2.5, pb: 1.5 }}>
            <Button size="small" onClick={() => setParam({ status: undefined, q: undefined })}>
              {t('invoices.filters.clear')}
            </Button>
          </Box>
        )}
        {invoices.isError && (
          <Alert severity="error" sx={{ mx: 2.5, mb: 2 }}>
            {serverErrorText(t, invoices.error)}
          </Alert>
        )}
        <ListTable
          label={t('invoices.title')}
          columns={[
            { label: t('invoices.columns.number') },
            { label: t('invoices.columns.buyer') },
            { label: t('invoices.columns.deal') },
            { label: t('invoices.columns.status') },
            { label: t('invoices.columns.total'), align: 'right' },
            { label: t('invoices.columns.due') },
          ]}
          items={invoices.data?.pages.flatMap((page) => page.invoices)}
          loading={invoices.isPending}
          empty={filtered ? t('invoices.noMatch') : <EmptyInvoices />}
          row={(invoice) => <InvoiceRow key={invoice.id} invoice={invoice} language={i18n.language} />}
        />
        {invoices.hasNextPage && (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Button onClick={() => void invoices.fetchNextPage()} loading={invoices.isFetchingNextPage} variant="outlined" color="inherit">
              {t('invoices.more')}
            </Button>
          </Box>
        )}
      </Card>
    </>
  )
}

function EmptyInvoices() {
  const { t } = useTranslation()
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Typography sx={{ maxWidth: 520 }}>{t('invoices.empty')}</Typography>
      <Button variant="outlined" startIcon={<AddRounded />} component={RouterLink} to="/invoice/new">
        {t('invoices.create')}
      </Button>
    </Stack>
  )
}

function InvoiceRow({ invoice, language }: { invoice: InvoiceSummary; language: string }) {
  const { t } = useTranslation()
  const to = `/invoice/${invoice.id}`
  return (
    <LinkRow to={to}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <RowTitle to={to}>{invoice.number ?? t('invoices.draftNumber')}</RowTitle>
      </TableCell>
      <TableCell>
        <Typography variant="body2" noWrap dir="auto">
          {invoice.buyer.name}
        </Typography>
        {invoice.buyer.company && (
          <Typography variant="caption" noWrap dir="auto" sx={{ color: 'text.secondary', display: 'block' }}>
            {invoice.buyer.company}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {invoice.deal ? (
          <Link component={RouterLink} to={`/deals/${invoice.deal.id}`} onClick={(event) => event.stopPropagation()} dir="auto">
            {invoice.deal.name}
          </Link>
        ) : (
          <Typography component="span" sx={{ color: 'text.secondary' }}>
            —
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <InvoiceStatusChip invoice={invoice} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {formatAmount(invoice.total, invoice.currency, language)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatDay(invoice.dueDate, language)}</TableCell>
    </LinkRow>
  )
}
