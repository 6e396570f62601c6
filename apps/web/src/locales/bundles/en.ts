import { en as calendarApp } from '../booking/en'
import { en as bookingPublic } from '../booking-public/en'
import { en as components } from '../components/en'
import { en as screens } from '../en'
import { en as general } from '../general/en'
import { en as overview } from '../overview/en'
import { en as people } from '../people/en'
import { en as settings } from '../settings/en'
import { en as shell } from '../shell/en'

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
