import { ar as screens } from '../ar'
import { ar as calendarApp } from '../booking/ar'
import { ar as bookingPublic } from '../booking-public/ar'
import { ar as components } from '../components/ar'
import { ar as general } from '../general/ar'
import { ar as overview } from '../overview/ar'
import { ar as people } from '../people/ar'
import { ar as settings } from '../settings/ar'
import { ar as shell } from '../shell/ar'

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
