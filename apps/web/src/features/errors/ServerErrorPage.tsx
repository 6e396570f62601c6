import { useTranslation } from 'react-i18next'
import { ErrorPage } from './ErrorPage'

export default function ServerErrorPage() {
  const { t } = useTranslation()
  return <ErrorPage code="500" title={t('errors.server.title')} text={t('errors.server.text')} retry="/" />
}
