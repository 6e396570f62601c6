import type { HomeInsights, InsightRecord } from '@closeroom/shared'
import { Alert, Box, Card, Chip, Link, List, ListItem, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material'
import { type ReactNode, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { Amounts } from '../../components/chart/Amounts'
import { formatPeriod } from '../../components/chart/PeriodBar'
import { formatMoney } from '../../components/money/money'
import { visuallyHidden } from '../../components/visuallyHidden'
import { serverErrorText } from '../../lib/errorText'
import { intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { useFormats } from '../insights/format'
import { useHomeInsights } from '../insights/queries'
import { type Drill, RecordsDrawer } from '../insights/RecordsDrawer'

/** The signed-in person's week: meetings, deals that need them and why, their pipeline, and what changed since yesterday. */
export function WeekAtAGlance({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation()
  const insights = useHomeInsights(timeZone)
  const [drill, setDrill] = useState<Drill | null>(null)
  if (insights.isError) return <Alert severity="error">{serverErrorText(t, insights.error)}</Alert>
  if (!insights.data)
    return (
      <Stack spacing={3}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={120} />
          ))}
        </Box>
        <Skeleton variant="rounded" height={320} />
      </Stack>
    )
  const open = (title: string, key: string) => setDrill({ title, key })
  return (
    <>
      <Week home={insights.data} open={open} />
      <RecordsDrawer drill={drill} onClose={() => setDrill(null)} />
    </>
  )
}

function Week({ home, open }: { home: HomeInsights; open: (title: string, key: string) => void }) {
  const { t, i18n } = useTranslation()
  const f = useFormats()
  const needing = home.attention.deals.length
  return (
    <Stack spacing={3}>
      <Typography sx={{ color: 'text.secondary', mt: -3 }}>
        {t('insights.home.week', { period: formatPeriod(home.week, i18n.language) })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Figure label={t('insights.home.meetingsToday')} onClick={() => open(t('insights.home.meetingsToday'), home.meetings.today.drill)}>
          {f.count(home.meetings.today.count)}
        </Figure>
        <Figure label={t('insights.home.meetingsWeek')} onClick={() => open(t('insights.home.meetingsWeek'), home.meetings.week.drill)}>
          {f.count(home.meetings.week.count)}
        </Figure>
        <Figure label={t('insights.home.pipeline')} onClick={() => open(t('insights.home.pipeline'), home.pipeline.open.drill)}>
          <Amounts money={home.pipeline.open.value} />
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary', display: 'block' }}>
            {t('insights.home.openDeals', { count: home.pipeline.open.count, shown: f.count(home.pipeline.open.count) })}
          </Typography>
        </Figure>
        <Card sx={{ p: 2.5, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h2" sx={{ color: 'text.secondary' }}>
            {t('insights.home.weighted')}
          </Typography>
          <Amounts money={home.pipeline.weighted} />
          <Link component={RouterLink} to="/banking" variant="body2">
            {t('insights.home.toForecast')}
          </Link>
        </Card>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <Panel title={t('insights.home.needYou')} subtitle={t('insights.home.needYouText', { days: home.attention.staleDays })}>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }}>
            {(['stale', 'overdue', 'visited'] as const).map((reason) => (
              <Chip
                key={reason}
                label={`${t(`insights.home.reasons.${reason}`, { days: home.attention.staleDays })}: ${f.count(home.attention[reason].count)}`}
                onClick={() => open(t(`insights.home.reasons.${reason}`, { days: home.attention.staleDays }), home.attention[reason].drill)}
                variant="outlined"
                size="small"
              />
            ))}
          </Stack>
          {needing === 0 ? (
            <Empty>{t('insights.home.noneNeedYou')}</Empty>
          ) : (
            <List disablePadding sx={hoverReadable}>
              {home.attention.deals.map(({ deal, reasons }) => (
                <ListItem key={deal.id} disablePadding divider>
                  <ListItemButton component={RouterLink} to={deal.link} sx={{ px: 1, gap: 2, alignItems: 'flex-start' }}>
                    <ListItemText
                      primary={<bdi>{deal.name}</bdi>}
                      secondary={reasons
                        .map((reason) => t(`insights.home.reasons.${reason}`, { days: home.attention.staleDays }))
                        .join(' · ')}
                    />
                    <RecordAmount record={deal} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Panel>
        <Panel title={t('insights.home.today')} subtitle={t('insights.home.todayText')}>
          {home.meetings.upcoming.length === 0 ? (
            <Empty>
              {t('insights.home.noMeetings')}{' '}
              <Link component={RouterLink} to="/calendar">
                {t('insights.home.openCalendar')}
              </Link>
            </Empty>
          ) : (
            <List disablePadding sx={hoverReadable}>
              {home.meetings.upcoming.map((meeting) => (
                <ListItem key={meeting.id} disablePadding divider>
                  <ListItemButton component={RouterLink} to={meeting.link} sx={{ px: 1 }}>
                    <ListItemText primary={<bdi>{meeting.name}</bdi>} secondary={<Time iso={meeting.date} timeZone={home.timeZone} />} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Panel>
      </Box>
      <Changes home={home} open={open} />
    </Stack>
  )
}

function Changes({ home, open }: { home: HomeInsights; open: (title: string, key: string) => void }) {
  const { t } = useTranslation()
  const f = useFormats()
  const c = home.changes
  const items: { key: string; label: string; count: number; drill: string; money?: HomeInsights['changes']['dealsWon']['value'] }[] = [
    { key: 'dealsCreated', label: t('insights.home.changes.dealsCreated'), count: c.dealsCreated.count, drill: c.dealsCreated.drill },
    {
      key: 'dealsWon',
      label: t('insights.home.changes.dealsWon'),
      count: c.dealsWon.count,
      drill: c.dealsWon.drill,
      money: c.dealsWon.value,
    },
    {
      key: 'dealsLost',
      label: t('insights.home.changes.dealsLost'),
      count: c.dealsLost.count,
      drill: c.dealsLost.drill,
      money: c.dealsLost.value,
    },
    { key: 'bookingsMade', label: t('insights.home.changes.bookingsMade'), count: c.bookingsMade.count, drill: c.bookingsMade.drill },
    {
      key: 'bookingsCancelled',
      label: t('insights.home.changes.bookingsCancelled'),
      count: c.bookingsCancelled.count,
      drill: c.bookingsCancelled.drill,
    },
    { key: 'roomVisits', label: t('insights.home.changes.roomVisits'), count: c.roomVisits.count, drill: c.roomVisits.drill },
  ]
  return (
    <Panel title={t('insights.home.changed')} subtitle={t('insights.home.changedText')}>
      <List disablePadding sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, columnGap: 3 }}>
        {items.map((item) => (
          <ListItem key={item.key} disablePadding divider>
            <ListItemButton
              onClick={() => open(item.label, item.drill)}
              disabled={item.count === 0}
              sx={{ px: 1, justifyContent: 'space-between', gap: 2 }}
            >
              <Typography variant="body2">{item.label}</Typography>
              <Typography variant="subtitle1" component="span" sx={{ textAlign: 'end' }}>
                {f.count(item.count)}
                {item.money && item.money.amounts.length > 0 && (
                  <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                    {item.money.amounts.map((a) => formatMoney(a.amount, a.currency, f.language)).join(' · ')}
                  </Typography>
                )}
              </Typography>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Panel>
  )
}

function RecordAmount({ record }: { record: InsightRecord }) {
  const { i18n } = useTranslation()
  if (record.amount === null || !record.currency) return null
  return (
    <Typography variant="subtitle2" sx={{ whiteSpace: 'nowrap', pt: 0.75 }}>
      {formatMoney(record.amount, record.currency, i18n.language)}
    </Typography>
  )
}

function Time({ iso, timeZone }: { iso: string; timeZone: string }) {
  const { i18n } = useTranslation()
  return <>{new Intl.DateTimeFormat(intlLocale(i18n.language), { timeStyle: 'short', timeZone }).format(new Date(iso))}</>
}

function Figure({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Card sx={{ minWidth: 0 }}>
      <Box
        component="button"
        type="button"
        onClick={onClick}
        sx={{
          all: 'unset',
          boxSizing: 'border-box',
          display: 'block',
          width: '100%',
          height: '100%',
          p: 2.5,
          cursor: 'pointer',
          '&:hover': { bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Typography variant="subtitle2" component="span" sx={{ color: 'text.secondary', display: 'block' }}>
          {label}
        </Typography>
        {typeof children === 'string' ? (
          <Typography variant="h3" component="span">
            {children}
          </Typography>
        ) : (
          children
        )}
        <Box component="span" sx={visuallyHidden}>
          {' '}
          {t('insights.kit.recordsHint')}
        </Box>
      </Box>
    </Card>
  )
}

function Panel({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Card component="section" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {subtitle}
      </Typography>
      {children}
    </Card>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return <Typography sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>{children}</Typography>
}

/** A hovered row's grey would fade its second line below a readable contrast: it darkens with it. */
const hoverReadable = { '& .MuiListItemButton-root:hover .MuiListItemText-secondary': { color: 'text.primary' } } as const
