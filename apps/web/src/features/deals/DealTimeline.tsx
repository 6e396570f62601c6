import type { DealActivity } from '@closeroom/shared'
import AddCircleOutline from '@mui/icons-material/AddCircleOutlineRounded'
import AltRoute from '@mui/icons-material/AltRouteRounded'
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineRounded'
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined'
import EventOutlined from '@mui/icons-material/EventOutlined'
import MailOutlined from '@mui/icons-material/MailOutlined'
import PersonOutline from '@mui/icons-material/PersonOutlineRounded'
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined'
import SwapHorizRounded from '@mui/icons-material/SwapHorizRounded'
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined'
import { Alert, Link, Skeleton, Typography } from '@mui/material'
import type { ReactElement } from 'react'
import { Link as RouterLink } from 'react-router'
import { Timeline } from '../../components/Timeline'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import type { TFunction } from '../../locales/i18n'
import { useTranslation } from '../../locales/i18n'
import { useDealActivities } from './queries'

const icons: Record<DealActivity['kind'], { icon: ReactElement; colour: string }> = {
  created: { icon: <AddCircleOutline fontSize="small" />, colour: 'primary' },
  stage_changed: { icon: <SwapHorizRounded fontSize="small" />, colour: 'info' },
  owner_changed: { icon: <PersonOutline fontSize="small" />, colour: 'secondary' },
  message: { icon: <ChatBubbleOutline fontSize="small" />, colour: 'success' },
  booking: { icon: <EventOutlined fontSize="small" />, colour: 'warning' },
  salesroom_visit: { icon: <VisibilityOutlined fontSize="small" />, colour: 'info' },
  agreement: { icon: <DescriptionOutlined fontSize="small" />, colour: 'error' },
  routing: { icon: <AltRoute fontSize="small" />, colour: 'primary' },
  invoice: { icon: <ReceiptLongOutlined fontSize="small" />, colour: 'success' },
  email: { icon: <MailOutlined fontSize="small" />, colour: 'info' },
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

const isolate = (value: string) => `\u2068${value}\u2069`

/** The agreement steps the server records on the timeline (data.step), each with a line of its own. */
const AGREEMENT_STEPS = new Set(['created', 'sent', 'opened', 'signed', 'approved', 'declined', 'voided', 'expired', 'completed'])

/** The invoice steps the server records on the timeline (data.step). */
const INVOICE_STEPS = new Set(['sent', 'paid', 'voided'])

/** What happened, in a line: a deal opened by a product room's form says who asked about what. */
function headline(t: TFunction, activity: DealActivity, actor: string): string {
  const { data } = activity
  if (activity.kind === 'created' && data.via === 'product_room')
    return t('pipeline.timeline.fromProductRoom', { name: text(data.name), product: text(data.product) })
  // A buyer is no member: the email they opened a private room with says who, when there is one.
  if (activity.kind === 'salesroom_visit') {
    const who = text(data.visitor) || actor
    if (data.document) return t('pipeline.timeline.documentOpened', { who, document: text(data.document) })
    return t('pipeline.timeline.kinds.salesroom_visit', { actor: who })
  }
  // Who took the step: the member who did (by their current name), else the recipient or system the server named.
  // Names and titles are isolated (FSI…PDI): a Latin title keeps its quotes in an Arabic line, and the reverse.
  if (activity.kind === 'agreement' && AGREEMENT_STEPS.has(text(data.step)))
    return t(`pipeline.timeline.agreementSteps.${text(data.step)}`, {
      actor: isolate(activity.actor?.name ?? (text(data.by) || actor)),
      title: isolate(text(data.title)),
    })
  if (activity.kind === 'invoice' && INVOICE_STEPS.has(text(data.step)))
    return t(`pipeline.timeline.invoiceSteps.${text(data.step)}`, {
      actor: isolate(activity.actor?.name ?? actor),
      number: isolate(text(data.title)),
    })
  // An email with the deal's buyer, from a member's mailbox: who wrote, and its subject (texts of the mail area).
  if (activity.kind === 'email')
    return data.direction === 'out'
      ? t('mail.timeline.out', { actor: isolate(activity.actor?.name ?? actor), subject: isolate(text(data.subject)) })
      : t('mail.timeline.in', { from: isolate(text(data.from)), subject: isolate(text(data.subject)) })
  return t(`pipeline.timeline.kinds.${activity.kind}`, {
    actor,
    from: text(data.from),
    to: text(data.to),
    title: text(data.title ?? data.name),
  })
}

/** The line under it: a booking's time and attendee, the buyer's message from a product room. */
function Detail({ activity, language }: { activity: DealActivity; language: string }) {
  const { t } = useTranslation()
  const { data } = activity
  if (activity.kind === 'booking' && typeof data.start === 'string')
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('pipeline.timeline.bookingDetail', { when: formatDateTime(data.start, language), attendee: text(data.attendee) })}
      </Typography>
    )
  if (activity.kind === 'email' && text(data.threadId))
    return (
      <Link component={RouterLink} to={`/mail/all?thread=${text(data.threadId)}`} variant="body2">
        {t('mail.timeline.open')}
      </Link>
    )
  if (activity.kind === 'created' && data.via === 'product_room' && text(data.message))
    return (
      <Typography
        variant="body2"
        dir="auto"
        sx={{
          mt: 0.5,
          px: 1.25,
          py: 0.75,
          // Physical, not logical: the message keeps its own direction (dir=auto), the bar stays on the page's start side.
          borderLeft: '3px solid',
          borderColor: 'divider',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          textAlign: 'left',
        }}
      >
        {text(data.message)}
      </Typography>
    )
  return null
}

/** The deal's history, newest first, one icon per kind of event. */
export function DealTimeline({ dealId }: { dealId: string }) {
  const { t, i18n } = useTranslation()
  const activities = useDealActivities(dealId)
  if (activities.isError) return <Alert severity="error">{serverErrorText(t, activities.error)}</Alert>
  if (!activities.data) return <Skeleton variant="rounded" height={120} />
  if (activities.data.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('pipeline.timeline.empty')}</Typography>
  return (
    <Timeline
      label={t('pipeline.timeline.title')}
      maxHeight={360}
      entries={activities.data.map((activity) => ({
        key: activity.id,
        ...icons[activity.kind],
        content: (
          <>
            <Typography variant="body2">{headline(t, activity, activity.actor?.name ?? t('pipeline.timeline.someone'))}</Typography>
            <Detail activity={activity} language={i18n.language} />
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {formatDateTime(activity.createdAt, i18n.language)}
            </Typography>
          </>
        ),
      }))}
    />
  )
}
