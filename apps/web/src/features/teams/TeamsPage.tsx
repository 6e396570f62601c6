import { can } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import { Alert, Box, Button, Card, CardActionArea, Skeleton, Typography } from '@mui/material'
import { Link } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { PageHeader } from '../../components/PageHeader'
import { PeopleAvatars } from '../../components/PeopleAvatars'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { useTeams } from './queries'

export default function TeamsPage() {
  const { t } = useTranslation()
  const { user: me } = useAuthContext()
  const teams = useTeams()
  const canManage = can(me, 'teams.manage')

  return (
    <>
      <PageHeader
        title={t('people.teams.title')}
        action={
          canManage && (
            <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/teams/new">
              {t('people.teams.create')}
            </Button>
          )
        }
      />
      {teams.isError && <Alert severity="error">{serverErrorText(t, teams.error)}</Alert>}
      {teams.data?.length === 0 && (
        <Card sx={{ p: 5, textAlign: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>{t('people.teams.empty')}</Typography>
        </Card>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
        {teams.isPending && [0, 1, 2].map((card) => <Skeleton key={card} variant="rounded" height={140} />)}
        {teams.data?.map((team) => {
          const body = (
            <Box sx={{ p: 3 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
                {team.name}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                {t('people.teams.memberCount', { count: team.members.length })}
              </Typography>
              <PeopleAvatars people={team.members} sx={{ justifyContent: 'flex-start' }} />
            </Box>
          )
          return (
            <Card key={team.id}>
              {canManage ? (
                <CardActionArea component={Link} to={`/teams/${team.id}/edit`}>
                  {body}
                </CardActionArea>
              ) : (
                body
              )}
            </Card>
          )
        })}
      </Box>
    </>
  )
}
