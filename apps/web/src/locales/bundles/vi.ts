import { vi as calendarApp } from '../booking/vi'
import { vi as bookingPublic } from '../booking-public/vi'
import { vi as components } from '../components/vi'
import { vi as general } from '../general/vi'
import { vi as overview } from '../overview/vi'
import { vi as people } from '../people/vi'
import { vi as settings } from '../settings/vi'
import { vi as shell } from '../shell/vi'
import { vi as screens } from '../vi'

/** Every text of the app in this language: one chunk, downloaded only by readers of it. */
export default {
  ...screens.translation,
  ...bookingPublic,
  ...shell,
  ...people,
  ...general,
  ...components,
  ...settings,
  ...overview,
  ...calendarApp,
}
