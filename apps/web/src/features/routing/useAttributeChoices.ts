import type { AttributeChoice } from './AttributeMatchRows'

/**
 * The attribute keys members hold, with their values, for the members action's rows. Until the organization's
 * attributes can be read, keys are typed freely.
 */
export function useAttributeChoices(): AttributeChoice[] {
  return []
}
