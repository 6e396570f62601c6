import { createContext, type ReactNode, useContext, useLayoutEffect, useState, useTransition } from 'react'
import { UNSAFE_createBrowserHistory as createBrowserHistory, Router } from 'react-router'

const NavigationPendingContext = createContext(false)

/**
 * React Router's declarative `BrowserRouter`, plus the one thing the app needs from the data router: whether a
 * route change is still loading. Each change of address is a React transition, so the page shown stays until
 * the next page's chunk has arrived, and `useTransition` says when that is taking a while (the progress bar).
 * The data router (`createBrowserRouter`) would say so too, but costs a buyer's phone 20 KB more JavaScript.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }))
  const [state, setState] = useState({ action: history.action, location: history.location })
  const [pending, startTransition] = useTransition()
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history])
  return (
    <NavigationPendingContext.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history} useTransitions>
        {children}
      </Router>
    </NavigationPendingContext.Provider>
  )
}

/** True while a route change waits for its page to load. */
export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext)
}
