import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import { Alert, Box, Button, IconButton, Link as MuiLink, Skeleton, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material'
import { type ComponentType, type ReactNode, useCallback, useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { CopyAddressButton } from '../../components/AddressField'
import { StatusChip } from '../../components/ListTable'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { ResponsesTab } from './insights/ResponsesTab'
import { TestTab } from './insights/TestTab'
import { OutcomesTab } from './OutcomesTab'
import { publicUrlOf, type Routing, useRouting } from './queries'
import { RoutingFormEditor } from './RoutingFormEditor'
import { DeleteRoutingDialog } from './RoutingsPage'
import { useLeaveGuard } from './useLeaveGuard'

/** What a tab's panel is given: the form, and a way to say it holds unsaved changes (the page asks before leaving). */
export type RoutingTabProps = { routing: Routing; onDirty(dirty: boolean): void }

/**
 * The tabs of /routings/:id, in order, the first shown when the address names none (`?tab=`). A tab is added
 * here, with its label under `routing.tabs`.
 */
const tabs: { value: string; Panel: ComponentType<RoutingTabProps> }[] = [
  { value: 'form', Panel: RoutingFormEditor },
  { value: 'outcomes', Panel: OutcomesTab },
  { value: 'responses', Panel: ResponsesTab },
  { value: 'test', Panel: TestTab },
]

/** /routings/new and /routings/:id: a routing form's questions and outcomes, in tabs kept in the address. */
export default function RoutingPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const routing = useRouting(id)
  const [dirty, setDirty] = useState(false)
  const guard = useLeaveGuard(dirty)
  const onDirty = useCallback((next: boolean) => setDirty(next), [])
  if (routing.error) return <Alert severity="error">{serverErrorText(t, routing.error)}</Alert>
  if (id && !routing.data) return <Skeleton variant="rounded" height={480} />
  return (
    <>
      {routing.data ? (
        <RoutingTabs key={routing.data.id} routing={routing.data} onDirty={onDirty} leave={guard.leave} />
      ) : (
        <>
          <Header title={t('routing.form.newTitle')} />
          <RoutingFormEditor onDirty={onDirty} />
        </>
      )}
      {guard.dialog}
    </>
  )
}

function Header({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
      <Tooltip title={t('routing.back')}>
        <IconButton component={Link} to="/routings" aria-label={t('routing.back')}>
          <ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
      </Tooltip>
      <Typography variant="h4" component="h1" dir="auto" sx={{ flex: 1, minWidth: 200 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  )
}

function RoutingTabs({ routing, onDirty, leave }: RoutingTabProps & { leave(action: () => void): void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const [deleting, setDeleting] = useState(false)
  const current = tabs.find((tab) => tab.value === params.get('tab')) ?? tabs[0]
  const url = publicUrlOf(routing.slug)
  if (!current) return null
  return (
    <>
      <Header title={routing.name}>
        <StatusChip on={routing.published} label={routing.published ? t('routing.list.published') : t('routing.list.draft')} />
        <Button color="error" variant="outlined" startIcon={<DeleteOutlineRounded />} onClick={() => setDeleting(true)}>
          {t('routing.delete.confirm')}
        </Button>
      </Header>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: -2, mb: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('routing.address.address')}
        </Typography>
        <MuiLink href={url} target="_blank" rel="noopener" dir="ltr" variant="body2" underline="hover" data-testid="routing-url">
          {url}
        </MuiLink>
        <CopyAddressButton url={url} texts="routing.address" size="small" />
      </Stack>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current.value}
          onChange={(_, value: string) => leave(() => setParams({ tab: value }, { replace: true }))}
          variant="scrollable"
        >
          {tabs.map((tab) => (
            <Tab key={tab.value} value={tab.value} label={t(`routing.tabs.${tab.value}`)} />
          ))}
        </Tabs>
      </Box>
      <current.Panel routing={routing} onDirty={onDirty} />
      <DeleteRoutingDialog
        form={deleting ? routing : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate('/routings', { replace: true })}
      />
    </>
  )
}
