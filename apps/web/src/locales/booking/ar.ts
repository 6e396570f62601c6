import type { Text } from './en'
import { en } from './en'

export const ar: Text = en
