import { useTranslation } from '../../locales/i18n'
import { ErrorPage } from './ErrorPage'

export default function NotFoundPage() {
  const { t } = useTranslation()
  return <ErrorPage code="404" title={t('errors.notFound.title')} text={t('errors.notFound.text')} />
}
