import type { PublicRoomInvoice } from '@closeroom/shared'
import DownloadRounded from '@mui/icons-material/DownloadRounded'
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined'
import { Box, Chip, IconButton, Stack, Typography } from '@mui/material'
import { money } from '../../components/public/money'
import { dateTimeFormat, intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { Section } from '../salesroom-public/bits'

/** The deal's sent and paid invoices in its public sales room, each PDF at its public link. */
export function RoomInvoices({ invoices }: { invoices: PublicRoomInvoice[] }) {
  const { t, i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  const day = (iso: string) => dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`))
  return (
    <Section id="room-invoices" title={t('salesroom.room.invoices')}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {invoices.map((invoice) => (
          <Stack
            component="li"
            key={invoice.number}
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            <ReceiptLongOutlined fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
            <Box sx={{ flex: 1, minWidth: 140 }}>
              <Typography sx={{ fontWeight: 600 }}>{invoice.number}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('salesroom.room.invoiceDue', { date: day(invoice.dueDate) })}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {money(invoice.total, invoice.currency, locale)}
            </Typography>
            <Chip
              size="small"
              color={invoice.status === 'paid' ? 'success' : 'info'}
              label={t(`salesroom.room.invoiceStatuses.${invoice.status}`)}
            />
            <IconButton
              component="a"
              href={`${invoice.pdfUrl}?download=1`}
              download
              aria-label={t('salesroom.room.invoicePdf', { number: invoice.number })}
              size="small"
            >
              <DownloadRounded fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Box>
    </Section>
  )
}
