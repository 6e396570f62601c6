import { Tab, Tabs } from '@mui/material'
import { Link, Outlet, useLocation } from 'react-router'
import { PageHeader } from '../../components/PageHeader'
import { useTranslation } from '../../locales/i18n'

export const personalSections = ['general', 'calendar', 'connected-apps', 'change-password', 'api-keys', 'notifications'] as const
export const adminSections = ['account', 'deal', 'booking', 'crm-integrations'] as const
/** Sections whose texts live in their own area (its tab's name with them) rather than under settingsPages. */
const sectionLabels: Partial<Record<string, string>> = { 'api-keys': 'apiKeys.section' }

/** A settings area: its title, a tab per section (scrollable on small screens) and the open section. */
export function SettingsLayout({ base, title, sections }: { base: string; title: string; sections: readonly string[] }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const current = sections.find((section) => pathname === `${base}/${section}`) ?? false
  return (
    <>
      <PageHeader title={title} />
      <Tabs value={current} aria-label={title} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
        {sections.map((section) => (
          <Tab
            key={section}
            value={section}
            label={t(sectionLabels[section] ?? `settingsPages.sections.${section}`)}
            component={Link}
            to={`${base}/${section}`}
          />
        ))}
      </Tabs>
      <Outlet />
    </>
  )
}

export function PersonalSettingsLayout() {
  const { t } = useTranslation()
  return <SettingsLayout base="/settings" title={t('settingsPages.title')} sections={personalSections} />
}

export function AdminSettingsLayout() {
  const { t } = useTranslation()
  return <SettingsLayout base="/admin-settings" title={t('settingsPages.adminTitle')} sections={adminSections} />
}
