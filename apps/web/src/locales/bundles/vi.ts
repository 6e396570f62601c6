import { vi as agreements } from '../agreements/vi'
import { vi as apiKeys } from '../api-keys/vi'
import { vi as automations } from '../automations/vi'
import { vi as blog } from '../blog/vi'
import { vi as calendarApp } from '../booking/vi'
import { vi as chat } from '../chat/vi'
import { vi as exportsArea } from '../exports/vi'
import { vi as general } from '../general/vi'
import { vi as insights } from '../insights/vi'
import { vi as invoices } from '../invoices/vi'
import { vi as landingApp } from '../landing/editor/vi'
import { vi as onboarding } from '../landing/onboarding/vi'
import { vi as mail } from '../mail/vi'
import { vi as notifications } from '../notifications/vi'
import { vi as overview } from '../overview/vi'
import { vi as people } from '../people/vi'
import { vi as pipeline } from '../pipeline/vi'
import { vi as recordings } from '../recordings/vi'
import { vi as routing } from '../routing/vi'
import { vi as routingInsights } from '../routing-insights/vi'
import { vi as settings } from '../settings/vi'
import { vi as shell } from '../shell/vi'
import { vi as webhooks } from '../webhooks/vi'

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
