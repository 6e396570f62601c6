import { useTranslation } from '../../locales/i18n'
import { ErrorPage } from './ErrorPage'

export default function ServerErrorPage() {
  const { t } = useTranslation()
  return <ErrorPage code="500" title={t('errors.server.title')} text={t('errors.server.text')} retry="/" />
}
