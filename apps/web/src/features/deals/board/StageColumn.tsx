import type { Board } from '@closeroom/shared'
import { useDroppable } from '@dnd-kit/core'
import { Box, Chip, Paper, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { DropMarker } from '../../../components/DropMarker'
import { formatMoney } from '../../../components/money/money'
import type { DropData } from '../../../lib/dropTarget'
import { useTranslation } from '../../../locales/i18n'

const accent = { open: 'primary.main', won: 'success.main', lost: 'error.main' } as const

/**
 * A stage's column: its name, how many deals it holds and their value per currency, then the cards. The whole
 * column is a drop target (past its last card, a drop lands at its end); `dropIndex`, a position among the
 * drawn cards, marks where a dragged deal would land.
 */
export function StageColumn({
  column,
  dropIndex,
  children,
}: {
  column: Board['columns'][number]
  dropIndex: number | null
  children: ReactNode[]
}) {
  const { t, i18n } = useTranslation()
  const data: DropData = { list: column.stage.id }
  const { setNodeRef } = useDroppable({ id: `column-${column.stage.id}`, data })
  const headingId = `stage-${column.stage.id}`
  const cards = [...children]
  if (dropIndex !== null) cards.splice(Math.min(dropIndex, cards.length), 0, <DropMarker key="drop-marker" />)
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      data-stage-id={column.stage.id}
      ref={setNodeRef}
      sx={(theme) => ({
        width: 290,
        flexShrink: 0,
        bgcolor: theme.palette.mode === 'dark' ? 'grey.900' : 'grey.100',
        borderTop: 3,
        borderTopColor: accent[column.stage.kind],
        outline: dropIndex !== null ? `2px dashed ${theme.palette.primary.main}` : undefined,
        outlineOffset: -2,
      })}
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id={headingId} variant="subtitle1" component="h2" noWrap>
            {column.stage.name}
          </Typography>
          <Chip size="small" label={column.count} aria-label={t('pipeline.dealCount', { count: column.count })} />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', minHeight: 20 }} data-testid="column-total">
          {column.totals.length
            ? column.totals.map((total) => formatMoney(total.amount, total.currency, i18n.language)).join(' · ')
            : t('pipeline.kanban.noValue')}
        </Typography>
      </Box>
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{ listStyle: 'none', m: 0, p: 1.5, pt: 0.5, display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 120 }}
      >
        {cards}
      </Box>
      {column.count > column.deals.length && (
        <Typography variant="caption" sx={{ display: 'block', px: 2, pb: 1.5, color: 'text.secondary' }}>
          {t('pipeline.kanban.more', { count: column.count - column.deals.length })}
        </Typography>
      )}
    </Paper>
  )
}
