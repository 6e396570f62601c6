import { can } from '@closeroom/shared'
import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { type PeriodState, usePeriod } from '../../components/chart/PeriodBar'
import type { PeriodPreset } from '../../components/chart/period'
import { type Scope, scopeFromParam, scopeToParam } from '../../components/chart/ScopePicker'
import type { DashboardQuery } from './queries'

export type Dashboard = {
  period: PeriodState
  scope: Scope
  setScope(scope: Scope): void
  /** Whether the reader may look at others' figures (owners and admins). */
  mayChooseScope: boolean
  query: DashboardQuery
}

/**
 * The period and scope of a dashboard, both in the address. A member's figures are their own; an admin
 * starts on everyone's and may pick a member or a team. Days are counted in the reader's own zone.
 */
export function useDashboard(defaultPreset?: PeriodPreset): Dashboard {
  const { user } = useAuthContext()
  const timeZone = user?.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone
  const period = usePeriod(timeZone, defaultPreset)
  const [params, setParams] = useSearchParams()
  const mayChooseScope = can(user, 'insights.readOthers')
  const scope = mayChooseScope ? scopeFromParam(params.get('scope'), { kind: 'everyone' }) : ({ kind: 'me' } as const)
  const query = useMemo<DashboardQuery>(() => {
    const base = { from: period.period.from, to: period.period.to, tz: timeZone }
    if (scope.kind === 'member') return { ...base, ownerId: scope.id }
    if (scope.kind === 'team') return { ...base, teamId: scope.id }
    if (scope.kind === 'me' && mayChooseScope && user) return { ...base, ownerId: user.id }
    return base
  }, [period.period, timeZone, scope, mayChooseScope, user])
  return {
    period,
    scope,
    mayChooseScope,
    query,
    setScope: (next) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current)
          updated.set('scope', scopeToParam(next))
          return updated
        },
        { replace: true },
      ),
  }
}
