import { Alert, Card, Link, TableCell, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { LinkRow, ListTable, RowTitle } from '../../components/ListTable'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime, intlLocale } from '../../lib/intl'
import { formatFileSize } from '../../lib/upload'
import { useTranslation } from '../../locales/i18n'
import { formatClock } from './format'
import { useRecordings } from './queries'
import { StatusChip } from './StatusChip'

/** /recordings: the organization's recorded calls, newest first. */
export default function RecordingsPage() {
  const { t, i18n } = useTranslation()
  const recordings = useRecordings()
  const locale = intlLocale(i18n.language)
  return (
    <>
      <PageHeader title={t('recordings.title')} />
      {recordings.isError && <Alert severity="error">{serverErrorText(t, recordings.error)}</Alert>}
      <Card>
        <ListTable
          label={t('recordings.title')}
          columns={[
            { label: t('recordings.meeting') },
            { label: t('recordings.deal') },
            { label: t('recordings.date') },
            { label: t('recordings.duration'), align: 'right' },
            { label: t('recordings.size'), align: 'right' },
            { label: t('recordings.status') },
          ]}
          items={recordings.data}
          loading={recordings.isPending}
          empty={t('recordings.empty')}
          row={(recording) => (
            <LinkRow key={recording.id} to={`/recordings/${recording.id}`}>
              <TableCell>
                <RowTitle to={`/recordings/${recording.id}`}>{recording.meetingTitle}</RowTitle>
              </TableCell>
              <TableCell>
                {recording.deal ? (
                  <Link component={RouterLink} to={`/deals/${recording.deal.id}`} onClick={(event) => event.stopPropagation()} dir="auto">
                    {recording.deal.name}
                  </Link>
                ) : (
                  <Typography component="span" sx={{ color: 'text.secondary' }}>
                    —
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(recording.startedAt, i18n.language)}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {recording.durationMs === null ? '—' : formatClock(recording.durationMs)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {recording.size === null ? '—' : formatFileSize(recording.size, locale)}
              </TableCell>
              <TableCell>
                <StatusChip status={recording.status} />
              </TableCell>
            </LinkRow>
          )}
        />
      </Card>
    </>
  )
}
