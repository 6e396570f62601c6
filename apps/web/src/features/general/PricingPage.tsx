import { type BillingPeriod, PLAN_PRICES } from '@closeroom/shared'
import CheckRounded from '@mui/icons-material/CheckRounded'
import {
  Box,
  Button,
  Card,
  Chip,
  Container,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material'
import { Link, useSearchParams } from 'react-router'
import { MainLayout } from '../../components/MainLayout'
import { RouterLink } from '../../components/RouterLink'
import { useTranslation } from '../../locales/i18n'
import { formatPrice } from './format'
import { PageHero } from './PageHero'
import { isBillingPeriod, PLAN_IDS, type PlanId, paymentPath, yearlySaving } from './plans'

export default function PricingPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  // The period lives in the address, so a shared link or a reload shows the same prices.
  const requested = params.get('period')
  const period: BillingPeriod = isBillingPeriod(requested) ? requested : 'yearly'

  return (
    <MainLayout>
      <PageHero overline={t('general.pricing.overline')} title={t('general.pricing.title')} text={t('general.pricing.text')}>
        <ToggleButtonGroup
          exclusive
          value={period}
          onChange={(_event, value: BillingPeriod | null) => value && setParams({ period: value }, { replace: true })}
          aria-label={t('general.pricing.billing')}
          sx={{ mt: 4, bgcolor: 'background.paper' }}
        >
          <ToggleButton value="monthly" sx={{ px: 3 }}>
            {t('general.pricing.monthly')}
          </ToggleButton>
          <ToggleButton value="yearly" sx={{ px: 3, gap: 1 }}>
            {t('general.pricing.yearly')}
            <Chip size="small" color="primary" label={t('general.pricing.save', { percent: yearlySaving() })} />
          </ToggleButton>
        </ToggleButtonGroup>
      </PageHero>

      <Container maxWidth="lg" sx={{ pb: { xs: 8, md: 12 } }}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, alignItems: 'stretch' }}>
          {PLAN_IDS.map((plan) => (
            <PlanCard key={plan} plan={plan} period={period} />
          ))}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', mt: 5 }}>
          {t('general.pricing.footnote')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center', mt: 1 }}>
          {t('general.pricing.questions')} <RouterLink to="/faqs">{t('general.pricing.readFaq')}</RouterLink> {t('general.pricing.or')}{' '}
          <RouterLink to="/contact-us?topic=sales">{t('general.pricing.talkToUs')}</RouterLink>
        </Typography>
      </Container>
    </MainLayout>
  )
}

function PlanCard({ plan, period }: { plan: PlanId; period: BillingPeriod }) {
  const { t, i18n } = useTranslation()
  const features = t(`general.pricing.plans.${plan}.features`, { returnObjects: true }) as string[]
  const highlighted = plan === 'team'
  const name = t(`general.pricing.plans.${plan}.name`)

  return (
    <Card
      component="section"
      aria-labelledby={`plan-${plan}`}
      sx={{
        p: { xs: 3, md: 4 },
        display: 'flex',
        flexDirection: 'column',
        border: 2,
        borderColor: highlighted ? 'primary.main' : 'transparent',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={`plan-${plan}`} variant="h5" component="h2">
          {name}
        </Typography>
        {highlighted && <Chip size="small" variant="outlined" color="primary" label={t('general.pricing.forTeams')} />}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', minHeight: { md: 44 } }}>
        {t(`general.pricing.plans.${plan}.summary`)}
      </Typography>

      <Box sx={{ my: 3, minHeight: { md: 76 } }}>
        {plan === 'community' ? (
          <>
            <Typography variant="h3" component="p" data-testid={`price-${plan}`}>
              {t('general.pricing.free')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('general.pricing.freeForever')}
            </Typography>
          </>
        ) : (
          <>
            <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1 }}>
              <Typography variant="h3" component="p" data-testid={`price-${plan}`}>
                {formatPrice(PLAN_PRICES[plan][period], i18n.language)}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>{t('general.pricing.perSeatMonth')}</Typography>
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {period === 'yearly'
                ? t('general.pricing.billedYearly', { amount: formatPrice(PLAN_PRICES[plan].yearly * 12, i18n.language) })
                : t('general.pricing.billedMonthly')}
            </Typography>
          </>
        )}
      </Box>

      <List dense disablePadding sx={{ flex: 1, mb: 3 }}>
        {features.map((feature) => (
          <ListItem key={feature} disableGutters sx={{ alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ minWidth: 32, mt: 0.5, color: 'primary.main' }}>
              <CheckRounded fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={feature} />
          </ListItem>
        ))}
      </List>

      <Button
        component={Link}
        to={plan === 'community' ? '/register' : paymentPath(plan, period)}
        size="large"
        variant={highlighted ? 'contained' : 'outlined'}
        color={highlighted ? 'primary' : 'inherit'}
        fullWidth
      >
        {t(`general.pricing.plans.${plan}.action`)}
      </Button>
    </Card>
  )
}
