import type { PublicRoutingForm } from '@closeroom/shared'
import { Box, Container, Typography } from '@mui/material'
import { lazy, useEffect } from 'react'
import { useParams } from 'react-router'
import { BrandedPage } from '../../components/public/BrandedPage'
import { ClientSuspense } from '../../components/public/ClientSuspense'
import { LoadFailed, Loading, NotFound } from '../../components/public/states'
import { surface } from '../../components/public/surface'
import { useRemote } from '../../components/public/useRemote'
import { useTranslation } from '../../locales/i18n'
import { routingPublicApi, routingPublicPaths } from './api'

// The form and its checks (the shared rules, libphonenumber) arrive with the page's words on screen (in a page the
// server rendered, once it is hydrated: the answers it prefills come from the address the browser has).
const RoutingForm = lazy(() => import('./RoutingForm'))

/** /f/:slug — a routing form in the organization's colours: a few questions, then the right next step. */
export default function RoutingPage() {
  const { slug = '' } = useParams()
  const form = useRemote(slug, (signal) => routingPublicApi.form(slug, signal), routingPublicPaths.form(slug))
  if (form.error?.code === 'not_found' || form.error?.code === 'invalid') return <NotFound />
  if (form.error) return <LoadFailed retry={form.reload} />
  if (!form.data) return <Loading />
  return <RoutingFormPage form={form.data} />
}

function RoutingFormPage({ form }: { form: PublicRoutingForm }) {
  const { t } = useTranslation()
  useEffect(() => {
    const before = document.title
    document.title = `${form.name} · ${form.organization.name}`
    return () => {
      document.title = before
    }
  }, [form.name, form.organization.name])

  return (
    <BrandedPage
      organization={form.organization}
      width="sm"
      footer={t('bookingPublic.poweredBy')}
      hero={
        <Box sx={{ pt: { xs: 3, md: 5 }, pb: { xs: 9, md: 11 } }}>
          <Typography variant="h3" component="h1" dir="auto" sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
            {form.name}
          </Typography>
          {form.description && (
            <Typography dir="auto" sx={{ mt: 1.5, opacity: 0.88, whiteSpace: 'pre-line', overflowWrap: 'anywhere', textAlign: 'left' }}>
              {form.description}
            </Typography>
          )}
        </Box>
      }
    >
      <Container component="main" maxWidth="sm" sx={{ flex: 1, px: { xs: 1.5, sm: 3 }, mt: { xs: -6, md: -8 }, pb: 5 }}>
        <Box sx={{ ...surface, p: { xs: 2.5, sm: 4 } }}>
          <ClientSuspense fallback={<Loading inline />}>
            <RoutingForm form={form} />
          </ClientSuspense>
        </Box>
      </Container>
    </BrandedPage>
  )
}
