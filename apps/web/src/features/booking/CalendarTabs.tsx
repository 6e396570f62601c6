import { Tab, Tabs } from '@mui/material'
import { Link, useLocation } from 'react-router'
import { useTranslation } from '../../locales/i18n'

/** Calendar | Event types: the two pages of the calendar area. */
export function CalendarTabs() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const current = pathname.startsWith('/calendar/event-types') ? 'event-types' : 'calendar'
  return (
    <Tabs value={current} aria-label={t('calendarApp.calendar.title')} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      <Tab value="calendar" label={t('calendarApp.tabs.calendar')} component={Link} to="/calendar" />
      <Tab value="event-types" label={t('calendarApp.tabs.eventTypes')} component={Link} to="/calendar/event-types" />
    </Tabs>
  )
}
