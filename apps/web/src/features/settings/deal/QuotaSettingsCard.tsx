import { CreateQuota, QUOTA_PERIODS, type Quota } from '@closeroom/shared'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import {
  Button,
  Card,
  IconButton,
  ListSubheader,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { useMemo, useState } from 'react'
import { FormError } from '../../../components/FormError'
import { toMajor, toMinor } from '../../../components/money/money'
import { intlLocale } from '../../../lib/intl'
import { useTranslation } from '../../../locales/i18n'
import { useCurrencySettings, useQuotaMutations, useQuotas } from '../../insights/queries'
import { useTeams } from '../../teams/queries'
import { useUsers } from '../../users/queries'
import { CurrencyField } from './CurrencyField'

type Draft = { subject: string; period: Quota['period']; month: string; quarter: string; year: string; amount: string; currency: string }

const thisYear = new Date().getFullYear()

/** Quotas per member or team, per month or quarter: what the revenue dashboard measures won deals against. */
export function QuotaSettingsCard() {
  const { t, i18n } = useTranslation()
  const quotas = useQuotas({})
  const users = useUsers()
  const teams = useTeams()
  const currency = useCurrencySettings()
  const mutations = useQuotaMutations()
  const { enqueueSnackbar } = useSnackbar()
  const [draft, setDraft] = useState<Draft>({
    subject: '',
    period: 'quarter',
    month: `${thisYear}-${String(new Date().getMonth() + 1).padStart(2, '0')}`,
    quarter: String(Math.floor(new Date().getMonth() / 3) + 1),
    year: String(thisYear),
    amount: '',
    currency: '',
  })
  const [issues, setIssues] = useState<Record<string, string>>({})
  const quotaCurrency = draft.currency || currency.data?.reportingCurrency || 'EUR'

  const monthName = useMemo(
    () => new Intl.DateTimeFormat(intlLocale(i18n.language), { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    [i18n.language],
  )
  const periodName = (quota: Quota) =>
    quota.period === 'month'
      ? monthName.format(new Date(`${quota.start}T00:00:00Z`))
      : t('insights.revenue.quarter', { quarter: Math.floor(Number(quota.start.slice(5, 7)) / 3) + 1, year: quota.start.slice(0, 4) })

  function add() {
    const [kind, id] = draft.subject.split(':')
    const start =
      draft.period === 'month' ? `${draft.month}-01` : `${draft.year}-${String((Number(draft.quarter) - 1) * 3 + 1).padStart(2, '0')}-01`
    const amount = toMinor(draft.amount, quotaCurrency)
    const found: Record<string, string> = {}
    if (!draft.subject) found.subject = t('insights.settings.quotaSubjectMissing')
    if (amount === null || draft.amount.trim() === '') found.amount = t('insights.settings.quotaAmountInvalid')
    const body = {
      userId: kind === 'member' ? (id ?? null) : null,
      teamId: kind === 'team' ? (id ?? null) : null,
      period: draft.period,
      start,
      amount: amount ?? 0,
      currency: quotaCurrency,
    }
    const parsed = CreateQuota.safeParse(body)
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'userId' || issue.path[0] === 'teamId' ? 'subject' : String(issue.path[0])
        found[field] ??= issue.message
      }
    setIssues(found)
    if (Object.keys(found).length > 0) return
    mutations.create.mutate(body, {
      onSuccess: () => {
        setDraft((d) => ({ ...d, amount: '' }))
        enqueueSnackbar(t('insights.settings.quotaAdded'), { variant: 'success' })
      },
    })
  }

  const members = (users.data ?? []).filter((u) => u.status === 'active')
  return (
    <Card component="section" aria-labelledby="quota-settings" sx={{ p: 3, maxWidth: 760 }}>
      <Typography id="quota-settings" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('insights.settings.quotas')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('insights.settings.quotasText')}
      </Typography>
      <FormError error={mutations.create.error ?? mutations.update.error ?? mutations.remove.error} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 3 }}>
        <TextField
          select
          size="small"
          label={t('insights.settings.quotaFor')}
          value={draft.subject}
          onChange={(event) => setDraft({ ...draft, subject: event.target.value })}
          error={!!issues.subject}
          helperText={issues.subject ?? ' '}
          sx={{ minWidth: 200, flex: 2 }}
        >
          {(teams.data ?? []).length > 0 && <ListSubheader>{t('insights.kit.scopes.teams')}</ListSubheader>}
          {(teams.data ?? []).map((team) => (
            <MenuItem key={team.id} value={`team:${team.id}`}>
              {team.name}
            </MenuItem>
          ))}
          <ListSubheader>{t('insights.kit.scopes.members')}</ListSubheader>
          {members.map((member) => (
            <MenuItem key={member.id} value={`member:${member.id}`}>
              {member.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('insights.settings.quotaPeriod')}
          value={draft.period}
          onChange={(event) => setDraft({ ...draft, period: event.target.value as Quota['period'] })}
          helperText=" "
          sx={{ minWidth: 130, flex: 1 }}
        >
          {QUOTA_PERIODS.map((period) => (
            <MenuItem key={period} value={period}>
              {t(`insights.settings.periods.${period}`)}
            </MenuItem>
          ))}
        </TextField>
        {draft.period === 'month' ? (
          <TextField
            size="small"
            type="month"
            label={t('insights.settings.month')}
            value={draft.month}
            onChange={(event) => setDraft({ ...draft, month: event.target.value })}
            error={!!issues.start}
            helperText={issues.start ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ minWidth: 170, flex: 1 }}
          />
        ) : (
          <Stack direction="row" sx={{ gap: 2, flex: 1 }}>
            <TextField
              select
              size="small"
              label={t('insights.settings.quarter')}
              value={draft.quarter}
              onChange={(event) => setDraft({ ...draft, quarter: event.target.value })}
              helperText={issues.start ?? ' '}
              error={!!issues.start}
              sx={{ minWidth: 80 }}
            >
              {['1', '2', '3', '4'].map((q) => (
                <MenuItem key={q} value={q}>
                  {t('insights.settings.quarterName', { quarter: q })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="number"
              label={t('insights.settings.year')}
              value={draft.year}
              onChange={(event) => setDraft({ ...draft, year: event.target.value })}
              helperText=" "
              slotProps={{ htmlInput: { min: 2000, max: 2100 } }}
              sx={{ width: 100 }}
            />
          </Stack>
        )}
        <TextField
          size="small"
          label={t('insights.settings.amount')}
          value={draft.amount}
          onChange={(event) => setDraft({ ...draft, amount: event.target.value })}
          error={!!issues.amount}
          helperText={issues.amount ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ minWidth: 140, flex: 1 }}
        />
        <CurrencyField
          label={t('insights.settings.currency')}
          value={quotaCurrency}
          onChange={(value) => setDraft({ ...draft, currency: value })}
          error={issues.currency}
        />
        <Button variant="contained" onClick={add} disabled={mutations.create.isPending} sx={{ mt: 0.25 }}>
          {t('insights.settings.addQuota')}
        </Button>
      </Stack>
      {!quotas.data ? (
        <Skeleton variant="rounded" height={120} />
      ) : quotas.data.quotas.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('insights.settings.noQuotas')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="quota-settings">
            <TableHead>
              <TableRow>
                <TableCell>{t('insights.settings.quotaFor')}</TableCell>
                <TableCell>{t('insights.settings.quotaPeriod')}</TableCell>
                <TableCell align="right">{t('insights.settings.amount')}</TableCell>
                <TableCell align="right">
                  <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    {t('insights.settings.remove')}
                  </span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {quotas.data.quotas.map((quota) => (
                <TableRow key={quota.id}>
                  <TableCell>
                    <bdi>{quota.subject.name}</bdi>
                  </TableCell>
                  <TableCell>{periodName(quota)}</TableCell>
                  <TableCell align="right">
                    <QuotaAmount
                      quota={quota}
                      label={t('insights.settings.amountOf', { name: quota.subject.name, period: periodName(quota) })}
                      onSave={(amount) => mutations.update.mutate({ id: quota.id, amount })}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <IconButton
                      aria-label={t('insights.settings.removeQuota', { name: quota.subject.name, period: periodName(quota) })}
                      onClick={() => mutations.remove.mutate(quota.id)}
                    >
                      <DeleteOutlineRounded />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  )
}

function QuotaAmount({ quota, label, onSave }: { quota: Quota; label: string; onSave: (amount: number) => void }) {
  const { t } = useTranslation()
  const [value, setValue] = useState(String(toMajor(quota.amount, quota.currency)))
  const minor = toMinor(value, quota.currency)
  const invalid = minor === null || value.trim() === ''
  const commit = () => {
    if (!invalid && minor !== quota.amount) onSave(minor)
  }
  return (
    <TextField
      size="small"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && commit()}
      error={invalid}
      helperText={invalid ? t('insights.settings.quotaAmountInvalid') : undefined}
      slotProps={{ htmlInput: { 'aria-label': label, inputMode: 'decimal' }, input: { endAdornment: quota.currency } }}
      sx={{ width: 170 }}
    />
  )
}
