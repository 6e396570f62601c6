import type { Text } from './en'
import { en } from './en'

export const fr: Text = en
