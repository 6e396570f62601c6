import { Component, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { ErrorPage } from '../features/errors/ErrorPage'
import { useTranslation } from '../locales/i18n'

function CrashPage() {
  const { t } = useTranslation()
  return <ErrorPage code="500" title={t('errors.crash.title')} text={t('errors.crash.text')} retry={window.location.href} />
}

type Props = { children: ReactNode; location: string }

type State = { failedAt: string | null }

class Boundary extends Component<Props, State> {
  state: State = { failedAt: null }

  static getDerivedStateFromError(): State {
    return { failedAt: window.location.pathname }
  }

  // Moving to another page leaves the broken one behind; coming back to it tries it again.
  static getDerivedStateFromProps(props: Props, state: State): State | null {
    return state.failedAt !== null && state.failedAt !== props.location ? { failedAt: null } : null
  }

  componentDidCatch(error: unknown) {
    console.error(error)
  }

  render() {
    if (this.state.failedAt !== null) return <CrashPage />
    return this.props.children
  }
}

/**
 * A page that throws while rendering, or whose chunk fails to download (a deploy replaced it, the network
 * dropped), shows the product's error page with a way to try again, instead of taking the whole app down.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation().pathname}>{children}</Boundary>
}
