import { type LinkedIdentity, SIGN_IN_WITH_ERRORS, type SignInProviderInfo } from '@closeroom/shared'
import { Alert, Button, Card, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { API_URL } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { signInProvidersQuery } from '../auth/SignInWith'
import { useIdentities, useUnlinkIdentity } from './queries'

const HERE = '/settings/change-password'

/**
 * The accounts at other providers (Google, GitHub, X, the organization's single sign-on) that sign the member in:
 * link one (a round trip to the provider, back here with `?linked=` or `?error=`), or unlink one. Shown only on a
 * server that offers a provider, or to a member with a link left from one it no longer offers.
 */
export default function LinkedAccountsCard() {
  const { t, i18n } = useTranslation()
  const providers = useQuery(signInProvidersQuery)
  const identities = useIdentities()
  const unlink = useUnlinkIdentity()
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null)
  const [params, setParams] = useSearchParams()
  // The provider's answer is read once, then taken off the address so a reload does not say it again.
  const outcome = useRef({ linked: params.get('linked'), error: params.get('error') }).current
  useEffect(() => {
    if (outcome.linked || outcome.error) setParams({}, { replace: true })
  }, [outcome, setParams])

  const linked = identities.data?.identities ?? []
  const offered = providers.data ?? []
  if (!identities.isError && (!identities.data || !providers.data))
    return <Skeleton variant="rounded" height={160} aria-label={t('settingsPages.linked.title')} />
  if (offered.length === 0 && linked.length === 0) return null

  const nameOf = (id: string) => offered.find((p) => p.id === id)?.name ?? id
  const knownError = outcome.error && (SIGN_IN_WITH_ERRORS as readonly string[]).includes(outcome.error) ? outcome.error : null
  const rows: { provider: SignInProviderInfo | null; identity: LinkedIdentity | null; key: string }[] = [
    ...linked.map((identity) => ({ key: identity.id, identity, provider: offered.find((p) => p.id === identity.provider) ?? null })),
    ...offered.filter((p) => !linked.some((i) => i.provider === p.id)).map((provider) => ({ key: provider.id, provider, identity: null })),
  ]

  return (
    <Card component="section" aria-labelledby="linked-accounts-title" sx={{ p: 3 }}>
      <Typography id="linked-accounts-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('settingsPages.linked.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('settingsPages.linked.text')}</Typography>
      {outcome.linked && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('settingsPages.linked.done', { name: nameOf(outcome.linked) })}
        </Alert>
      )}
      {knownError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(`signInWith.errors.${knownError}`)}
        </Alert>
      )}
      {identities.isError && <Alert severity="error">{serverErrorText(t, identities.error)}</Alert>}
      <List aria-labelledby="linked-accounts-title">
        {rows.map(({ key, provider, identity }) => (
          <ListItem
            key={key}
            divider
            secondaryAction={
              identity ? (
                <Button size="small" color="inherit" onClick={() => setUnlinking(identity)}>
                  {t('settingsPages.linked.unlink')}
                </Button>
              ) : (
                // A full page load: the server sends the browser on to the provider and it comes back here.
                <Button size="small" variant="outlined" href={`${API_URL}/auth/oauth/${key}?link=1&returnTo=${encodeURIComponent(HERE)}`}>
                  {t('settingsPages.linked.link')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={provider?.name ?? identity?.provider}
              secondary={
                identity
                  ? [
                      identity.email,
                      t('settingsPages.linked.since', { date: formatDateTime(identity.createdAt, i18n.language) }),
                      provider ? null : t('settingsPages.linked.notOffered'),
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  : t('settingsPages.linked.notLinked')
              }
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={unlinking !== null}
        title={t('settingsPages.linked.confirmTitle', { name: unlinking ? nameOf(unlinking.provider) : '' })}
        text={t('settingsPages.linked.confirmText')}
        confirmLabel={t('settingsPages.linked.unlink')}
        cancelLabel={t('settingsPages.linked.cancel')}
        color="warning"
        pending={unlink.isPending}
        error={unlink.error}
        onConfirm={() => unlinking && unlink.mutate(unlinking.id, { onSuccess: () => setUnlinking(null) })}
        onClose={() => {
          setUnlinking(null)
          unlink.reset()
        }}
      />
    </Card>
  )
}
