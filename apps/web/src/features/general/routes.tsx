import type { RouteObject } from 'react-router'
import { lazyPage } from '../../app/lazyPage'

const PricingPage = lazyPage(() => import('./PricingPage'))
const PaymentPage = lazyPage(() => import('./PaymentPage'))
const AboutPage = lazyPage(() => import('./AboutPage'))
const ContactPage = lazyPage(() => import('./ContactPage'))
const FaqsPage = lazyPage(() => import('./FaqsPage'))
const ComingSoonPage = lazyPage(() => import('./ComingSoonPage'))
const MaintenancePage = lazyPage(() => import('./MaintenancePage'))

/** The public general pages: pricing, payment, about, contact, FAQ, coming soon and maintenance, none of them loading the signed-in app's code. */
export const generalRoutes: RouteObject[] = [
  { path: '/pricing', element: <PricingPage /> },
  { path: '/payment', element: <PaymentPage /> },
  { path: '/about-us', element: <AboutPage /> },
  { path: '/contact-us', element: <ContactPage /> },
  { path: '/faqs', element: <FaqsPage /> },
  { path: '/coming-soon', element: <ComingSoonPage /> },
  { path: '/maintenance', element: <MaintenancePage /> },
]
