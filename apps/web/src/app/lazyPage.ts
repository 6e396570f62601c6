import { type ComponentType, createElement, lazy, useState } from 'react'
import { loadTexts, type TextArea } from '../locales/i18n'

/** A lazy page, with a way to load it before it renders (preloadPage in ./router). */
export type LazyPage<P extends object> = ComponentType<P> & { preload(): Promise<unknown> }

/**
 * A page in a chunk of its own, rendered once its code and the text areas it shows have arrived: public pages
 * never download the signed-in app's code, and a buyer's page only its own texts.
 * A page loaded beforehand (`preload`) renders at once, without suspending: that is how the server renders a
 * public page whole and the browser hydrates it in one pass (entry-server.tsx, main.tsx). Each mount keeps
 * the component it started with, so the page is never swapped for itself and remounted.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, ...texts: TextArea[]): LazyPage<P> {
  let loaded: ComponentType<P> | undefined
  const preload = async () => {
    const [module] = await Promise.all([load(), loadTexts(...texts)])
    loaded = module.default
    return module
  }
  const Lazy = lazy(preload)
  function Page(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return createElement(Component, props)
  }
  return Object.assign(Page, { preload })
}
