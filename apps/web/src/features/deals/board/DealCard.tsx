import type { DealSummary } from '@closeroom/shared'
import { useDraggable, useDroppable } from '@dnd-kit/core'
import EventOutlined from '@mui/icons-material/EventOutlined'
import { Avatar, Box, Card, Stack, type Theme, Tooltip, Typography } from '@mui/material'
import { formatDay, formatMoney } from '../../../components/money/money'
import { avatarColours } from '../../../components/PeopleAvatars'
import type { DropData } from '../../../lib/dropTarget'
import { useTranslation } from '../../../locales/i18n'

/** How a picked-up deal stands out: tilted, raised and outlined, whether lifted by keys or under a finger. */
const liftedStyle = (theme: Theme) => ({
  outline: `2px solid ${theme.palette.primary.main}`,
  transform: 'rotate(-1.5deg) scale(1.02)',
  boxShadow: theme.shadows[8],
})

/**
 * A deal on the board: name, company, amount, owner and expected close. Focusable, draggable (mouse, touch,
 * keyboard), a drop target for deals dragged before it, opens on click or Enter.
 */
export function DealCard({
  deal,
  lifted,
  dragging,
  onOpen,
}: {
  deal: DealSummary
  lifted: boolean
  dragging: boolean
  onOpen: () => void
}) {
  const { t } = useTranslation()
  const data: DropData = { list: deal.stageId, item: deal.id }
  const draggable = useDraggable({ id: deal.id, data })
  const droppable = useDroppable({ id: deal.id, data })
  return (
    <Box component="li">
      <Card
        ref={(node: HTMLElement | null) => {
          draggable.setNodeRef(node)
          droppable.setNodeRef(node)
        }}
        data-deal-id={deal.id}
        role="button"
        tabIndex={0}
        aria-roledescription={t('pipeline.kanban.cardRole')}
        aria-describedby="kanban-instructions"
        aria-pressed={lifted}
        {...draggable.listeners}
        onKeyDown={(event) => {
          draggable.listeners?.onKeyDown?.(event)
          // While a deal is lifted, Enter drops it: the keyboard sensor handles that.
          if (event.key === 'Enter' && !draggable.active) onOpen()
        }}
        onClick={onOpen}
        sx={(theme) => ({
          p: 1.5,
          position: 'relative',
          cursor: 'grab',
          // A finger that moves before the touch sensor's delay scrolls the board; one that rests drags.
          touchAction: 'manipulation',
          userSelect: 'none',
          WebkitTouchCallout: 'none',
          opacity: dragging ? 0.5 : 1,
          transition: 'box-shadow 120ms, transform 120ms',
          ...(lifted && liftedStyle(theme)),
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          '&:hover': { boxShadow: theme.shadows[4] },
        })}
      >
        <DealCardContent deal={deal} />
      </Card>
    </Box>
  )
}

/** The card that follows the mouse or the finger during a drag: the deal's face, lifted. */
export function DealCardGhost({ deal }: { deal: DealSummary }) {
  return (
    <Card sx={(theme) => ({ p: 1.5, ...liftedStyle(theme) })}>
      <DealCardContent deal={deal} />
    </Card>
  )
}

function DealCardContent({ deal }: { deal: DealSummary }) {
  const { i18n } = useTranslation()
  const amount = formatMoney(deal.amount, deal.currency, i18n.language)
  const close = deal.expectedCloseDate ? formatDay(deal.expectedCloseDate, i18n.language) : null
  return (
    <>
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
    </>
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
