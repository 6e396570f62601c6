import { useEffect, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'

/**
 * A search box kept in the address as ?q=: the box follows every keystroke, the address (and so the list's
 * query) once typing pauses for `ms`. A pause that ends after the user has left the page (a result clicked
 * while its page loads, the list still on screen) changes nothing: it would pull them back to the list.
 */
export function useSearchBox(ms = 300) {
  const [params, setParams] = useSearchParams()
  const { pathname } = useLocation()
  const q = params.get('q') ?? ''
  const [search, setSearch] = useState(q)

  useEffect(() => {
    const value = search.trim()
    if (value === q) return
    const timer = setTimeout(() => {
      // The address bar is ahead of the page shown while the next page loads.
      if (window.location.pathname !== pathname) return
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (value) next.set('q', value)
          else next.delete('q')
          return next
        },
        { replace: true },
      )
    }, ms)
    return () => clearTimeout(timer)
  }, [search, q, pathname, setParams, ms])

  return [search, setSearch] as const
}
