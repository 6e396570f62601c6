import CloseRounded from '@mui/icons-material/CloseRounded'
import {
  Alert,
  Box,
  Button,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { formatMoney } from '../../components/money/money'
import { serverErrorText } from '../../lib/errorText'
import { dateTimeFormat, formatDateTime, formatNumber, intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { useInsightRecords } from './queries'

/** What was clicked: the records' key and the figure's name, for the drawer's title. */
export type Drill = { key: string; title: string }

/** The records behind a figure, each a link to its page, a page at a time. */
export function RecordsDrawer({ drill, onClose }: { drill: Drill | null; onClose(): void }) {
  const { t, i18n } = useTranslation()
  const records = useInsightRecords(drill?.key ?? null)
  const pages = records.data?.pages ?? []
  const total = pages[0]?.total ?? null
  const list = pages.flatMap((page) => page.records)
  return (
    <Drawer
      anchor="right"
      open={!!drill}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': 'insight-records-title', sx: { width: { xs: '100%', sm: 460 } } } }}
    >
      {drill && (
        <Box sx={{ p: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 1 }}>
            <Typography id="insight-records-title" variant="h6" component="h2" sx={{ flex: 1 }}>
              {drill.title}
            </Typography>
            <IconButton aria-label={t('insights.records.close')} onClick={onClose} edge="end">
              <CloseRounded />
            </IconButton>
          </Stack>
          {total !== null && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              {t('insights.records.count', { count: total, shown: formatNumber(total, i18n.language) })}
            </Typography>
          )}
          {records.isError ? (
            <Alert severity="error">{serverErrorText(t, records.error)}</Alert>
          ) : records.isPending ? (
            <Stack spacing={1}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} variant="rounded" height={56} />
              ))}
            </Stack>
          ) : list.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('insights.records.none')}</Typography>
          ) : (
            <List disablePadding aria-labelledby="insight-records-title" sx={hoverReadable}>
              {list.map((record) => (
                <ListItem key={`${record.kind}-${record.id}`} disablePadding divider>
                  <ListItemButton component={RouterLink} to={record.link} sx={{ px: 1, gap: 2 }}>
                    <ListItemText
                      primary={<bdi>{record.name}</bdi>}
                      secondary={[
                        // An instant in the browser's zone; an expected close date as the date it is, wherever read.
                        record.dateOnly ? calendarDate(record.date, i18n.language) : formatDateTime(record.date, i18n.language),
                        record.kind === 'booking'
                          ? t(`insights.records.statuses.${record.status}`, { defaultValue: record.status })
                          : record.status,
                        record.owner?.name,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                    {record.amount !== null && record.currency && (
                      <Typography variant="subtitle2" sx={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(record.amount, record.currency, i18n.language)}
                      </Typography>
                    )}
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
          {records.hasNextPage && (
            <Button sx={{ mt: 2 }} onClick={() => records.fetchNextPage()} disabled={records.isFetchingNextPage}>
              {t('insights.records.more')}
            </Button>
          )}
        </Box>
      )}
    </Drawer>
  )
}

/** A calendar date kept as 00:00 UTC, e.g. "10 Apr 2026", the same in every zone. */
const calendarDate = (iso: string, language: string) =>
  dateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso))

/** A hovered row's grey would fade its second line below a readable contrast: it darkens with it. */
const hoverReadable = { '& .MuiListItemButton-root:hover .MuiListItemText-secondary': { color: 'text.primary' } } as const
