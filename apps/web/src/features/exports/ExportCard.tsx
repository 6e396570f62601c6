import { can, type ExportStep, type OrganizationExport } from '@closeroom/shared'
import { Alert, Box, Button, Card, Chip, type ChipProps, LinearProgress, Skeleton, Stack, Typography } from '@mui/material'
import { useAuthContext } from '../../app/session'
import { serverErrorText } from '../../lib/errorText'
import { formatDate, formatDateTime, intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { downloadUrl, useExports, useExportsLive, useStartExport } from './queries'

const STATUS_COLORS: Record<OrganizationExport['status'], ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  ready: 'success',
  failed: 'error',
  expired: 'default',
}

/** A size as the reader writes it: 840 kB, 12.5 MB. */
function sizeText(bytes: number, language: string) {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(bytes / 1000, 1), 'kilobyte']
  return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, maximumFractionDigits: 1 }).format(value)
}

/** "Export your data" on /admin-settings/account: start an export, follow it live, download the archive. */
export function ExportCard() {
  const { t } = useTranslation()
  const { user } = useAuthContext()
  const exports = useExports()
  const start = useStartExport()
  useExportsLive()
  if (!can(user, 'exports.manage')) return null
  const active = exports.data?.some((e) => e.status === 'queued' || e.status === 'running') ?? false

  return (
    <Card component="section" aria-labelledby="export-title" sx={{ p: 3, maxWidth: 720, mt: 3 }}>
      <Typography id="export-title" variant="h6" component="h2">
        {t('exports.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('exports.intro')}</Typography>
      {start.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {serverErrorText(t, start.error)}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 2 }}>
        <Button variant="contained" onClick={() => start.mutate()} loading={start.isPending} disabled={active || !exports.data}>
          {t('exports.start')}
        </Button>
      </Stack>
      {exports.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {serverErrorText(t, exports.error)}
        </Alert>
      )}
      {exports.isPending && <Skeleton variant="rounded" height={72} sx={{ mt: 3 }} />}
      {exports.data && exports.data.length > 0 && (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, mt: 3 }} aria-label={t('exports.listLabel')}>
          {exports.data.map((entry) => (
            <ExportEntry key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
    </Card>
  )
}

function ExportEntry({ entry }: { entry: OrganizationExport }) {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const { done, total, step } = entry.progress
  const requested = entry.requestedBy
    ? t('exports.requestedBy', { name: entry.requestedBy.name, time: formatDateTime(entry.createdAt, language) })
    : t('exports.requestedAt', { time: formatDateTime(entry.createdAt, language) })

  return (
    <Box component="li" data-testid="organization-export" sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Chip size="small" color={STATUS_COLORS[entry.status]} label={t(`exports.status.${entry.status}`)} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {requested}
          </Typography>
        </Stack>
        {entry.status === 'ready' && (
          <Button variant="outlined" href={downloadUrl(entry.id)} download sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
            {t('exports.download')}
          </Button>
        )}
      </Stack>
      {entry.status === 'queued' && (
        <Box sx={{ mt: 1.5 }}>
          <LinearProgress aria-label={t('exports.waiting')} />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('exports.waiting')}
          </Typography>
        </Box>
      )}
      {entry.status === 'running' && (
        <Box sx={{ mt: 1.5 }}>
          <LinearProgress variant="determinate" value={total ? (done / total) * 100 : 0} aria-label={t('exports.progressLabel')} />
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="export-step">
            {t('exports.step', { n: done + 1, total, step: step ? t(`exports.steps.${step satisfies ExportStep}`) : '' })}
          </Typography>
        </Box>
      )}
      {entry.status === 'ready' && entry.expiresAt && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('exports.readyText', { size: sizeText(entry.size ?? 0, language), date: formatDate(entry.expiresAt, language) })}
        </Typography>
      )}
      {entry.status === 'expired' && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {t('exports.expiredText', { date: formatDate(entry.expiresAt ?? entry.createdAt, language) })}
        </Typography>
      )}
      {entry.status === 'failed' && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {t(`exports.errors.${entry.error ?? 'build_failed'}`)}
        </Alert>
      )}
    </Box>
  )
}
