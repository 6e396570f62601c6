import { Chip } from '@mui/material'

const colours = { open: 'default', won: 'success', lost: 'error' } as const

/** A stage's name, green once won and red once lost. */
export function StageChip({ name, kind }: { name: string; kind: 'open' | 'won' | 'lost' }) {
  return <Chip size="small" label={name} color={colours[kind]} variant={kind === 'open' ? 'outlined' : 'filled'} />
}
