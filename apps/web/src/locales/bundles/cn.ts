import { cn as agreements } from '../agreements/cn'
import { cn as apiKeys } from '../api-keys/cn'
import { cn as automations } from '../automations/cn'
import { cn as blog } from '../blog/cn'
import { cn as calendarApp } from '../booking/cn'
import { cn as chat } from '../chat/cn'
import { cn as exportsArea } from '../exports/cn'
import { cn as general } from '../general/cn'
import { cn as insights } from '../insights/cn'
import { cn as invoices } from '../invoices/cn'
import { cn as landingApp } from '../landing/editor/cn'
import { cn as onboarding } from '../landing/onboarding/cn'
import { cn as mail } from '../mail/cn'
import { cn as notifications } from '../notifications/cn'
import { cn as overview } from '../overview/cn'
import { cn as people } from '../people/cn'
import { cn as pipeline } from '../pipeline/cn'
import { cn as recordings } from '../recordings/cn'
import { cn as routing } from '../routing/cn'
import { cn as routingInsights } from '../routing-insights/cn'
import { cn as settings } from '../settings/cn'
import { cn as shell } from '../shell/cn'
import { cn as webhooks } from '../webhooks/cn'

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
