import type { Text } from './en'
import { en } from './en'

export const vi: Text = en
