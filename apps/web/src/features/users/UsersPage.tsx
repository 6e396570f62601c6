import { can } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import { Alert, Avatar, Box, Button, Card, Stack, TableCell, Typography } from '@mui/material'
import { Link } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { LinkRow, ListTable, RowTitle } from '../../components/ListTable'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { PresenceBadge } from '../presence/PresenceBadge'
import { usePresence } from '../presence/presence'
import { useUsers } from './queries'
import { StatusChip } from './UserChips'

export default function UsersPage() {
  const { t } = useTranslation()
  const { user: me } = useAuthContext()
  const users = useUsers()
  const presence = usePresence()
  // Every row opens its edit page for those who edit users; the page then offers what the table allows for that person.
  const canEdit = can(me, 'users.update')

  return (
    <>
      <PageHeader
        title={t('people.users.title')}
        action={
          can(me, 'users.invite') && (
            <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/users/new">
              {t('people.users.invite')}
            </Button>
          )
        }
      />
      {users.isError && <Alert severity="error">{serverErrorText(t, users.error)}</Alert>}
      <Card>
        <ListTable
          label={t('people.users.title')}
          columns={[{ label: t('people.users.name') }, { label: t('people.role') }, { label: t('people.status') }]}
          items={users.data}
          loading={users.isPending}
          row={(user) => (
            <LinkRow key={user.id} to={canEdit ? `/users/${user.id}/edit` : undefined}>
              <TableCell>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <PresenceBadge state={presence(user.id)}>
                    <Avatar src={user.avatarUrl ?? undefined} alt="" sx={{ bgcolor: 'primary.main' }}>
                      {user.name.slice(0, 1).toUpperCase()}
                    </Avatar>
                  </PresenceBadge>
                  <Box sx={{ minWidth: 0 }}>
                    <RowTitle to={canEdit ? `/users/${user.id}/edit` : undefined}>{user.name}</RowTitle>
                    {user.id === me?.id && (
                      <Typography component="span" sx={{ color: 'text.secondary' }}>
                        {' '}
                        ({t('people.users.you')})
                      </Typography>
                    )}
                    <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                      <bdi>{user.email}</bdi>
                    </Typography>
                  </Box>
                </Stack>
              </TableCell>
              <TableCell>{t(`people.roles.${user.role}`)}</TableCell>
              <TableCell>
                <StatusChip status={user.status} />
              </TableCell>
            </LinkRow>
          )}
        />
      </Card>
    </>
  )
}
