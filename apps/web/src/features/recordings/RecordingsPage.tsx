import { Alert, Card, Link, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material'
import { Link as RouterLink, useNavigate } from 'react-router'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime, intlLocale } from '../../lib/intl'
import { formatFileSize } from '../../lib/upload'
import { useTranslation } from '../../locales/i18n'
import { formatClock } from './format'
import { useRecordings } from './queries'
import { StatusChip } from './StatusChip'

const COLUMNS = 6

/** /recordings: the organization's recorded calls, newest first. */
export default function RecordingsPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const recordings = useRecordings()
  const locale = intlLocale(i18n.language)
  return (
    <>
      <PageHeader title={t('recordings.title')} />
      {recordings.isError && <Alert severity="error">{serverErrorText(t, recordings.error.message)}</Alert>}
      <Card>
        <TableContainer>
          <Table aria-label={t('recordings.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('recordings.meeting')}</TableCell>
                <TableCell>{t('recordings.deal')}</TableCell>
                <TableCell>{t('recordings.date')}</TableCell>
                <TableCell align="right">{t('recordings.duration')}</TableCell>
                <TableCell align="right">{t('recordings.size')}</TableCell>
                <TableCell>{t('recordings.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {recordings.isPending &&
                [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={COLUMNS}>
                      <Skeleton height={36} />
                    </TableCell>
                  </TableRow>
                ))}
              {recordings.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS} sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
                    {t('recordings.empty')}
                  </TableCell>
                </TableRow>
              )}
              {recordings.data?.map((recording) => (
                <TableRow key={recording.id} hover onClick={() => navigate(`/recordings/${recording.id}`)} sx={{ cursor: 'pointer' }}>
                  <TableCell>
                    <Typography
                      component={RouterLink}
                      to={`/recordings/${recording.id}`}
                      onClick={(event) => event.stopPropagation()}
                      dir="auto"
                      sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
                    >
                      {recording.meetingTitle}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {recording.deal ? (
                      <Link
                        component={RouterLink}
                        to={`/deals/${recording.deal.id}`}
                        onClick={(event) => event.stopPropagation()}
                        dir="auto"
                      >
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
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </>
  )
}
