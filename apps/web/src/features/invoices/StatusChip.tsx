import type { InvoiceStatus } from '@closeroom/shared'
import { Chip } from '@mui/material'
import { useTranslation } from '../../locales/i18n'

const colours = { draft: 'default', sent: 'info', paid: 'success', void: 'default' } as const

/** Whether a sent invoice's due date has passed (a calendar day, compared in the reader's own day). */
export function isOverdue(invoice: { status: InvoiceStatus; dueDate: string }, today = localToday()) {
  return invoice.status === 'sent' && invoice.dueDate < today
}

function localToday() {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

export function InvoiceStatusChip({ invoice }: { invoice: { status: InvoiceStatus; dueDate: string } }) {
  const { t } = useTranslation()
  if (isOverdue(invoice)) return <Chip size="small" color="warning" label={t('invoices.overdue')} />
  return (
    <Chip
      size="small"
      color={colours[invoice.status]}
      variant={invoice.status === 'void' ? 'outlined' : 'filled'}
      label={t(`invoices.statuses.${invoice.status}`)}
    />
  )
}
