import { en as agreements } from '../agreements/en'
import { en as apiKeys } from '../api-keys/en'
import { en as automations } from '../automations/en'
import { en as blog } from '../blog/en'
import { en as calendarApp } from '../booking/en'
import { en as chat } from '../chat/en'
import { en as exportsArea } from '../exports/en'
import { en as general } from '../general/en'
import { en as insights } from '../insights/en'
import { en as invoices } from '../invoices/en'
import { en as landingApp } from '../landing/editor/en'
import { en as onboarding } from '../landing/onboarding/en'
import { en as mail } from '../mail/en'
import { en as notifications } from '../notifications/en'
import { en as overview } from '../overview/en'
import { en as people } from '../people/en'
import { en as pipeline } from '../pipeline/en'
import { en as recordings } from '../recordings/en'
import { en as routing } from '../routing/en'
import { en as routingInsights } from '../routing-insights/en'
import { en as settings } from '../settings/en'
import { en as shell } from '../shell/en'
import { en as webhooks } from '../webhooks/en'

/**
 * The signed-in app's texts in this language, one chunk downloaded only by readers of it. The areas a page
 * without a session loads on its own (the screens', the booking pages', the components') are chunks apart:
 * see ../i18n.ts.
 */
export default {
  ...shell,
  ...people,
  ...notifications,
  ...general,
  ...settings,
  ...apiKeys,
  ...overview,
  ...calendarApp,
  ...pipeline,
  ...landingApp,
  ...onboarding,
  ...automations,
  ...recordings,
  ...agreements,
  ...invoices,
  ...mail,
  ...routing,
  ...routingInsights,
  ...insights,
  ...chat,
  ...blog,
  ...webhooks,
  ...exportsArea,
}
