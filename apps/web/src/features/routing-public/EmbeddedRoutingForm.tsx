import type { EmbeddedRoutingForm as Embed } from '@closeroom/shared'
import { Alert, Button, Typography } from '@mui/material'
import { lazy, Suspense } from 'react'
import { Loading } from '../../components/public/states'
import { useRemote } from '../../components/public/useRemote'
import { useTranslation } from '../../locales/i18n'
import { routingPublicApi } from './api'

const RoutingForm = lazy(() => import('./RoutingForm'))

/**
 * A routing form inside another public page (a landing page, a product room), under the page's own heading:
 * the form's description, then the same form as /f/{slug}. A form gone meanwhile leaves nothing behind.
 */
export default function EmbeddedRoutingForm({ embed }: { embed: Embed }) {
  const { t } = useTranslation()
  const form = useRemote(embed.slug, (signal) => routingPublicApi.form(embed.slug, signal))
  if (form.error?.code === 'not_found') return null
  if (form.error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={form.reload}>
            {t('bookingPublic.profile.retry')}
          </Button>
        }
      >
        {t('bookingPublic.profile.loadError')}
      </Alert>
    )
  if (!form.data) return <Loading inline />
  return (
    <>
      <Typography dir="auto" sx={{ color: 'text.secondary', mb: 3, whiteSpace: 'pre-line', overflowWrap: 'anywhere', textAlign: 'left' }}>
        {form.data.description || t('routingPublic.embedText')}
      </Typography>
      <Suspense fallback={<Loading inline />}>
        <RoutingForm form={form.data} />
      </Suspense>
    </>
  )
}
