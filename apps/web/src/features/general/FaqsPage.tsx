import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded'
import SearchRounded from '@mui/icons-material/SearchRounded'
import { Accordion, AccordionDetails, AccordionSummary, Box, Container, InputAdornment, TextField, Typography } from '@mui/material'
import { useDeferredValue, useState } from 'react'
import { MainLayout } from '../../components/MainLayout'
import { RouterLink } from '../../components/RouterLink'
import { useTranslation } from '../../locales/i18n'
import { PageHero } from './PageHero'

export const FAQ_IDS = [
  'what',
  'free',
  'install',
  'booking',
  'calls',
  'salesRooms',
  'recordings',
  'agreements',
  'data',
  'languages',
  'scale',
  'paidPlans',
  'contribute',
] as const

/** Lower case without accents, so "reservation" finds "réservation" and "dat lich" finds "đặt lịch". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLocaleLowerCase()

export default function FaqsPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  // While searching, the matching answers open by themselves; a question opened or closed by hand stays so until the search changes.
  const [toggled, setToggled] = useState<Record<string, boolean>>({})
  const query = fold(useDeferredValue(search).trim())
  const items = FAQ_IDS.map((id) => ({ id, question: t(`general.faqs.items.${id}.q`), answer: t(`general.faqs.items.${id}.a`) }))
  const shown = query ? items.filter((item) => fold(`${item.question} ${item.answer}`).includes(query)) : items

  return (
    <MainLayout>
      <PageHero overline={t('general.faqs.overline')} title={t('general.faqs.title')} text={t('general.faqs.text')}>
        <TextField
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setToggled({})
          }}
          placeholder={t('general.faqs.searchPlaceholder')}
          aria-label={t('general.faqs.search')}
          fullWidth
          sx={{ mt: 4, maxWidth: 560, bgcolor: 'background.paper', borderRadius: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded />
                </InputAdornment>
              ),
            },
          }}
        />
      </PageHero>

      <Container maxWidth="md" sx={{ pb: { xs: 8, md: 12 } }}>
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mb: 2 }}>
          {query ? t('general.faqs.found', { count: shown.length }) : t('general.faqs.all', { count: items.length })}
        </Typography>
        {shown.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h6" component="p" sx={{ mb: 1 }}>
              {t('general.faqs.noMatch', { search: search.trim() })}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>
              {t('general.faqs.askUs')} <RouterLink to="/contact-us?topic=support">{t('general.faqs.contactUs')}</RouterLink>
            </Typography>
          </Box>
        ) : (
          <div data-testid="faq-list">
            {shown.map((item) => (
              <Accordion
                key={item.id}
                expanded={toggled[item.id] ?? Boolean(query)}
                onChange={(_event, expanded) => setToggled((current) => ({ ...current, [item.id]: expanded }))}
                disableGutters
                sx={{ '&::before': { display: 'none' }, mb: 1.5, borderRadius: 1 }}
              >
                <AccordionSummary expandIcon={<ExpandMoreRounded />} id={`faq-${item.id}`} aria-controls={`faq-${item.id}-answer`}>
                  <Typography component="h2" variant="subtitle1">
                    {item.question}
                  </Typography>
                </AccordionSummary>
                <AccordionDetails id={`faq-${item.id}-answer`}>
                  <Typography sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }}>{item.answer}</Typography>
                </AccordionDetails>
              </Accordion>
            ))}
          </div>
        )}
      </Container>
    </MainLayout>
  )
}
