import type { DealSummary } from '@closeroom/shared'
import EventOutlined from '@mui/icons-material/EventOutlined'
import { Avatar, Box, Card, Stack, Tooltip, Typography } from '@mui/material'
import type { DragEvent, KeyboardEvent } from 'react'
import { avatarColours } from '../../components/PeopleAvatars'
import { useTranslation } from '../../locales/i18n'
import { formatDay, formatMoney } from '../deals/money'

/** A deal on the board: name, company, amount, owner and expected close. Focusable, draggable, opens on click or Enter. */
export function DealCard({
  deal,
  lifted,
  dragging,
  onKeyDown,
  onOpen,
  onDragStart,
  onDragEnd,
}: {
  deal: DealSummary
  lifted: boolean
  dragging: boolean
  onKeyDown: (event: KeyboardEvent) => void
  onOpen: () => void
  onDragStart: (event: DragEvent) => void
  onDragEnd: () => void
}) {
  const { t, i18n } = useTranslation()
  const amount = formatMoney(deal.amount, deal.currency, i18n.language)
  const close = deal.expectedCloseDate ? formatDay(deal.expectedCloseDate, i18n.language) : null
  return (
    <Box component="li">
      <Card
        data-deal-id={deal.id}
        role="button"
        tabIndex={0}
        aria-roledescription={t('pipeline.kanban.cardRole')}
        aria-describedby="kanban-instructions"
        aria-pressed={lifted}
        draggable
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onKeyDown={onKeyDown}
        onClick={onOpen}
        sx={(theme) => ({
          p: 1.5,
          position: 'relative',
          cursor: 'grab',
          opacity: dragging ? 0.5 : 1,
          transition: 'box-shadow 120ms, transform 120ms',
          outline: lifted ? `2px solid ${theme.palette.primary.main}` : undefined,
          transform: lifted ? 'rotate(-1.5deg) scale(1.02)' : undefined,
          boxShadow: lifted ? theme.shadows[8] : undefined,
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          '&:hover': { boxShadow: theme.shadows[4] },
        })}
      >
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{deal.name}</Typography>
        {deal.company && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            {deal.company}
          </Typography>
        )}
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1, gap: 1 }}>
          <Typography variant="subtitle2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {amount}
          </Typography>
          <Tooltip title={deal.owner.name}>
            <Avatar
              aria-hidden
              alt=""
              src={deal.owner.avatarUrl ?? undefined}
              sx={{ width: 26, height: 26, fontSize: 12, ...avatarColours(deal.owner.name) }}
            >
              {deal.owner.name.slice(0, 1).toUpperCase()}
            </Avatar>
          </Tooltip>
          {/* Read out with the card's name; the avatar shows it. */}
          <Box component="span" sx={visuallyHidden}>
            {deal.owner.name}
          </Box>
        </Stack>
        {close && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.5, color: 'text.secondary' }}>
            <EventOutlined sx={{ fontSize: 16 }} />
            <Typography variant="caption">{close}</Typography>
          </Stack>
        )}
      </Card>
    </Box>
  )
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const
