import { type Overview, ROLES } from '@closeroom/shared'
import { Alert, Box, Card, Skeleton, Stack, Typography, useTheme } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import type { ApexOptions } from 'apexcharts'
import { type ReactNode, useMemo } from 'react'
import { Link } from 'react-router'
import { Chart } from '../../components/chart/Chart'
import { useChart } from '../../components/chart/useChart'
import { PeopleAvatars } from '../../components/PeopleAvatars'
import { client, unwrap } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { intlLocale } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { useTeams } from '../teams/queries'

/** The organization at a glance: people, invitations and teams, sign-ins of the last two weeks, who is in which team. */
export function OverviewPanels() {
  const { t } = useTranslation()
  const overview = useQuery({ queryKey: ['overview'], queryFn: ({ signal }) => unwrap(client.GET('/overview', { signal })) })
  if (overview.isError) return <Alert severity="error">{serverErrorText(t, overview.error)}</Alert>
  if (!overview.data) return <Skeleton variant="rounded" height={420} />
  const { people, teams } = overview.data
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        <Stat label={t('overview.active')} value={people.active} to="/users" />
        <Stat label={t('overview.invited')} value={people.invited} to="/users" />
        <Stat label={t('overview.teams')} value={teams} to="/teams" />
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
        <Panel title={t('overview.signIns')} subtitle={t('overview.lastDays', { count: overview.data.signIns.length })}>
          <SignInsChart overview={overview.data} />
        </Panel>
        <Panel title={t('overview.roles')} subtitle={t('overview.rolesText')}>
          <RolesChart overview={overview.data} />
        </Panel>
      </Box>
      <TeamsPanel />
    </Stack>
  )
}

function Stat({ label, value, to }: { label: string; value: number; to: string }) {
  const { i18n } = useTranslation()
  return (
    <Card component={Link} to={to} sx={{ p: 3, textDecoration: 'none', color: 'inherit', '&:hover': { boxShadow: 8 } }}>
      <Typography variant="subtitle2" component="p" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h3" component="p">
        {new Intl.NumberFormat(intlLocale(i18n.language)).format(value)}
      </Typography>
    </Card>
  )
}

function Panel({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Card sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {subtitle}
      </Typography>
      {children}
    </Card>
  )
}

function SignInsChart({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation()
  const locale = intlLocale(i18n.language)
  const options = useChart(
    useMemo<ApexOptions>(() => {
      // The days are calendar dates: shown as such, whatever the browser's zone.
      const full = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
      const dayOnly = new Intl.DateTimeFormat(locale, { day: 'numeric', timeZone: 'UTC' })
      const monthOnly = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })
      const dates = overview.signIns.map((d) => new Date(`${d.day}T00:00:00Z`))
      // Fourteen "Nov 16" labels ran into each other (and the chart dropped some): the day's number on the axis,
      // its month under the first day of each month, and the full date in the tooltip.
      const categories = dates.map((date, i) => {
        const month = monthOnly.format(date)
        const previous = dates[i - 1]
        return previous && monthOnly.format(previous) === month ? [dayOnly.format(date)] : [dayOnly.format(date), month]
      })
      // Sign-ins are whole: up to five, one tick each, so the axis never reads 0.5 of a sign-in.
      const most = Math.max(1, ...overview.signIns.map((d) => d.count))
      return {
        xaxis: { categories },
        tooltip: {
          x: {
            formatter: (_value: number, point?: { dataPointIndex?: number }) => {
              const date = dates[point?.dataPointIndex ?? -1]
              return date ? full.format(date) : ''
            },
          },
        },
        yaxis: {
          labels: { formatter: (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value) },
          min: 0,
          ...(most <= 5 ? { max: most, tickAmount: most } : { forceNiceScale: true }),
        },
      }
    }, [overview.signIns, locale]),
  )
  return (
    <Chart
      type="bar"
      height={300}
      series={[{ name: t('overview.signInsSeries'), data: overview.signIns.map((d) => d.count) }]}
      options={options}
    />
  )
}

function RolesChart({ overview }: { overview: Overview }) {
  const { t } = useTranslation()
  const paper = useTheme().palette.background.paper
  const options = useChart(
    useMemo<ApexOptions>(
      () => ({
        labels: ROLES.map((role) => t(`people.roles.${role}`)),
        legend: { position: 'bottom', horizontalAlign: 'center' },
        // Slices are parted by the card's own colour, in light and dark mode alike.
        stroke: { colors: [paper] },
      }),
      [t, paper],
    ),
  )
  return <Chart type="donut" height={300} series={ROLES.map((role) => overview.people.byRole[role])} options={options} />
}

function TeamsPanel() {
  const { t } = useTranslation()
  const teams = useTeams()
  if (!teams.data?.length) return null
  return (
    <Card sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('overview.yourTeams')}
      </Typography>
      <Stack spacing={2}>
        {teams.data.slice(0, 6).map((team) => (
          <Stack key={team.id} direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
            <div>
              <Typography sx={{ fontWeight: 600 }}>{team.name}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('people.teams.memberCount', { count: team.members.length })}
              </Typography>
            </div>
            <PeopleAvatars people={team.members} size={32} />
          </Stack>
        ))}
      </Stack>
    </Card>
  )
}
