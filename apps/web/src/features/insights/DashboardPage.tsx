import { Alert, Skeleton } from '@mui/material'
import type { UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, useCallback, useState } from 'react'
import type { PeriodPreset } from '../../components/chart/period'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { DashboardFrame, Grid } from './DashboardFrame'
import type { DashboardQuery } from './queries'
import { type Drill, RecordsDrawer } from './RecordsDrawer'
import { useDashboard } from './useDashboard'

/** What a page's figures are given besides the answer: whether to compare, and how to open a figure's records. */
export type FigureView = { compare: boolean; open: (title: string) => (key: string) => void }

/**
 * One dashboard page: the frame (its title, the period, whose figures), its figures once they arrive (skeletons
 * before, the refusal if any), and the drawer listing the records behind the figure clicked. Each page says only
 * which answer it reads and how it draws it.
 */
export function DashboardPage<A>({
  area,
  defaultPreset,
  useAnswer,
  render,
}: {
  area: 'analytics' | 'bookings' | 'products' | 'revenue'
  defaultPreset?: PeriodPreset
  useAnswer: (query: DashboardQuery) => UseQueryResult<A>
  render: (answer: A, view: FigureView) => ReactNode
}) {
  const { t } = useTranslation()
  const dashboard = useDashboard(defaultPreset)
  const answer = useAnswer(dashboard.query)
  const [drill, setDrill] = useState<Drill | null>(null)
  const open = useCallback((title: string) => (key: string) => setDrill({ key, title }), [])
  return (
    <DashboardFrame title={t(`insights.${area}.title`)} intro={t(`insights.${area}.intro`)} dashboard={dashboard}>
      {answer.isError ? (
        <Alert severity="error">{serverErrorText(t, answer.error)}</Alert>
      ) : answer.data === undefined ? (
        <Loading />
      ) : (
        render(answer.data, { compare: !!dashboard.period.previous, open })
      )}
      <RecordsDrawer drill={drill} onClose={() => setDrill(null)} />
    </DashboardFrame>
  )
}

function Loading() {
  return (
    <>
      <Grid columns={4}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={132} />
        ))}
      </Grid>
      <Grid>
        <Skeleton variant="rounded" height={380} />
        <Skeleton variant="rounded" height={380} />
      </Grid>
    </>
  )
}
