import { LAYOUT } from '@closeroom/shared'
import { Box, Container, Link, Stack, Typography } from '@mui/material'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { MainLayout } from '../../components/MainLayout'
import { useTranslation } from '../../locales/i18n'
import { AvatarsSection } from './AvatarsSection'
import { ButtonsSection } from './ButtonsSection'
import { ChartsSection } from './ChartsSection'
import { ChipsSection } from './ChipsSection'
import { ColorsSection } from './ColorsSection'
import { DialogsSection } from './DialogsSection'
import { InputsSection } from './InputsSection'
import { sectionIds } from './Section'
import { TablesSection } from './TablesSection'
import { ToastsSection } from './ToastsSection'
import { TypographySection } from './TypographySection'

/** /components: every shared building block in the current theme, for contributors and designers. */
export default function ComponentsPage() {
  const { t } = useTranslation()
  const { hash } = useLocation()

  // The page arrives after its chunk, so the browser's own jump to #section found nothing to scroll to.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView()
  }, [hash])

  return (
    <MainLayout>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 8 } }}>
        <Typography variant="h3" component="h1">
          {t('gallery.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1.5, mb: { xs: 4, md: 6 }, maxWidth: 720 }}>{t('gallery.intro')}</Typography>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 3, md: 5 },
            gridTemplateColumns: { xs: '1fr', md: '200px minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box
            component="nav"
            aria-label={t('gallery.contents')}
            sx={{ position: { md: 'sticky' }, top: { md: LAYOUT.header.mainDesktop + 24 } }}
          >
            <Typography variant="overline" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
              {t('gallery.contents')}
            </Typography>
            <Stack
              component="ul"
              direction={{ xs: 'row', md: 'column' }}
              sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap', gap: { xs: 1, md: 0.25 } }}
            >
              {sectionIds.map((id) => (
                <li key={id}>
                  <Link
                    href={`#${id}`}
                    underline="none"
                    color="text.secondary"
                    sx={{
                      display: 'block',
                      typography: 'body2',
                      fontWeight: 600,
                      py: { xs: 0.5, md: 0.75 },
                      px: { xs: 1.25, md: 1.5 },
                      borderRadius: 1,
                      border: { xs: 1, md: 0 },
                      borderColor: { xs: 'divider' },
                      '&:hover': { color: 'text.primary', bgcolor: 'action.hover' },
                    }}
                  >
                    {t(`gallery.sections.${id}`)}
                  </Link>
                </li>
              ))}
            </Stack>
          </Box>
          <Stack spacing={{ xs: 3, md: 4 }} sx={{ minWidth: 0 }}>
            <ColorsSection />
            <TypographySection />
            <ButtonsSection />
            <InputsSection />
            <ChipsSection />
            <AvatarsSection />
            <ChartsSection />
            <ToastsSection />
            <DialogsSection />
            <TablesSection />
          </Stack>
        </Box>
      </Container>
    </MainLayout>
  )
}
