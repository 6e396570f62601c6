import type { DatesSetArg, EventClickArg, EventInput, LocaleInput } from '@fullcalendar/core'
import arLocale from '@fullcalendar/core/locales/ar'
import frLocale from '@fullcalendar/core/locales/fr'
import viLocale from '@fullcalendar/core/locales/vi'
import zhLocale from '@fullcalendar/core/locales/zh-cn'
import dayGridPlugin from '@fullcalendar/daygrid'
import listPlugin from '@fullcalendar/list'
import FullCalendar from '@fullcalendar/react'
import timeGridPlugin from '@fullcalendar/timegrid'
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded'
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded'
import { Alert, Box, Button, Card, IconButton, LinearProgress, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import { alpha, useTheme } from '@mui/material/styles'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { CalendarTabs } from '../booking/CalendarTabs'
import { BookingDrawer } from './BookingDrawer'
import { type BookingRange, useBooking, useBookings } from './queries'
import { useBookingNotifications } from './useBookingNotifications'

const VIEWS = { month: 'dayGridMonth', week: 'timeGridWeek', day: 'timeGridDay', list: 'listWeek' } as const
type ViewName = keyof typeof VIEWS

const locales: Record<string, LocaleInput | undefined> = { fr: frLocale, vi: viLocale, cn: zhLocale, ar: arLocale }

/** /calendar: the caller's meetings as a host, month, week, day or list; buyers' bookings arrive live. */
export default function CalendarPage() {
  const { t, i18n } = useTranslation()
  const theme = useTheme()
  const calendar = useRef<FullCalendar>(null)
  const [view, setView] = useState<ViewName>('month')
  const [range, setRange] = useState<BookingRange | null>(null)
  const [title, setTitle] = useState('')
  const [openId, setOpenId] = useState<string | null>(null)
  const bookings = useBookings(range)
  useBookingNotifications()
  // /calendar?booking={id} (a dashboard's records link here): the calendar goes to that booking's date and opens it.
  const [params, setParams] = useSearchParams()
  const linkedId = params.get('booking')
  const linked = useBooking(linkedId)
  useEffect(() => {
    if (!linked.data) return
    calendar.current?.getApi().gotoDate(linked.data.start)
    setOpenId(linked.data.id)
  }, [linked.data])

  const events = useMemo<EventInput[]>(
    () =>
      (bookings.data ?? []).map((booking) => ({
        id: booking.id,
        title: `${booking.attendee.name} · ${booking.title}`,
        start: booking.start,
        end: booking.end,
        classNames: [`booking-${booking.status}`],
      })),
    [bookings.data],
  )
  // A linked booking may be a colleague's (an admin drilling into everyone's figures), so not in this calendar's list.
  const open = bookings.data?.find((b) => b.id === openId) ?? (linked.data?.id === openId ? linked.data : null)

  const api = () => calendar.current?.getApi()
  const rtl = theme.direction === 'rtl'
  const { palette } = theme

  function onDatesSet(arg: DatesSetArg) {
    setTitle(arg.view.title)
    setRange((current) =>
      current?.from === arg.start.toISOString() && current.to === arg.end.toISOString()
        ? current
        : { from: arg.start.toISOString(), to: arg.end.toISOString() },
    )
  }

  return (
    <>
      <PageHeader title={t('calendarApp.calendar.title')} />
      <CalendarTabs />
      {bookings.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverErrorText(t, bookings.error)}
        </Alert>
      )}
      {linked.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {serverErrorText(t, linked.error)}
        </Alert>
      )}
      <Card sx={{ p: { xs: 1.5, md: 2.5 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
          <Button variant="outlined" color="inherit" size="small" onClick={() => api()?.today()}>
            {t('calendarApp.calendar.today')}
          </Button>
          <Stack direction="row">
            <IconButton aria-label={t('calendarApp.calendar.previous')} onClick={() => api()?.prev()}>
              {rtl ? <ChevronRightRounded /> : <ChevronLeftRounded />}
            </IconButton>
            <IconButton aria-label={t('calendarApp.calendar.next')} onClick={() => api()?.next()}>
              {rtl ? <ChevronLeftRounded /> : <ChevronRightRounded />}
            </IconButton>
          </Stack>
          <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 160 }} aria-live="polite">
            {title}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            aria-label={t('calendarApp.calendar.viewLabel')}
            onChange={(_, next: ViewName | null) => {
              if (!next) return
              setView(next)
              api()?.changeView(VIEWS[next])
              // The time grid opens at the working day rather than at midnight.
              if (next === 'week' || next === 'day') requestAnimationFrame(() => api()?.scrollToTime('08:00:00'))
            }}
          >
            {(Object.keys(VIEWS) as ViewName[]).map((name) => (
              <ToggleButton key={name} value={name} sx={{ px: 2 }}>
                {t(`calendarApp.calendar.views.${name}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        <Box sx={{ height: 4, mb: 1 }}>{bookings.isFetching && <LinearProgress aria-hidden />}</Box>
        <Box
          sx={{
            '--fc-border-color': palette.divider,
            '--fc-page-bg-color': palette.background.paper,
            '--fc-neutral-bg-color': palette.action.hover,
            '--fc-list-event-hover-bg-color': palette.action.hover,
            '--fc-today-bg-color': alpha(palette.primary.main, 0.08),
            '--fc-event-bg-color': palette.primary.main,
            '--fc-event-border-color': palette.primary.main,
            '--fc-event-text-color': palette.primary.contrastText,
            '--fc-now-indicator-color': palette.error.main,
            '& .fc': { fontFamily: theme.typography.fontFamily, fontSize: 14 },
            '& .fc a': { color: 'inherit', textDecoration: 'none' },
            '& .fc .fc-col-header-cell-cushion, & .fc .fc-list-day-text, & .fc .fc-list-day-side-text': { fontWeight: 600 },
            '& .fc .fc-daygrid-day-number': { color: 'text.secondary', p: 0.75 },
            '& .fc .fc-day-today .fc-daygrid-day-number': { color: 'primary.main', fontWeight: 700 },
            // FullCalendar fades other months' days to 30 %, which no one can read: a tint says it instead.
            '& .fc .fc-day-other': { bgcolor: alpha(palette.grey[500], 0.04) },
            '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1 },
            '& .fc .fc-event': { cursor: 'pointer', borderRadius: 0.75, px: 0.5 },
            '& .fc .fc-list-event': { cursor: 'pointer' },
            '& .fc .booking-pending:not(.fc-list-event)': {
              bgcolor: alpha(palette.warning.main, 0.14),
              borderColor: palette.warning.main,
              borderStyle: 'dashed',
              borderWidth: 2,
              '& .fc-event-main, & .fc-event-title, & .fc-event-time': { color: 'text.primary' },
            },
            '& .fc .booking-pending .fc-list-event-dot': { borderColor: palette.warning.main, borderStyle: 'dashed' },
            '& .fc .booking-cancelled, & .fc .booking-declined': {
              '&:not(.fc-list-event)': { bgcolor: palette.action.disabledBackground, borderColor: palette.action.disabled },
              '& .fc-event-main, & .fc-event-title, & .fc-event-time, & .fc-list-event-title': {
                color: 'text.secondary',
                textDecoration: 'line-through',
              },
              '& .fc-list-event-dot': { borderColor: palette.action.disabled },
            },
            '& .fc .fc-list-empty': { bgcolor: 'transparent', color: 'text.secondary' },
            '& .fc .fc-timegrid-slot': { height: 36 },
          }}
        >
          <FullCalendar
            ref={calendar}
            plugins={[dayGridPlugin, timeGridPlugin, listPlugin]}
            initialView={VIEWS[view]}
            headerToolbar={false}
            locale={locales[i18n.language] ?? 'en'}
            direction={rtl ? 'rtl' : 'ltr'}
            height={view === 'week' || view === 'day' ? 720 : 'auto'}
            allDaySlot={false}
            events={events}
            eventDisplay="block"
            dayMaxEvents={4}
            nowIndicator
            scrollTime="08:00:00"
            noEventsText={t('calendarApp.calendar.noBookings')}
            eventClick={(arg: EventClickArg) => {
              arg.jsEvent.preventDefault()
              setOpenId(arg.event.id)
            }}
            eventDidMount={(arg) => {
              // Keyboard users reach every meeting with Tab and open it with Enter.
              const { id, classNames } = arg.event
              arg.el.setAttribute('tabindex', '0')
              arg.el.setAttribute('role', 'button')
              if (classNames.includes('booking-pending')) arg.el.setAttribute('title', t('calendarApp.calendar.pending'))
              arg.el.addEventListener('keydown', (event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault()
                  setOpenId(id)
                }
              })
            }}
            datesSet={onDatesSet}
            // A month cell is named by its full date, but shows the day's number and its meetings: let it read as shown.
            dayCellDidMount={(arg) => arg.el.removeAttribute('aria-labelledby')}
          />
        </Box>
        <Stack direction="row" sx={{ gap: 2.5, mt: 2, flexWrap: 'wrap', color: 'text.secondary', typography: 'body2' }}>
          <Legend sx={{ bgcolor: 'primary.main', borderColor: 'primary.main' }} label={t('calendarApp.calendar.legendAccepted')} />
          <Legend
            sx={{ bgcolor: alpha(palette.warning.main, 0.14), borderColor: 'warning.main', borderStyle: 'dashed' }}
            label={t('calendarApp.calendar.legendPending')}
          />
          <Legend
            sx={{ bgcolor: 'action.disabledBackground', borderColor: 'action.disabled' }}
            label={t('calendarApp.calendar.legendCancelled')}
          />
        </Stack>
      </Card>
      <BookingDrawer
        booking={open}
        onClose={() => {
          setOpenId(null)
          if (linkedId)
            setParams(
              (current) => {
                const next = new URLSearchParams(current)
                next.delete('booking')
                return next
              },
              { replace: true },
            )
        }}
      />
    </>
  )
}

function Legend({ label, sx }: { label: string; sx: object }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <Box sx={{ width: 14, height: 14, borderRadius: 0.5, border: 2, ...sx }} />
      {label}
    </Stack>
  )
}
