import { LOOK } from '@closeroom/shared'
import { Avatar, Badge, Stack, Tooltip } from '@mui/material'
import { avatarColours, PeopleAvatars } from '../../components/PeopleAvatars'
import { useTranslation } from '../../locales/i18n'
import { Section, Subheading } from './Section'
import { dealTeam, salesTeam } from './sampleData'

const sizes = [24, 32, 40, 56] as const

export function AvatarsSection() {
  const { t } = useTranslation()
  return (
    <Section id="avatars" title={t('gallery.sections.avatars')} text={t('gallery.avatars.text', { max: LOOK.avatarGroupMax })}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 4, flexWrap: 'wrap' }}>
        <div>
          <Subheading>{t('gallery.avatars.team')}</Subheading>
          <PeopleAvatars people={salesTeam} data-testid="sales-team" />
        </div>
        <div>
          <Subheading>{t('gallery.avatars.dealTeam')}</Subheading>
          <PeopleAvatars people={dealTeam} />
        </div>
        <div>
          <Subheading>{t('gallery.avatars.sizes')}</Subheading>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {sizes.map((size, index) => {
              const person = salesTeam[index] ?? { name: '' }
              const online = index % 2 === 0
              const label = `${person.name} · ${t(online ? 'gallery.avatars.online' : 'gallery.avatars.away')}`
              return (
                <Tooltip key={size} title={label}>
                  <Badge
                    overlap="circular"
                    variant="dot"
                    color={online ? 'success' : 'warning'}
                    anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                    sx={{ '& .MuiBadge-dot': { border: 2, borderColor: 'background.paper', width: 12, height: 12, borderRadius: '50%' } }}
                  >
                    <Avatar
                      role="img"
                      aria-label={label}
                      sx={{ width: size, height: size, fontSize: size * 0.42, ...avatarColours(person.name) }}
                    >
                      {person.name.charAt(0)}
                    </Avatar>
                  </Badge>
                </Tooltip>
              )
            })}
          </Stack>
        </div>
      </Stack>
    </Section>
  )
}
