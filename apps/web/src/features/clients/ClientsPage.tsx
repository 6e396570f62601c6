import AddRounded from '@mui/icons-material/AddRounded'
import SearchRounded from '@mui/icons-material/SearchRounded'
import {
  Alert,
  Avatar,
  Button,
  Card,
  InputAdornment,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { PageHeader } from '../../components/PageHeader'
import { avatarColours } from '../../components/PeopleAvatars'
import { serverErrorText } from '../../lib/errorText'
import { useSearchBox } from '../../lib/useSearchBox'
import { useTranslation } from '../../locales/i18n'
import { usePipelineToasts } from '../deals/realtime'
import { ClientDialog } from './ClientFormFields'
import { useClients } from './queries'

/** /clients: the buyers' contacts, searched by name, email or company. */
export default function ClientsPage() {
  const { t } = useTranslation()
  usePipelineToasts()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [search, setSearch] = useSearchBox()
  const [creating, setCreating] = useState(false)
  const q = params.get('q') ?? ''
  const clients = useClients(q, 100)

  return (
    <>
      <PageHeader
        title={t('pipeline.clients.title')}
        action={
          <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
            {t('pipeline.clients.create')}
          </Button>
        }
      />
      <Card>
        <TextField
          type="search"
          label={t('pipeline.clients.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ m: 2.5, width: { xs: 'calc(100% - 40px)', sm: 400 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded />
                </InputAdornment>
              ),
            },
          }}
        />
        {clients.isError && (
          <Alert severity="error" sx={{ mx: 2.5, mb: 2 }}>
            {serverErrorText(t, clients.error.message)}
          </Alert>
        )}
        <TableContainer>
          <Table aria-label={t('pipeline.clients.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('pipeline.clients.name')}</TableCell>
                <TableCell>{t('pipeline.clients.company')}</TableCell>
                <TableCell>{t('pipeline.clients.email')}</TableCell>
                <TableCell>{t('pipeline.clients.phone')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {clients.isPending &&
                [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={4}>
                      <Skeleton height={36} />
                    </TableCell>
                  </TableRow>
                ))}
              {clients.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4} sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
                    {q ? t('pipeline.clients.noMatch') : t('pipeline.clients.empty')}
                  </TableCell>
                </TableRow>
              )}
              {clients.data?.map((client) => (
                <TableRow key={client.id} hover onClick={() => navigate(`/clients/${client.id}`)} sx={{ cursor: 'pointer' }}>
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <Avatar alt="" sx={{ width: 32, height: 32, fontSize: 14, ...avatarColours(client.name) }}>
                        {client.name.slice(0, 1).toUpperCase()}
                      </Avatar>
                      <div>
                        <Typography
                          component={Link}
                          to={`/clients/${client.id}`}
                          onClick={(event) => event.stopPropagation()}
                          sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
                        >
                          {client.name}
                        </Typography>
                        {client.title && (
                          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                            {client.title}
                          </Typography>
                        )}
                      </div>
                    </Stack>
                  </TableCell>
                  <TableCell>{client.company}</TableCell>
                  <TableCell>
                    <bdi>{client.email}</bdi>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <bdi>{client.phone ? (parsePhoneNumberFromString(client.phone)?.formatInternational() ?? client.phone) : ''}</bdi>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
      <ClientDialog open={creating} onClose={() => setCreating(false)} onCreated={(client) => navigate(`/clients/${client.id}`)} />
    </>
  )
}
