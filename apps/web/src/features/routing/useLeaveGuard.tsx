import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useTranslation } from '../../locales/i18n'

/**
 * Asks before unsaved changes are lost: on closing or reloading the tab (the browser's own question), on
 * following a link inside the app (the menu, a breadcrumb), and on whatever the page passes to `leave` (a tab
 * switch). The app's router is the declarative one, which cannot block a navigation, so links are caught as
 * they are clicked.
 */
export function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [pending, setPending] = useState<(() => void) | null>(null)
  const dirtyNow = useRef(dirty)
  dirtyNow.current = dirty

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = (event.target as Element | null)?.closest?.('a[href]')
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.origin !== window.location.origin) return
      if (link.pathname === window.location.pathname && link.search === window.location.search) return
      event.preventDefault()
      event.stopPropagation()
      const to = link.pathname + link.search + link.hash
      setPending(() => () => navigate(to))
    }
    window.addEventListener('beforeunload', warn)
    document.addEventListener('click', onClick, true)
    return () => {
      window.removeEventListener('beforeunload', warn)
      document.removeEventListener('click', onClick, true)
    }
  }, [dirty, navigate])

  /** Runs `action` now, or once the person agrees to drop their changes. */
  function leave(action: () => void) {
    if (dirtyNow.current) setPending(() => action)
    else action()
  }

  const dialog = (
    <ConfirmDialog
      open={!!pending}
      title={t('routing.leave.title')}
      text={t('routing.leave.text')}
      confirmLabel={t('routing.leave.confirm')}
      cancelLabel={t('routing.leave.stay')}
      color="warning"
      pending={false}
      onClose={() => setPending(null)}
      onConfirm={() => {
        const action = pending
        setPending(null)
        dirtyNow.current = false
        action?.()
      }}
    />
  )
  return { leave, dialog }
}
