import { FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { isIsoDate, PERIOD_PRESETS, type Period, type PeriodPreset, periodOf, presetOf, presetPeriod, previousPeriod } from './period'

export type PeriodState = {
  period: Period
  /** The period before, when the reader compares. */
  previous: Period | null
  timeZone: string
  setPeriod(period: Period): void
  setCompare(compare: boolean): void
}

/** The period a dashboard shows, kept in the address (`from`, `to`, `compare`) so a link shows the same figures. */
export function usePeriod(timeZone: string, fallback?: PeriodPreset): PeriodState {
  const [params, setParams] = useSearchParams()
  const period = useMemo(() => periodOf(params, timeZone, Date.now(), fallback), [params, timeZone, fallback])
  const compare = params.get('compare') !== '0'
  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          change(next)
          return next
        },
        { replace: true },
      ),
    [setParams],
  )
  return {
    period,
    previous: compare ? previousPeriod(period) : null,
    timeZone,
    setPeriod: useCallback(
      (next: Period) =>
        update((p) => {
          p.set('from', next.from)
          p.set('to', next.to)
        }),
      [update],
    ),
    setCompare: useCallback((next: boolean) => update((p) => (next ? p.delete('compare') : p.set('compare', '0'))), [update]),
  }
}

/** Two calendar dates as the reader writes them: "1–30 Nov 2026". */
export function formatPeriod(period: Period, language: string): string {
  const format = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' })
  return format.formatRange(new Date(`${period.from}T00:00:00Z`), new Date(`${period.to}T00:00:00Z`))
}

/** The period picker above a dashboard: presets, two dates, and a switch to compare with the period before. */
export function PeriodBar({ state }: { state: PeriodState }) {
  const { t, i18n } = useTranslation()
  const { period, previous, timeZone } = state
  const preset = presetOf(period, timeZone)
  const setDate = (end: 'from' | 'to', value: string) => {
    if (!isIsoDate(value)) return
    const next = { ...period, [end]: value }
    state.setPeriod(next.from <= next.to ? next : { from: next.to, to: next.from })
  }
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      sx={{ gap: 2, alignItems: { xs: 'stretch', md: 'center' }, flexWrap: 'wrap' }}
      role="group"
      aria-label={t('insights.kit.period')}
    >
      <TextField
        select
        size="small"
        label={t('insights.kit.period')}
        value={preset ?? 'custom'}
        onChange={(event) => {
          const value = event.target.value as PeriodPreset | 'custom'
          if (value !== 'custom') state.setPeriod(presetPeriod(value, timeZone))
        }}
        sx={{ minWidth: 180 }}
      >
        {PERIOD_PRESETS.map((id) => (
          <MenuItem key={id} value={id}>
            {t(`insights.kit.presets.${id}`)}
          </MenuItem>
        ))}
        <MenuItem value="custom" disabled={preset !== null}>
          {t('insights.kit.presets.custom')}
        </MenuItem>
      </TextField>
      <Stack direction="row" sx={{ gap: 2 }}>
        <TextField
          size="small"
          type="date"
          label={t('insights.kit.from')}
          value={period.from}
          onChange={(event) => setDate('from', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: period.to } }}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          type="date"
          label={t('insights.kit.to')}
          value={period.to}
          onChange={(event) => setDate('to', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: period.from } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      <FormControlLabel
        control={<Switch checked={!!previous} onChange={(event) => state.setCompare(event.target.checked)} />}
        label={
          <span>
            {t('insights.kit.compare')}
            {previous && (
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                {formatPeriod(previous, i18n.language)}
              </Typography>
            )}
          </span>
        }
      />
    </Stack>
  )
}
