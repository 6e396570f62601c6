import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'

type Load = () => Promise<{ default: ComponentType }>

// Each page is its own chunk, and none of them loads the signed-in app's code.
const page = (load: Load) => async () => ({ Component: (await load()).default })

/** The public general pages: pricing, payment, about, contact, FAQ, coming soon and maintenance. */
export const generalRoutes: RouteObject[] = [
  { path: '/pricing', lazy: page(() => import('./PricingPage')) },
  { path: '/payment', lazy: page(() => import('./PaymentPage')) },
  { path: '/about-us', lazy: page(() => import('./AboutPage')) },
  { path: '/contact-us', lazy: page(() => import('./ContactPage')) },
  { path: '/faqs', lazy: page(() => import('./FaqsPage')) },
  { path: '/coming-soon', lazy: page(() => import('./ComingSoonPage')) },
  { path: '/maintenance', lazy: page(() => import('./MaintenancePage')) },
]
