import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined'
import { Box, Card, Chip, Typography } from '@mui/material'
import { useTranslation } from '../../locales/i18n'

// The two pages not built yet: the spec's blank page, and the CRM integrations section of the admin settings.
export type FeatureKey = 'crm' | 'blank'

/**
 * What a feature's page shows until the feature is built: its name and what it will do, in the layout.
 * `section`: a section of a settings page, whose heading is the page's.
 */
export default function EmptyFeaturePage({ feature, section }: { feature: FeatureKey; section?: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      <Typography variant={section ? 'h6' : 'h4'} component={section ? 'h2' : 'h1'} sx={{ mb: section ? 2 : 3 }}>
        {t(`empty.${feature}.title`)}
      </Typography>
      <Card sx={{ p: { xs: 4, md: 8 }, textAlign: 'center' }}>
        <Box
          sx={{
            width: 72,
            height: 72,
            mx: 'auto',
            mb: 3,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          <AutoAwesomeOutlined sx={{ fontSize: 36 }} />
        </Box>
        {feature !== 'blank' && <Chip label={t('empty.soon')} color="primary" variant="outlined" size="small" sx={{ mb: 2 }} />}
        <Typography sx={{ color: 'text.secondary', maxWidth: 480, mx: 'auto' }}>{t(`empty.${feature}.text`)}</Typography>
      </Card>
    </>
  )
}
