import { Stack } from '@mui/material'
import PipelineSettingsPage from '../../deals/PipelineSettingsPage'
import { CurrencySettingsCard } from './CurrencySettingsCard'
import { QuotaSettingsCard } from './QuotaSettingsCard'
import { StageProbabilitiesCard } from './StageProbabilitiesCard'

/**
 * /admin-settings/deal: the pipeline's stages, then what the revenue dashboards measure with them: each
 * stage's probability (the forecast), the quotas, and the reporting currency with its exchange rates.
 */
export default function DealSettingsPage() {
  return (
    <Stack spacing={3}>
      <PipelineSettingsPage />
      <StageProbabilitiesCard />
      <QuotaSettingsCard />
      <CurrencySettingsCard />
    </Stack>
  )
}
