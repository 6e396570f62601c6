import { fr as calendarApp } from '../booking/fr'
import { fr as bookingPublic } from '../booking-public/fr'
import { fr as components } from '../components/fr'
import { fr as screens } from '../fr'
import { fr as general } from '../general/fr'
import { fr as overview } from '../overview/fr'
import { fr as people } from '../people/fr'
import { fr as settings } from '../settings/fr'
import { fr as shell } from '../shell/fr'

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
