import { SIGN_IN_WITH_ERRORS, type SignInProviderInfo, safeReturnPath } from '@closeroom/shared'
import GitHub from '@mui/icons-material/GitHub'
import Google from '@mui/icons-material/Google'
import KeyRounded from '@mui/icons-material/KeyRounded'
import X from '@mui/icons-material/X'
import { Alert, Button, Divider, Stack } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { API_URL, client, unwrap } from '../../lib/api'
import { useTranslation } from '../../locales/i18n'

export const signInProvidersQuery = {
  queryKey: ['auth', 'providers'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await unwrap(client.GET('/auth/providers', { signal }))).providers,
  staleTime: Number.POSITIVE_INFINITY,
}

const icons: Record<SignInProviderInfo['kind'], typeof Google> = { google: Google, github: GitHub, x: X, oidc: KeyRounded }

/**
 * Sign in with another account: `buttons` shows one per provider the server has configured (none, nothing);
 * `refusal` says why the last attempt came back refused (`?error=` from the server's callback).
 */
export default function SignInWith({ part }: { part: 'buttons' | 'refusal' }) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const { data: providers } = useQuery({ ...signInProvidersQuery, enabled: part === 'buttons' })

  if (part === 'refusal') {
    const error = params.get('error')
    if (!error || !(SIGN_IN_WITH_ERRORS as readonly string[]).includes(error)) return null
    return (
      <Alert severity="error" sx={{ mb: 3 }}>
        {t(`signInWith.errors.${error}`)}
      </Alert>
    )
  }
  if (!providers?.length) return null
  // The page the person was sent to sign in from: the server brings them back to it after the provider.
  const returnTo = safeReturnPath(params.get('returnTo'))
  const query = returnTo === '/' ? '' : `?returnTo=${encodeURIComponent(returnTo)}`
  return (
    <Stack spacing={1.5} sx={{ mt: 3 }}>
      <Divider sx={{ color: 'text.secondary', typography: 'body2' }}>{t('signInWith.or')}</Divider>
      {providers.map((provider) => {
        const Icon = icons[provider.kind]
        return (
          // A full page load: the server sends the browser on to the provider.
          <Button
            key={provider.id}
            href={`${API_URL}/auth/oauth/${provider.id}${query}`}
            variant="outlined"
            color="inherit"
            size="large"
            startIcon={<Icon />}
          >
            {t('signInWith.continueWith', { name: provider.name })}
          </Button>
        )
      })}
    </Stack>
  )
}
