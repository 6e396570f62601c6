// Calendars: the ICS files invitations carry. Other modules use only this file.
export { bookingCalendar } from './ics.ts'
