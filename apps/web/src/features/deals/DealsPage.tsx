import { DEAL_SORTS, type DealSummary } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import FileUploadRounded from '@mui/icons-material/FileUploadRounded'
import SearchRounded from '@mui/icons-material/SearchRounded'
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  Chip,
  InputAdornment,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useSnackbar } from 'notistack'
import { useMemo, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { CsvImportDialog } from '../../components/CsvImportDialog'
import { formatDay, formatMoney, formatRelative } from '../../components/money/money'
import { PageHeader } from '../../components/PageHeader'
import { avatarColours } from '../../components/PeopleAvatars'
import { client, unwrap } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { useSearchBox } from '../../lib/useSearchBox'
import { useTranslation } from '../../locales/i18n'
import { useUsers } from '../users/queries'
import { type DealFilters, dealKeys, useDeals, useStages } from './queries'
import { usePipelineToasts } from './realtime'
import { StageChip } from './StageChip'

type Sort = (typeof DEAL_SORTS)[number]
const columns: { sort: Sort | null; key: string; align?: 'right' }[] = [
  { sort: 'name', key: 'name' },
  { sort: null, key: 'stage' },
  { sort: 'amount', key: 'amount', align: 'right' },
  { sort: null, key: 'owner' },
  { sort: 'close', key: 'close' },
  { sort: 'updated', key: 'updated' },
]

/** /deals: every deal of the organization, filtered and sorted on the server, the filters kept in the address. */
export default function DealsPage() {
  const { t, i18n } = useTranslation()
  usePipelineToasts()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const stages = useStages()
  const users = useUsers()
  const [importing, setImporting] = useState(false)
  const queryClient = useQueryClient()
  const { enqueueSnackbar } = useSnackbar()
  const [search, setSearch] = useSearchBox()

  const filters: DealFilters = useMemo(
    () => ({
      q: params.get('q') || undefined,
      stageId: params.get('stageId') || undefined,
      ownerId: params.get('ownerId') || undefined,
      closeFrom: params.get('closeFrom') || undefined,
      closeTo: params.get('closeTo') || undefined,
      sort: (DEAL_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as Sort) : 'updated',
      order: params.get('order') === 'asc' ? 'asc' : 'desc',
    }),
    [params],
  )

  function setParam(changes: Record<string, string | undefined>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value)
          else next.delete(key)
        }
        return next
      },
      { replace: true },
    )
  }

  const deals = useDeals(filters)
  const rows = deals.data?.pages.flatMap((page) => page.deals) ?? []
  const total = deals.data?.pages[0]?.total
  const stageOf = (id: string) => stages.data?.find((stage) => stage.id === id)
  const filtered = !!(filters.q || filters.stageId || filters.ownerId || filters.closeFrom || filters.closeTo)

  function sortBy(sort: Sort) {
    const order =
      filters.sort === sort && filters.order === 'desc' ? 'asc' : filters.sort === sort ? 'desc' : sort === 'name' ? 'asc' : 'desc'
    setParam({ sort: sort === 'updated' && order === 'desc' ? undefined : sort, order: order === 'desc' ? undefined : order })
  }

  return (
    <>
      <PageHeader
        title={t('pipeline.deals.title')}
        action={
          <Stack direction="row" spacing={1.5}>
            <Button variant="outlined" startIcon={<FileUploadRounded />} onClick={() => setImporting(true)}>
              {t('pipeline.deals.import')}
            </Button>
            <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/deals/new">
              {t('pipeline.deals.create')}
            </Button>
          </Stack>
        }
      />
      <CsvImportDialog
        open={importing}
        title={t('pipeline.deals.importTitle')}
        duplicatesByEmail={false}
        fields={[
          { name: 'name', label: t('pipeline.deal.name'), required: true },
          { name: 'company', label: t('pipeline.deal.company') },
          { name: 'amount', label: t('pipeline.deal.amount') },
          { name: 'currency', label: t('pipeline.deal.currency') },
          { name: 'stage', label: t('pipeline.deal.stage'), notFound: t('pipeline.deals.importNoStage') },
          { name: 'owner', label: t('pipeline.deals.importOwner'), notFound: t('pipeline.deals.importNoOwner') },
          { name: 'expectedCloseDate', label: t('pipeline.deal.expectedClose') },
          { name: 'contactEmail', label: t('pipeline.deals.importContact'), notFound: t('pipeline.deals.importNoContact') },
        ]}
        run={(body) => unwrap(client.POST('/deals/import', { body }))}
        onClose={() => setImporting(false)}
        onImported={(report) => {
          setImporting(false)
          enqueueSnackbar(t('pipeline.deals.imported', { count: report.imported }), { variant: 'success' })
          void queryClient.invalidateQueries({ queryKey: dealKeys.all })
        }}
      />
      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5, flexWrap: 'wrap' }} useFlexGap>
          <TextField
            type="search"
            label={t('pipeline.deals.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ flex: 2, minWidth: 220 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            label={t('pipeline.deals.stage')}
            value={filters.stageId ?? ''}
            onChange={(event) => setParam({ stageId: event.target.value })}
            sx={{ flex: 1, minWidth: 160 }}
          >
            <MenuItem value="">{t('pipeline.deals.allStages')}</MenuItem>
            {stages.data?.map((stage) => (
              <MenuItem key={stage.id} value={stage.id}>
                {stage.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('pipeline.deals.owner')}
            value={users.data ? (filters.ownerId ?? '') : ''}
            onChange={(event) => setParam({ ownerId: event.target.value })}
            sx={{ flex: 1, minWidth: 160 }}
          >
            <MenuItem value="">{t('pipeline.deals.allOwners')}</MenuItem>
            {users.data?.map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {user.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={t('pipeline.deals.closeFrom')}
            value={filters.closeFrom ?? ''}
            onChange={(event) => setParam({ closeFrom: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filters.closeTo } }}
            sx={{ flex: 1, minWidth: 150 }}
          />
          <TextField
            type="date"
            label={t('pipeline.deals.closeTo')}
            value={filters.closeTo ?? ''}
            onChange={(event) => setParam({ closeTo: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.closeFrom } }}
            sx={{ flex: 1, minWidth: 150 }}
          />
        </Stack>
        <Stack direction="row" sx={{ px: 2.5, pb: 1.5, alignItems: 'center', gap: 2, minHeight: 36 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
            {total != null && t('pipeline.dealCount', { count: total })}
          </Typography>
          {filtered && (
            <Button
              size="small"
              onClick={() => {
                setSearch('')
                setParam({ q: undefined, stageId: undefined, ownerId: undefined, closeFrom: undefined, closeTo: undefined })
              }}
            >
              {t('pipeline.deals.clearFilters')}
            </Button>
          )}
        </Stack>
        {deals.isError && (
          <Alert severity="error" sx={{ mx: 2.5, mb: 2 }}>
            {serverErrorText(t, deals.error)}
          </Alert>
        )}
        <TableContainer>
          <Table aria-label={t('pipeline.deals.title')}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    sortDirection={column.sort && filters.sort === column.sort ? filters.order : false}
                  >
                    {column.sort ? (
                      <TableSortLabel
                        active={filters.sort === column.sort}
                        direction={filters.sort === column.sort ? filters.order : 'asc'}
                        onClick={() => sortBy(column.sort as Sort)}
                      >
                        {t(`pipeline.deals.columns.${column.key}`)}
                      </TableSortLabel>
                    ) : (
                      t(`pipeline.deals.columns.${column.key}`)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {deals.isPending &&
                [0, 1, 2, 3].map((row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={columns.length}>
                      <Skeleton height={36} />
                    </TableCell>
                  </TableRow>
                ))}
              {deals.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length} sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
                    {filtered ? t('pipeline.deals.noMatch') : t('pipeline.deals.empty')}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((deal) => (
                <DealRow
                  key={deal.id}
                  deal={deal}
                  stageName={stageOf(deal.stageId)?.name}
                  stageKind={stageOf(deal.stageId)?.kind}
                  language={i18n.language}
                  onOpen={() => navigate(`/deals/${deal.id}`)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {deals.hasNextPage && (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Button onClick={() => void deals.fetchNextPage()} loading={deals.isFetchingNextPage} variant="outlined" color="inherit">
              {t('pipeline.deals.more')}
            </Button>
          </Box>
        )}
      </Card>
    </>
  )
}

function DealRow({
  deal,
  stageName,
  stageKind,
  language,
  onOpen,
}: {
  deal: DealSummary
  stageName?: string
  stageKind?: 'open' | 'won' | 'lost'
  language: string
  onOpen: () => void
}) {
  return (
    <TableRow hover onClick={onOpen} sx={{ cursor: 'pointer' }}>
      <TableCell>
        <Typography
          component={Link}
          to={`/deals/${deal.id}`}
          sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
          onClick={(event) => event.stopPropagation()}
        >
          {deal.name}
        </Typography>
        {deal.company && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {deal.company}
          </Typography>
        )}
      </TableCell>
      <TableCell>{stageName ? <StageChip name={stageName} kind={stageKind ?? 'open'} /> : <Chip size="small" label="…" />}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {formatMoney(deal.amount, deal.currency, language)}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Avatar
            alt=""
            src={deal.owner.avatarUrl ?? undefined}
            sx={{ width: 28, height: 28, fontSize: 13, ...avatarColours(deal.owner.name) }}
          >
            {deal.owner.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography variant="body2" noWrap>
            {deal.owner.name}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{deal.expectedCloseDate ? formatDay(deal.expectedCloseDate, language) : '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatRelative(deal.updatedAt, language)}</TableCell>
    </TableRow>
  )
}
