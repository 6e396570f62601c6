import CodeRounded from '@mui/icons-material/CodeRounded'
import HubOutlined from '@mui/icons-material/HubOutlined'
import LockOutlined from '@mui/icons-material/LockOutlined'
import TranslateRounded from '@mui/icons-material/TranslateRounded'
import { Box, Button, Card, Container, Stack, Typography } from '@mui/material'
import { Link } from 'react-router'
import { MainLayout } from '../../components/MainLayout'
import { useTranslation } from '../../locales/i18n'
import { PageHero } from './PageHero'

const values = [
  { key: 'open', icon: CodeRounded },
  { key: 'oneProduct', icon: HubOutlined },
  { key: 'privacy', icon: LockOutlined },
  { key: 'everyone', icon: TranslateRounded },
] as const

const journey = ['book', 'meet', 'record', 'share', 'close'] as const
const contributions = ['issues', 'code', 'translate', 'host'] as const

export default function AboutPage() {
  const { t } = useTranslation()
  return (
    <MainLayout>
      <PageHero overline={t('general.about.overline')} title={t('general.about.title')} text={t('general.about.text')} />

      <Container maxWidth="lg" sx={{ pb: { xs: 8, md: 12 } }}>
        <Box
          component="section"
          aria-labelledby="about-what"
          sx={{ display: 'grid', gap: { xs: 3, md: 8 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        >
          <div>
            <Typography id="about-what" variant="h4" component="h2" sx={{ mb: 2 }}>
              {t('general.about.what.title')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('general.about.what.text')}</Typography>
            <Typography sx={{ color: 'text.secondary' }}>{t('general.about.what.why')}</Typography>
          </div>
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {journey.map((step, index) => (
              <Stack component="li" key={step} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Box
                  aria-hidden
                  sx={{
                    width: 36,
                    height: 36,
                    flexShrink: 0,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    fontWeight: 700,
                  }}
                >
                  {index + 1}
                </Box>
                <div>
                  <Typography sx={{ fontWeight: 700 }}>{t(`general.about.journey.${step}.title`)}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(`general.about.journey.${step}.text`)}
                  </Typography>
                </div>
              </Stack>
            ))}
          </Box>
        </Box>

        <Box component="section" aria-labelledby="about-values" sx={{ mt: { xs: 8, md: 12 } }}>
          <Typography id="about-values" variant="h4" component="h2" sx={{ mb: 4, textAlign: 'center' }}>
            {t('general.about.valuesTitle')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
            {values.map(({ key, icon: Icon }) => (
              <Card key={key} sx={{ p: 3 }}>
                <Icon sx={{ color: 'primary.main', fontSize: 32, mb: 2 }} />
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  {t(`general.about.values.${key}.title`)}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`general.about.values.${key}.text`)}
                </Typography>
              </Card>
            ))}
          </Box>
        </Box>

        <Box component="section" aria-labelledby="about-contribute" sx={{ mt: { xs: 8, md: 12 } }}>
          <Card sx={{ p: { xs: 3, md: 6 }, bgcolor: 'primary.darker', color: 'common.white' }}>
            <Typography id="about-contribute" variant="h4" component="h2" sx={{ mb: 1 }}>
              {t('general.about.contribute.title')}
            </Typography>
            <Typography sx={{ opacity: 0.8, mb: 4, maxWidth: 720 }}>{t('general.about.contribute.text')}</Typography>
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 4 }}>
              {contributions.map((way) => (
                <div key={way}>
                  <Typography sx={{ fontWeight: 700 }}>{t(`general.about.contribute.ways.${way}.title`)}</Typography>
                  <Typography variant="body2" sx={{ opacity: 0.8 }}>
                    {t(`general.about.contribute.ways.${way}.text`)}
                  </Typography>
                </div>
              ))}
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button
                component={Link}
                to="/register"
                variant="contained"
                size="large"
                sx={{ bgcolor: 'common.white', color: 'grey.800', '&:hover': { bgcolor: 'grey.300' } }}
              >
                {t('general.about.contribute.tryIt')}
              </Button>
              <Button component={Link} to="/contact-us?topic=partnership" variant="outlined" size="large" color="inherit">
                {t('general.about.contribute.talk')}
              </Button>
            </Stack>
          </Card>
        </Box>
      </Container>
    </MainLayout>
  )
}
