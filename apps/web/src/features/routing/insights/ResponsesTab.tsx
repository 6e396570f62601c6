import type { RoutingResponse } from '@closeroom/shared'
import DownloadRounded from '@mui/icons-material/DownloadRounded'
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Link,
  MenuItem,
  Pagination,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material'
import { useCallback, useMemo, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { serverErrorText } from '../../../lib/errorText'
import { formatDateTime } from '../../../lib/intl'
import { useTranslation } from '../../../locales/i18n'
import type { Routing } from '../queries'
import { buyerName } from './buyer'
import { RESPONSES_PAGE_SIZE } from './paging'
import { lastDays, PERIOD_PRESETS, periodOf, presetOf } from './period'
import { type ResponseFilters, responsesCsvUrl, useRoutingReport, useRoutingResponses } from './queries'
import { ReportCharts } from './ReportCharts'
import { ResponseDrawer } from './ResponseDrawer'
import { Why } from './Why'

const COLUMNS = ['created', 'buyer', 'outcome', 'why', 'routedTo', 'result'] as const

/** The Responses tab of /routings/:id: the period's report, then its responses, filtered from the address. */
export function ResponsesTab({ routing: form }: { routing: Routing }) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const period = useMemo(() => periodOf(params), [params])
  const filters: ResponseFilters = useMemo(() => {
    const booked = params.get('booked')
    return {
      ...period,
      outcomeId: params.get('outcomeId') || undefined,
      booked: booked === 'yes' || booked === 'no' ? booked : undefined,
      page: Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1),
    }
  }, [params, period])

  /** Changes some of the address's filters; any change but the page's starts again at the first page. */
  const setParam = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value)
            else next.delete(key)
          }
          if (!('page' in changes)) next.delete('page')
          return next
        },
        { replace: true },
      ),
    [setParams],
  )
  const showOutcome = useCallback((outcomeId: string) => setParam({ outcomeId }), [setParam])

  const report = useRoutingReport(form.id, period)
  const preset = presetOf(period)

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }} useFlexGap>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={preset}
          onChange={(_, days: number | null) => {
            if (days) setParam(lastDays(days))
          }}
          aria-label={t('routingInsights.period.label')}
        >
          {PERIOD_PRESETS.map((days) => (
            <ToggleButton key={days} value={days}>
              {t('routingInsights.period.last', { count: days })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          type="date"
          size="small"
          label={t('routingInsights.period.from')}
          value={period.from}
          onChange={(event) => setParam({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: period.to } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('routingInsights.period.to')}
          value={period.to}
          onChange={(event) => setParam({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: period.from } }}
        />
      </Stack>
      {report.isError && <Alert severity="error">{serverErrorText(t, report.error)}</Alert>}
      {report.data ? (
        <ReportCharts report={report.data} period={period} onOutcome={showOutcome} />
      ) : (
        !report.isError && <Skeleton variant="rounded" height={480} />
      )}
      <ResponsesTable form={form} filters={filters} setParam={setParam} />
    </Stack>
  )
}

function ResponsesTable({
  form,
  filters,
  setParam,
}: {
  form: Routing
  filters: ResponseFilters
  setParam(changes: Record<string, string | undefined>): void
}) {
  const { t, i18n } = useTranslation()
  const responses = useRoutingResponses(form.id, filters)
  const [open, setOpen] = useState<RoutingResponse | null>(null)
  const total = responses.data?.total
  const rows = responses.data?.responses ?? []
  const pages = Math.ceil((total ?? 0) / RESPONSES_PAGE_SIZE)
  const filtered = !!(filters.outcomeId || filters.booked)
  const { page, ...csvFilters } = filters

  return (
    <Card component="section" aria-labelledby="routing-responses-title">
      <Stack direction="row" sx={{ p: 2.5, pb: 0, alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography id="routing-responses-title" variant="h6" component="h2">
          {t('routingInsights.table.title')}
        </Typography>
        <Button variant="outlined" color="inherit" startIcon={<DownloadRounded />} href={responsesCsvUrl(form.id, csvFilters)} download>
          {t('routingInsights.table.export')}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2.5 }} useFlexGap>
        <TextField
          select
          label={t('routingInsights.table.outcome')}
          value={filters.outcomeId ?? ''}
          onChange={(event) => setParam({ outcomeId: event.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ flex: 1, minWidth: 200 }}
        >
          <MenuItem value="">{t('routingInsights.table.allOutcomes')}</MenuItem>
          {form.outcomes.map((outcome) => (
            <MenuItem key={outcome.id} value={outcome.id}>
              {outcome.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('routingInsights.table.booked')}
          value={filters.booked ?? ''}
          onChange={(event) => setParam({ booked: event.target.value })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ flex: 1, minWidth: 160 }}
        >
          <MenuItem value="">{t('routingInsights.table.bookedAny')}</MenuItem>
          <MenuItem value="yes">{t('routingInsights.table.bookedYes')}</MenuItem>
          <MenuItem value="no">{t('routingInsights.table.bookedNo')}</MenuItem>
        </TextField>
      </Stack>
      <Stack direction="row" sx={{ px: 2.5, pb: 1.5, alignItems: 'center', gap: 2, minHeight: 36 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
          {total != null && t('routingInsights.table.count', { count: total })}
        </Typography>
        {filtered && (
          <Button size="small" onClick={() => setParam({ outcomeId: undefined, booked: undefined })}>
            {t('routingInsights.table.clearFilters')}
          </Button>
        )}
      </Stack>
      {responses.isError && (
        <Alert severity="error" sx={{ mx: 2.5, mb: 2 }}>
          {serverErrorText(t, responses.error)}
        </Alert>
      )}
      <TableContainer>
        <Table aria-labelledby="routing-responses-title">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{t(`routingInsights.table.columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {responses.isPending &&
              [0, 1, 2].map((row) => (
                <TableRow key={row}>
                  <TableCell colSpan={COLUMNS.length}>
                    <Skeleton height={36} />
                  </TableCell>
                </TableRow>
              ))}
            {responses.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
                  {filtered ? t('routingInsights.table.noMatch') : t('routingInsights.table.empty')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((response) => (
              <TableRow key={response.id} hover onClick={() => setOpen(response)} sx={{ cursor: 'pointer', verticalAlign: 'top' }}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(response.createdAt, i18n.language)}</TableCell>
                <TableCell>
                  <Buyer response={response} onOpen={() => setOpen(response)} />
                </TableCell>
                <TableCell dir="auto">
                  {response.decision.outcomeName}
                  {response.decision.fallback && (
                    <Chip size="small" label={t('routingInsights.table.fallback')} sx={{ ms: 1 }} component="span" />
                  )}
                </TableCell>
                <TableCell sx={{ minWidth: 200 }}>
                  <Why form={form} decision={response.decision} />
                </TableCell>
                <TableCell>{response.routedTo?.name ?? '—'}</TableCell>
                <TableCell>
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <Chip
                      size="small"
                      color={response.bookingId ? 'success' : 'default'}
                      variant={response.bookingId ? 'filled' : 'outlined'}
                      label={t(response.bookingId ? 'routingInsights.table.bookedYes' : 'routingInsights.table.bookedNo')}
                    />
                    {response.dealId && (
                      <Link
                        component={RouterLink}
                        to={`/deals/${response.dealId}`}
                        onClick={(event) => event.stopPropagation()}
                        variant="body2"
                      >
                        {t('routingInsights.table.deal')}
                      </Link>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 && (
        <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_, next) => setParam({ page: next > 1 ? String(next) : undefined })}
            aria-label={t('routingInsights.table.pages')}
          />
        </Box>
      )}
      <ResponseDrawer form={form} response={open} onClose={() => setOpen(null)} />
    </Card>
  )
}

/** The buyer's name and email; the name is the button that opens the response for the keyboard. */
function Buyer({ response, onOpen }: { response: RoutingResponse; onOpen(): void }) {
  const { t } = useTranslation()
  const name = buyerName(response)
  return (
    <>
      <Link
        component="button"
        type="button"
        onClick={(event) => {
          event.stopPropagation()
          onOpen()
        }}
        sx={{ fontWeight: 600, color: 'text.primary', textAlign: 'start' }}
        underline="hover"
        dir="auto"
      >
        {name ?? response.email ?? t('routingInsights.table.anonymous')}
      </Link>
      {name && response.email && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {response.email}
        </Typography>
      )}
    </>
  )
}
