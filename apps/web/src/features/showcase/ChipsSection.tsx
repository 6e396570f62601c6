import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded'
import LocalFireDepartmentRounded from '@mui/icons-material/LocalFireDepartmentRounded'
import ScheduleRounded from '@mui/icons-material/ScheduleRounded'
import { Avatar, Button, Chip, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslation } from '../../locales/i18n'
import { Label, type LabelColour } from './Label'
import { Section, Subheading } from './Section'
import { type Stage, stages } from './sampleData'

export const stageColours: Record<Stage, LabelColour> = {
  discovery: 'default',
  demo: 'info',
  proposal: 'secondary',
  negotiation: 'warning',
  won: 'success',
  lost: 'error',
}

const filterKeys = ['mine', 'month', 'large', 'renewal'] as const

export function ChipsSection() {
  const { t } = useTranslation()
  const [filters, setFilters] = useState<readonly string[]>(filterKeys)

  return (
    <Section id="chips" title={t('gallery.sections.chips')} text={t('gallery.chips.text')}>
      <Stack spacing={3}>
        <div>
          <Subheading>{t('gallery.chips.labels')}</Subheading>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {stages.map((stage) => (
              <Label key={stage} colour={stageColours[stage]}>
                {t(`gallery.stages.${stage}`)}
              </Label>
            ))}
          </Stack>
        </div>
        <div>
          <Subheading>{t('gallery.chips.colours')}</Subheading>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip color="error" icon={<LocalFireDepartmentRounded />} label={t('gallery.chips.hot')} />
            <Chip color="success" variant="outlined" icon={<CheckCircleRounded />} label={t('gallery.chips.verified')} />
            <Chip color="info" variant="outlined" icon={<ScheduleRounded />} label={t('gallery.chips.trial')} />
            <Chip color="warning" label={t('gallery.chips.overdue')} />
            <Chip avatar={<Avatar>N</Avatar>} label="Nadia Perez" variant="outlined" />
            <Chip size="small" color="primary" label={t('gallery.stages.won')} />
          </Stack>
        </div>
        <div>
          <Subheading>{t('gallery.chips.filters')}</Subheading>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', minHeight: 36 }}>
            {filters.map((key) => (
              <Chip
                key={key}
                color="primary"
                variant="outlined"
                label={t(`gallery.chips.filterNames.${key}`)}
                onDelete={() => setFilters((current) => current.filter((filter) => filter !== key))}
              />
            ))}
            {filters.length === 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('gallery.chips.noFilter')}
              </Typography>
            )}
            {filters.length < filterKeys.length && (
              <Button size="small" onClick={() => setFilters(filterKeys)}>
                {t('gallery.chips.restore')}
              </Button>
            )}
          </Stack>
        </div>
      </Stack>
    </Section>
  )
}
