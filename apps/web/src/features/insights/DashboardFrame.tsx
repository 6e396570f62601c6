import { Box, Card, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { DeltaText } from '../../components/chart/Delta'
import { PeriodBar } from '../../components/chart/PeriodBar'
import { ScopePicker } from '../../components/chart/ScopePicker'
import { PageHeader } from '../../components/PageHeader'
import { visuallyHidden } from '../../components/visuallyHidden'
import { useTranslation } from '../../locales/i18n'
import { useTeams } from '../teams/queries'
import { useUsers } from '../users/queries'
import type { Dashboard } from './useDashboard'

/** A dashboard's page: its title, the period and (for admins) whose figures, then its cards. */
export function DashboardFrame({
  title,
  intro,
  dashboard,
  children,
}: {
  title: string
  intro: string
  dashboard: Dashboard
  children: ReactNode
}) {
  return (
    <>
      <PageHeader title={title} />
      <Typography sx={{ color: 'text.secondary', mt: -2, mb: 3 }}>{intro}</Typography>
      <Card sx={{ p: 2, mb: 3 }}>
        <Stack direction={{ xs: 'column', lg: 'row' }} sx={{ gap: 2, alignItems: { lg: 'center' }, justifyContent: 'space-between' }}>
          <PeriodBar state={dashboard.period} />
          {dashboard.mayChooseScope && <Scope dashboard={dashboard} />}
        </Stack>
      </Card>
      <Stack spacing={3}>{children}</Stack>
    </>
  )
}

function Scope({ dashboard }: { dashboard: Dashboard }) {
  const users = useUsers()
  const teams = useTeams()
  return (
    <ScopePicker
      value={dashboard.scope}
      onChange={dashboard.setScope}
      members={(users.data ?? []).filter((user) => user.status === 'active').map((user) => ({ id: user.id, name: user.name }))}
      teams={(teams.data ?? []).map((team) => ({ id: team.id, name: team.name }))}
    />
  )
}

/** A grid of cards: one column on a phone; four figures go two by two on a tablet, all four on a wide screen. */
export function Grid({ columns = 2, children }: { columns?: number; children: ReactNode }) {
  const wide = `repeat(${columns}, minmax(0, 1fr))`
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns:
          columns > 2 ? { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: wide } : { xs: 'minmax(0, 1fr)', md: wide },
      }}
    >
      {children}
    </Box>
  )
}

/**
 * One headline figure: its value, how it moved since the previous period, and (when it has records behind it)
 * a button that lists them.
 */
export function Stat({
  label,
  value,
  compare,
  onDrill,
}: {
  label: string
  value: ReactNode
  compare?: { current: number; previous: number; lowerIsBetter?: boolean; format: (value: number) => string } | null
  onDrill?: () => void
}) {
  const { t } = useTranslation()
  return (
    <Card sx={{ p: 2.5, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography variant="subtitle2" component="h2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      {onDrill ? (
        <Box
          component="button"
          type="button"
          onClick={onDrill}
          sx={{
            all: 'unset',
            cursor: 'pointer',
            borderRadius: 1,
            '&:hover': { color: 'primary.main' },
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          }}
        >
          {/* Named by its figure, after what it opens (visible text stays part of the name). */}
          <Box component="span" sx={visuallyHidden}>
            {t('insights.kit.showRecords', { label })}:{' '}
          </Box>
          {typeof value === 'string' ? (
            <Typography variant="h4" component="span">
              {value}
            </Typography>
          ) : (
            value
          )}
        </Box>
      ) : typeof value === 'string' ? (
        <Typography variant="h4" component="p">
          {value}
        </Typography>
      ) : (
        value
      )}
      {compare && <DeltaText {...compare} />}
    </Card>
  )
}
