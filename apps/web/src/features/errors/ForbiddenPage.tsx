import { useTranslation } from 'react-i18next'
import { ErrorPage } from './ErrorPage'

export default function ForbiddenPage() {
  const { t } = useTranslation()
  return <ErrorPage code="403" title={t('errors.forbidden.title')} text={t('errors.forbidden.text')} />
}
