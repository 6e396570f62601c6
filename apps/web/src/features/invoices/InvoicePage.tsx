import { can, type Invoice } from '@closeroom/shared'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import DownloadRounded from '@mui/icons-material/DownloadRounded'
import EditOutlined from '@mui/icons-material/EditOutlined'
import SendRounded from '@mui/icons-material/SendRounded'
import {
  Alert,
  Box,
  Button,
  Card,
  Divider,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { formatDay } from '../../components/money/money'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime, formatNumber } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { Totals } from './InvoiceFormPage'
import { formatAmount, formatPercent } from './money'
import { useDeleteInvoice, useInvoice, useInvoiceStep } from './queries'
import { InvoiceStatusChip } from './StatusChip'

type Step = 'send' | 'paid' | 'void' | 'delete'

/** /invoice/:id: the invoice as its buyer will see it, with what can be done with it now. */
export default function InvoicePage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const invoice = useInvoice(id)
  if (invoice.error) return <Alert severity="error">{serverErrorText(t, invoice.error)}</Alert>
  const data = invoice.data
  return (
    <>
      <PageHeader
        title={data ? (data.number ?? t('invoices.draftNumber')) : t('invoices.title')}
        action={
          <Button component={RouterLink} to="/invoice" color="inherit">
            {t('invoices.back')}
          </Button>
        }
      />
      {data ? (
        <Stack spacing={3}>
          <Actions invoice={data} />
          <InvoiceDocument invoice={data} />
        </Stack>
      ) : (
        <Skeleton variant="rounded" height={640} />
      )}
    </>
  )
}

function Actions({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation()
  const me = useAuthContext().user
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const [open, setOpen] = useState<Step | null>(null)
  const send = useInvoiceStep(invoice.id, 'send')
  const paid = useInvoiceStep(invoice.id, 'paid')
  const voided = useInvoiceStep(invoice.id, 'void')
  const remove = useDeleteInvoice(invoice.id)
  const settles = can(me, 'invoices.settle')
  const total = formatAmount(invoice.total, invoice.currency, i18n.language)
  const number = invoice.number ?? ''
  const mutation = { send, paid, void: voided, delete: remove }[open ?? 'send']

  const dialogs: Record<
    Step,
    { title: string; text: string; confirm: string; color: 'primary' | 'error'; done(result: Invoice | { ok: true }): void }
  > = {
    send: {
      title: t('invoices.view.sendTitle'),
      text: t('invoices.view.sendText', { email: invoice.buyer.email }),
      confirm: t('invoices.view.send'),
      color: 'primary',
      done: (result) =>
        enqueueSnackbar(t('invoices.view.sent', { number: ('number' in result && result.number) || '', email: invoice.buyer.email }), {
          variant: 'success',
        }),
    },
    paid: {
      title: t('invoices.view.paidTitle'),
      text: t('invoices.view.paidText', { total, number }),
      confirm: t('invoices.view.markPaid'),
      color: 'primary',
      done: () => enqueueSnackbar(t('invoices.view.paid', { number }), { variant: 'success' }),
    },
    void: {
      title: t('invoices.view.voidTitle'),
      text: t('invoices.view.voidText', { number }),
      confirm: t('invoices.view.void'),
      color: 'error',
      done: () => enqueueSnackbar(t('invoices.view.voided', { number }), { variant: 'success' }),
    },
    delete: {
      title: t('invoices.view.deleteTitle'),
      text: t('invoices.view.deleteText'),
      confirm: t('invoices.view.delete'),
      color: 'error',
      done: () => {
        enqueueSnackbar(t('invoices.view.deleted'), { variant: 'success' })
        navigate('/invoice')
      },
    },
  }
  const dialog = open ? dialogs[open] : null

  const when =
    invoice.status === 'paid' && invoice.paidAt
      ? t('invoices.view.paidOn', { date: formatDateTime(invoice.paidAt, i18n.language) })
      : invoice.status === 'void' && invoice.voidedAt
        ? t('invoices.view.voidedOn', { date: formatDateTime(invoice.voidedAt, i18n.language) })
        : invoice.sentAt
          ? t('invoices.view.sentOn', { date: formatDateTime(invoice.sentAt, i18n.language) })
          : null

  return (
    <Card sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <InvoiceStatusChip invoice={invoice} />
          {when && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {when}
            </Typography>
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
          {invoice.status === 'draft' && (
            <>
              <Button color="error" startIcon={<DeleteOutlineRounded />} onClick={() => setOpen('delete')}>
                {t('invoices.view.delete')}
              </Button>
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<EditOutlined />}
                component={RouterLink}
                to={`/invoice/${invoice.id}/edit`}
              >
                {t('invoices.view.edit')}
              </Button>
            </>
          )}
          <Button variant="outlined" color="inherit" startIcon={<DownloadRounded />} href={`${invoice.pdfUrl}?download=1`} download>
            {t('invoices.view.pdf')}
          </Button>
          {invoice.status === 'sent' && settles && (
            <>
              <Button color="error" onClick={() => setOpen('void')}>
                {t('invoices.view.void')}
              </Button>
              <Button variant="contained" color="success" onClick={() => setOpen('paid')}>
                {t('invoices.view.markPaid')}
              </Button>
            </>
          )}
          {invoice.status === 'draft' && (
            <Button variant="contained" startIcon={<SendRounded />} onClick={() => setOpen('send')} disabled={!invoice.buyer.email}>
              {t('invoices.view.send')}
            </Button>
          )}
        </Stack>
      </Stack>
      {invoice.status === 'draft' && !invoice.buyer.email && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('invoices.view.needsEmail')}
        </Alert>
      )}
      {dialog && (
        <ConfirmDialog
          open
          title={dialog.title}
          text={dialog.text}
          confirmLabel={dialog.confirm}
          cancelLabel={t('invoices.cancel')}
          color={dialog.color}
          pending={mutation.isPending}
          error={mutation.error}
          onClose={() => {
            mutation.reset()
            setOpen(null)
          }}
          onConfirm={() =>
            mutation.mutate(undefined, {
              onSuccess: (result) => {
                setOpen(null)
                dialog.done(result)
              },
            })
          }
        />
      )}
    </Card>
  )
}

/** The invoice laid out as on its PDF: seller, number and dates, buyer, lines, totals, notes. */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const money = (minor: number) => formatAmount(minor, invoice.currency, language)
  const brand = invoice.seller.brandColor
  const hasDiscount = invoice.lines.some((line) => line.discount)
  const hasTax = invoice.lines.some((line) => line.taxRate)
  // One of each on every line: each unit price is its line's amount before discount and tax.
  const severalUnits = invoice.lines.some((line) => Number(line.quantity) !== 1)
  return (
    <Card component="article" aria-label={invoice.number ?? t('invoices.draftNumber')} sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 6, bgcolor: brand }} />
      <Box sx={{ p: { xs: 2.5, md: 5 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ justifyContent: 'space-between' }}>
          <Box>
            {invoice.seller.logoUrl && (
              <Box component="img" src={invoice.seller.logoUrl} alt="" sx={{ maxHeight: 48, maxWidth: 160, display: 'block', mb: 1.5 }} />
            )}
            <Typography variant="h6" component="p" dir="auto" sx={{ textAlign: 'left' }}>
              {invoice.seller.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-line', textAlign: 'left' }} dir="auto">
              {invoice.seller.address}
            </Typography>
          </Box>
          <Box sx={{ textAlign: { sm: 'end' } }}>
            <Typography
              variant="h4"
              component="p"
              // The organization's colour may be dark: on the dark theme the title keeps the text's colour.
              sx={(theme) => ({ color: theme.palette.mode === 'dark' ? 'text.primary' : brand, fontWeight: 700 })}
            >
              {t('invoices.view.title')}
            </Typography>
            <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.5 }}>
              <Fact label={t('invoices.view.number')} value={invoice.number ?? t('invoices.view.numberOnSend')} strong />
              <Fact label={t('invoices.view.issued')} value={formatDay(invoice.issueDate, language)} />
              <Fact label={t('invoices.view.due')} value={formatDay(invoice.dueDate, language)} />
              {invoice.deal && (
                <>
                  <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('invoices.view.deal')}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    <Link component={RouterLink} to={`/deals/${invoice.deal.id}`} dir="auto">
                      {invoice.deal.name}
                    </Link>
                  </Typography>
                </>
              )}
            </Box>
          </Box>
        </Stack>
        <Box sx={{ mt: 4 }}>
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
            {t('invoices.view.billTo')}
          </Typography>
          <Typography variant="subtitle1" dir="auto" sx={{ fontWeight: 700, textAlign: 'left' }}>
            {invoice.buyer.name}
          </Typography>
          {[invoice.buyer.company, invoice.buyer.email, invoice.buyer.address].filter(Boolean).map((line) => (
            <Typography key={line} variant="body2" dir="auto" sx={{ whiteSpace: 'pre-line', textAlign: 'left' }}>
              {line}
            </Typography>
          ))}
        </Box>
        <Box sx={{ mt: 4, overflowX: 'auto' }}>
          {/* On a phone, columns that add nothing on any line (no discount, no tax, a unit price equal to the
              line's amount) give their room, and cells pad less, so that the amount is not off the screen. */}
          <Table size="small" aria-label={t('invoices.form.lines')} sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('invoices.form.description')}</TableCell>
                <TableCell align="right">{t('invoices.form.quantity')}</TableCell>
                <TableCell align="right" sx={onlyWide(severalUnits)}>
                  {t('invoices.form.unitPrice')}
                </TableCell>
                <TableCell align="right" sx={onlyWide(hasDiscount)}>
                  {t('invoices.form.discount')}
                </TableCell>
                <TableCell align="right" sx={onlyWide(hasTax)}>
                  {t('invoices.form.taxRate')}
                </TableCell>
                <TableCell align="right">{t('invoices.form.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoice.lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines are kept in order and have no id of their own
                <TableRow key={i}>
                  <TableCell dir="auto" sx={{ minWidth: { xs: 120, sm: 160 }, textAlign: 'left' }}>
                    {line.description}
                  </TableCell>
                  <TableCell align="right">{formatNumber(line.quantity, language)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', ...onlyWide(severalUnits) }}>
                    {money(line.unitPrice)}
                  </TableCell>
                  <TableCell align="right" sx={onlyWide(hasDiscount)}>
                    {line.discount ? formatPercent(line.discount, language) : '—'}
                  </TableCell>
                  <TableCell align="right" sx={onlyWide(hasTax)}>
                    {line.taxRate ? formatPercent(line.taxRate, language) : '—'}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {money(line.net)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Totals subtotal={money(invoice.subtotal)} tax={money(invoice.tax)} total={money(invoice.total)} status={invoice.status} />
        {invoice.notes && (
          <>
            <Divider sx={{ my: 3 }} />
            <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
              {t('invoices.view.notes')}
            </Typography>
            <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-line', textAlign: 'left' }}>
              {invoice.notes}
            </Typography>
          </>
        )}
      </Box>
    </Card>
  )
}

/** A column every screen shows when it holds something, and only wider screens when it is empty on every line. */
const onlyWide = (holdsSomething: boolean) => (holdsSomething ? undefined : { display: { xs: 'none', sm: 'table-cell' } })

function Fact({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: strong ? 700 : 400 }}>
        {value}
      </Typography>
    </>
  )
}
