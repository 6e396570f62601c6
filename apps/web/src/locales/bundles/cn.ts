import { cn as calendarApp } from '../booking/cn'
import { cn as bookingPublic } from '../booking-public/cn'
import { cn as screens } from '../cn'
import { cn as components } from '../components/cn'
import { cn as general } from '../general/cn'
import { cn as overview } from '../overview/cn'
import { cn as people } from '../people/cn'
import { cn as settings } from '../settings/cn'
import { cn as shell } from '../shell/cn'

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
