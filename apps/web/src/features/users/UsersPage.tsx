import AddRounded from '@mui/icons-material/AddRounded'
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { Link, useNavigate } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { PresenceBadge } from '../presence/PresenceBadge'
import { usePresence } from '../presence/presence'
import { useUsers } from './queries'
import { StatusChip } from './UserChips'

export default function UsersPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user: me } = useAuthContext()
  const users = useUsers()
  const presence = usePresence()
  const isAdmin = me?.role === 'owner' || me?.role === 'admin'

  return (
    <>
      <PageHeader
        title={t('people.users.title')}
        action={
          isAdmin && (
            <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/users/new">
              {t('people.users.invite')}
            </Button>
          )
        }
      />
      {users.isError && <Alert severity="error">{serverErrorText(t, users.error.message)}</Alert>}
      <Card>
        <TableContainer>
          <Table>
            <TableHead>
              <TableRow>
                <TableCell>{t('people.users.name')}</TableCell>
                <TableCell>{t('people.role')}</TableCell>
                <TableCell>{t('people.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.isPending &&
                [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={3}>
                      <Skeleton height={40} />
                    </TableCell>
                  </TableRow>
                ))}
              {users.data?.map((user) => (
                <TableRow
                  key={user.id}
                  hover={isAdmin}
                  onClick={isAdmin ? () => navigate(`/users/${user.id}/edit`) : undefined}
                  sx={{ cursor: isAdmin ? 'pointer' : 'default' }}
                >
                  <TableCell>
                    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                      <PresenceBadge state={presence(user.id)}>
                        <Avatar src={user.avatarUrl ?? undefined} alt="" sx={{ bgcolor: 'primary.main' }}>
                          {user.name.slice(0, 1).toUpperCase()}
                        </Avatar>
                      </PresenceBadge>
                      <Box sx={{ minWidth: 0 }}>
                        {isAdmin ? (
                          <Typography
                            component={Link}
                            to={`/users/${user.id}/edit`}
                            sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
                          >
                            {user.name}
                          </Typography>
                        ) : (
                          <Typography sx={{ fontWeight: 600 }}>{user.name}</Typography>
                        )}
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
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </>
  )
}
