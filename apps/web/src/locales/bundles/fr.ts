import { fr as agreements } from '../agreements/fr'
import { fr as apiKeys } from '../api-keys/fr'
import { fr as automations } from '../automations/fr'
import { fr as blog } from '../blog/fr'
import { fr as calendarApp } from '../booking/fr'
import { fr as chat } from '../chat/fr'
import { fr as exportsArea } from '../exports/fr'
import { fr as general } from '../general/fr'
import { fr as insights } from '../insights/fr'
import { fr as invoices } from '../invoices/fr'
import { fr as landingApp } from '../landing/editor/fr'
import { fr as onboarding } from '../landing/onboarding/fr'
import { fr as mail } from '../mail/fr'
import { fr as notifications } from '../notifications/fr'
import { fr as overview } from '../overview/fr'
import { fr as people } from '../people/fr'
import { fr as pipeline } from '../pipeline/fr'
import { fr as recordings } from '../recordings/fr'
import { fr as routing } from '../routing/fr'
import { fr as routingInsights } from '../routing-insights/fr'
import { fr as settings } from '../settings/fr'
import { fr as shell } from '../shell/fr'
import { fr as webhooks } from '../webhooks/fr'

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
