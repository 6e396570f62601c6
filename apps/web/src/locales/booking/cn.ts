import type { Text } from './en'
import { en } from './en'

export const cn: Text = en
