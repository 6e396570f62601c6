import type { PipelineStage } from '@closeroom/shared'
import { Card, Skeleton, Stack, TextField, Typography } from '@mui/material'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { FormError } from '../../../components/FormError'
import { client, unwrap } from '../../../lib/api'
import { useTranslation } from '../../../locales/i18n'
import { stageKeys, useStages } from '../../deals/queries'
import { insightsKeys } from '../../insights/queries'

/** The probability of winning a deal in each stage, in percent: the forecast weighs open deals by it. */
export function StageProbabilitiesCard() {
  const { t } = useTranslation()
  const stages = useStages()
  const queryClient = useQueryClient()
  const { enqueueSnackbar } = useSnackbar()
  const save = useMutation({
    mutationFn: ({ id, probability }: { id: string; probability: number }) =>
      unwrap(client.PATCH('/pipeline-stages/{id}', { params: { path: { id } }, body: { probability } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: stageKeys.all })
      void queryClient.invalidateQueries({ queryKey: insightsKeys.all })
      enqueueSnackbar(t('insights.settings.probabilitySaved'), { variant: 'success' })
    },
  })
  return (
    <Card component="section" aria-labelledby="stage-probabilities" sx={{ p: 3, maxWidth: 760 }}>
      <Typography id="stage-probabilities" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('insights.settings.probabilities')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('insights.settings.probabilitiesText')}
      </Typography>
      <FormError error={save.error} />
      {!stages.data ? (
        <Skeleton variant="rounded" height={200} />
      ) : (
        <Stack spacing={2}>
          {stages.data.map((stage) => (
            <Probability
              key={`${stage.id}-${stage.probability}`}
              stage={stage}
              onSave={(probability) => save.mutate({ id: stage.id, probability })}
            />
          ))}
        </Stack>
      )}
    </Card>
  )
}

function Probability({ stage, onSave }: { stage: PipelineStage; onSave: (probability: number) => void }) {
  const { t } = useTranslation()
  const [value, setValue] = useState(String(stage.probability))
  const number = Number(value)
  const invalid = value.trim() === '' || !Number.isInteger(number) || number < 0 || number > 100
  // Won and lost stages are 100 and 0 by definition.
  const fixed = stage.kind !== 'open'
  const commit = () => {
    if (!invalid && number !== stage.probability) onSave(number)
  }
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 2 }}>
      <Typography sx={{ flex: 1, pt: 1, minWidth: 0 }} noWrap>
        <bdi>{stage.name}</bdi>
      </Typography>
      {fixed ? (
        // Read, not edited: a disabled field's faded text is hard to read and says nothing about why.
        <Typography sx={{ width: 220, pt: 1, color: 'text.secondary' }}>
          {t('insights.settings.fixedValue', { value: stage.probability })} · {t(`insights.settings.fixed.${stage.kind}`)}
        </Typography>
      ) : (
        <TextField
          size="small"
          type="number"
          label={t('insights.settings.probabilityOf', { name: stage.name })}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => event.key === 'Enter' && commit()}
          error={invalid}
          helperText={invalid ? t('insights.settings.probabilityInvalid') : ' '}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 5, inputMode: 'numeric' }, input: { endAdornment: '%' } }}
          sx={{ width: 220 }}
        />
      )}
    </Stack>
  )
}
