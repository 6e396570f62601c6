import type { PublicRoomAgreement } from '@closeroom/shared'
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined'
import { Box, Chip, Stack, Typography } from '@mui/material'
import { useTranslation } from '../../locales/i18n'
import { Section } from './bits'

const colours = { sent: 'info', completed: 'success', declined: 'error', expired: 'warning' } as const

/**
 * The deal's agreements once sent, each with where it stands: the room is shared with the buyer's whole team,
 * so it names them and says nothing of who signs what. Signing happens through each signer's own emailed link,
 * which opens this room with ?sign= (RoomSigning) when the room lets them in.
 */
export function RoomAgreements({ agreements }: { agreements: PublicRoomAgreement[] }) {
  const { t } = useTranslation()
  return (
    <Section id="room-agreements" title={t('salesroom.room.agreements')}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('salesroom.room.agreementsHint')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {agreements.map((agreement) => (
          <Stack component="li" key={agreement.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <DescriptionOutlined fontSize="small" aria-hidden sx={{ color: 'text.secondary' }} />
            <Typography dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: 1, textAlign: 'left' }}>
              {agreement.title}
            </Typography>
            <Chip size="small" color={colours[agreement.status]} label={t(`salesroom.room.agreementStatuses.${agreement.status}`)} />
          </Stack>
        ))}
      </Box>
    </Section>
  )
}
