import { useTranslation } from '../../locales/i18n'
import { ErrorPage } from './ErrorPage'

export default function ForbiddenPage() {
  const { t } = useTranslation()
  return <ErrorPage code="403" title={t('errors.forbidden.title')} text={t('errors.forbidden.text')} />
}
