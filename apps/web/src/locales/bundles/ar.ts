import { ar as agreements } from '../agreements/ar'
import { ar as apiKeys } from '../api-keys/ar'
import { ar as automations } from '../automations/ar'
import { ar as blog } from '../blog/ar'
import { ar as calendarApp } from '../booking/ar'
import { ar as chat } from '../chat/ar'
import { ar as exportsArea } from '../exports/ar'
import { ar as general } from '../general/ar'
import { ar as insights } from '../insights/ar'
import { ar as invoices } from '../invoices/ar'
import { ar as landingApp } from '../landing/editor/ar'
import { ar as onboarding } from '../landing/onboarding/ar'
import { ar as mail } from '../mail/ar'
import { ar as notifications } from '../notifications/ar'
import { ar as overview } from '../overview/ar'
import { ar as people } from '../people/ar'
import { ar as pipeline } from '../pipeline/ar'
import { ar as recordings } from '../recordings/ar'
import { ar as routing } from '../routing/ar'
import { ar as routingInsights } from '../routing-insights/ar'
import { ar as settings } from '../settings/ar'
import { ar as shell } from '../shell/ar'
import { ar as webhooks } from '../webhooks/ar'

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
