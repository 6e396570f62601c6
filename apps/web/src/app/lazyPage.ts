import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { loadTexts, type TextArea } from '../locales/i18n'

/**
 * A page in a chunk of its own, rendered once its code and the text areas it shows have arrived: public pages
 * never download the signed-in app's code, and a buyer's page only its own texts.
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  ...texts: TextArea[]
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => (await Promise.all([load(), loadTexts(...texts)]))[0])
}
