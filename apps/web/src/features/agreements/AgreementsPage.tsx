import { AGREEMENT_STATUSES, type AgreementStatus, type AgreementSummary } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import { Alert, Box, Button, Card, Link, MenuItem, Stack, Tab, TableCell, Tabs, TextField, Typography } from '@mui/material'
import { useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { LinkRow, ListTable, RowTitle } from '../../components/ListTable'
import { formatRelative } from '../../components/money/money'
import { PageHeader } from '../../components/PageHeader'
import { PeopleAvatars } from '../../components/PeopleAvatars'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { useUsers } from '../users/queries'
import { CreateAgreementDialog } from './CreateAgreementDialog'
import { DealPicker } from './DealPicker'
import { type AgreementFilters, useAgreements } from './queries'
import { useAgreementsLive } from './realtime'
import { AgreementStatusChip, TemplateChip } from './StatusChips'

const isStatus = (value: string | null): value is AgreementStatus => (AGREEMENT_STATUSES as readonly (string | null)[]).includes(value)

/** /agreements: the organization's agreements, newest first, filtered by status, deal and owner (kept in the address). */
export default function AgreementsPage() {
  const { t, i18n } = useTranslation()
  useAgreementsLive()
  const [params, setParams] = useSearchParams()
  const users = useUsers()
  const [creating, setCreating] = useState(false)
  const status = params.get('status')
  const templates = params.get('view') === 'templates'
  const filters: AgreementFilters = {
    template: templates ? 'true' : 'false',
    status: isStatus(status) ? status : undefined,
    dealId: params.get('dealId') || undefined,
    ownerId: params.get('ownerId') || undefined,
  }
  const dealName = params.get('deal') ?? ''
  const agreements = useAgreements(filters)
  const rows = agreements.data?.pages.flatMap((page) => page.agreements)
  const filtered = !!(filters.status || filters.dealId || filters.ownerId)

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

  return (
    <>
      <PageHeader
        title={t('agreements.title')}
        action={
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
            {t('agreements.create')}
          </Button>
        }
      />
      <Card>
        <Tabs
          value={templates ? 'templates' : 'agreements'}
          onChange={(_, view: string) => setParam({ view: view === 'templates' ? view : undefined })}
          sx={{ px: 2.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="agreements" label={t('agreements.tabs.agreements')} />
          <Tab value="templates" label={t('agreements.tabs.templates')} />
        </Tabs>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5 }} useFlexGap>
          {/* A template is never sent: it has no status to filter by. */}
          {!templates && (
            <TextField
              select
              label={t('agreements.filters.status')}
              value={filters.status ?? ''}
              onChange={(event) => setParam({ status: event.target.value })}
              sx={{ flex: 1, minWidth: 160 }}
            >
              <MenuItem value="">{t('agreements.filters.allStatuses')}</MenuItem>
              {AGREEMENT_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`agreements.statuses.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Box sx={{ flex: 2, minWidth: 220 }}>
            <DealPicker
              label={t('agreements.filters.deal')}
              value={filters.dealId ? { id: filters.dealId, name: dealName } : null}
              onChange={(deal) => setParam({ dealId: deal?.id, deal: deal?.name })}
            />
          </Box>
          <TextField
            select
            label={t('agreements.filters.owner')}
            value={users.data ? (filters.ownerId ?? '') : ''}
            onChange={(event) => setParam({ ownerId: event.target.value })}
            sx={{ flex: 1, minWidth: 160 }}
          >
            <MenuItem value="">{t('agreements.filters.allOwners')}</MenuItem>
            {users.data?.map((user) => (
              <MenuItem key={user.id} value={user.id}>
                {user.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {filtered && (
          <Box sx={{ px: 2.5, pb: 1.5 }}>
            <Button size="small" onClick={() => setParam({ status: undefined, dealId: undefined, deal: undefined, ownerId: undefined })}>
              {t('agreements.filters.clear')}
            </Button>
          </Box>
        )}
        {agreements.isError && (
          <Alert severity="error" sx={{ mx: 2.5, mb: 2 }}>
            {serverErrorText(t, agreements.error)}
          </Alert>
        )}
        <ListTable
          label={t('agreements.title')}
          columns={[
            { label: t('agreements.columns.title') },
            { label: t('agreements.columns.deal') },
            { label: t('agreements.columns.recipients') },
            { label: t('agreements.columns.owner') },
            { label: t('agreements.columns.status') },
            { label: t('agreements.columns.updated') },
          ]}
          items={rows}
          loading={agreements.isPending}
          empty={
            filtered ? (
              t('agreements.noMatch')
            ) : templates ? (
              t('agreements.emptyTemplates')
            ) : (
              <EmptyAgreements onCreate={() => setCreating(true)} />
            )
          }
          row={(agreement) => <AgreementRow key={agreement.id} agreement={agreement} language={i18n.language} />}
        />
        {agreements.hasNextPage && (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Button
              onClick={() => void agreements.fetchNextPage()}
              loading={agreements.isFetchingNextPage}
              variant="outlined"
              color="inherit"
            >
              {t('agreements.more')}
            </Button>
          </Box>
        )}
      </Card>
      <CreateAgreementDialog open={creating} onClose={() => setCreating(false)} />
    </>
  )
}

function EmptyAgreements({ onCreate }: { onCreate(): void }) {
  const { t } = useTranslation()
  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Typography sx={{ maxWidth: 520 }}>{t('agreements.empty')}</Typography>
      <Button variant="outlined" startIcon={<AddRounded />} onClick={onCreate}>
        {t('agreements.create')}
      </Button>
    </Stack>
  )
}

function AgreementRow({ agreement, language }: { agreement: AgreementSummary; language: string }) {
  const to = `/agreements/${agreement.id}/edit`
  return (
    <LinkRow to={to}>
      <TableCell>
        <RowTitle to={to}>{agreement.title}</RowTitle>
      </TableCell>
      <TableCell>
        {agreement.deal ? (
          <Link component={RouterLink} to={`/deals/${agreement.deal.id}`} onClick={(event) => event.stopPropagation()} dir="auto">
            {agreement.deal.name}
          </Link>
        ) : (
          <Typography component="span" sx={{ color: 'text.secondary' }}>
            —
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <PeopleAvatars people={agreement.recipients.map(({ id, name }) => ({ id, name, avatarUrl: null }))} />
      </TableCell>
      <TableCell>
        <Typography variant="body2" noWrap dir="auto">
          {agreement.owner.name}
        </Typography>
      </TableCell>
      <TableCell>{agreement.template ? <TemplateChip /> : <AgreementStatusChip status={agreement.status} />}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatRelative(agreement.updatedAt, language)}</TableCell>
    </LinkRow>
  )
}
