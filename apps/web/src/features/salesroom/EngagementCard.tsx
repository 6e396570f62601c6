import type { Engagement } from '@closeroom/shared'
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { EmailText } from '../../components/EmailText'
import { formatDateTime } from '../../lib/intl'
import type { TFunction } from '../../locales/i18n'
import { useTranslation } from '../../locales/i18n'
import { useEngagement } from './queries'

/** "4 min 05 s": time on the page, from the heartbeats. */
function durationOf(t: TFunction, seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  if (!minutes) return t('salesroom.editor.seconds', { seconds })
  return t('salesroom.editor.minutes', { minutes, seconds: String(seconds % 60).padStart(2, '0') })
}

/**
 * What the visitor opened, one line each: the links, then each document once with what they did with it,
 * "Proposal (opened, downloaded)".
 */
function openedIn(t: TFunction, visit: Engagement['visits'][number]): string[] {
  const documents = new Map<string, { title: string; kinds: Set<string> }>()
  for (const event of visit.documentEvents) {
    const entry = documents.get(event.documentId) ?? { title: event.title, kinds: new Set<string>() }
    entry.kinds.add(t(`salesroom.editor.${event.kind}`))
    documents.set(event.documentId, entry)
  }
  return [
    ...new Set(visit.linksOpened.map((link) => link.title)),
    ...[...documents.values()].map((entry) => `${entry.title} (${[...entry.kinds].join(', ')})`),
  ]
}

function OpenedList({ items }: { items: string[] }) {
  if (items.length === 0) return '—'
  return items.map((item) => (
    <Box key={item} dir="auto">
      {item}
    </Box>
  ))
}

/** Who opened the room, when, for how long, and which links and documents they opened. */
export function EngagementCard({ dealId }: { dealId: string }) {
  const { t, i18n } = useTranslation()
  const engagement = useEngagement(dealId, true)
  const data = engagement.data
  return (
    <Card>
      <CardHeader title={t('salesroom.editor.engagement')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {!data ? (
          <Skeleton variant="rounded" height={120} />
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap' }}>
              <div>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('salesroom.editor.firstVisit')}
                </Typography>
                <Typography data-testid="first-visit">
                  {data.firstVisitAt ? formatDateTime(data.firstVisitAt, i18n.language) : t('salesroom.editor.never')}
                </Typography>
              </div>
              <div>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('salesroom.editor.totalTime')}
                </Typography>
                <Typography>{durationOf(t, data.totalSeconds)}</Typography>
              </div>
            </Stack>
            {data.visits.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{t('salesroom.editor.noVisits')}</Typography>
            ) : (
              <Table size="small" aria-label={t('salesroom.editor.engagement')} sx={{ '& td, & th': { px: 1 } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('salesroom.editor.visitor')}</TableCell>
                    <TableCell align="right">{t('salesroom.editor.time')}</TableCell>
                    <TableCell>{t('salesroom.editor.openedColumn')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.visits.map((visit) => (
                    <TableRow key={visit.id}>
                      {/* When the visit began sits under who made it: the side column is too narrow for a column of dates. */}
                      <TableCell sx={{ overflowWrap: 'break-word' }}>
                        {visit.visitor ? <EmailText email={visit.visitor} /> : t('salesroom.editor.anonymous')}
                        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                          {formatDateTime(visit.startedAt, i18n.language)}
                        </Typography>
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {durationOf(t, visit.seconds)}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'break-word' }}>
                        <OpenedList items={openedIn(t, visit)} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  )
}
