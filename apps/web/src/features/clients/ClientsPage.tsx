import AddRounded from '@mui/icons-material/AddRounded'
import FileUploadRounded from '@mui/icons-material/FileUploadRounded'
import SearchRounded from '@mui/icons-material/SearchRounded'
import { Alert, Avatar, Button, Card, InputAdornment, Stack, TableCell, TextField, Typography } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { CsvImportDialog } from '../../components/CsvImportDialog'
import { LinkRow, ListTable, RowTitle } from '../../components/ListTable'
import { PageHeader } from '../../components/PageHeader'
import { avatarColours } from '../../components/PeopleAvatars'
import { client, unwrap } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { useSearchBox } from '../../lib/useSearchBox'
import { useTranslation } from '../../locales/i18n'
import { usePipelineToasts } from '../deals/realtime'
import { ClientDialog } from './ClientFormFields'
import { clientKeys, useClients } from './queries'

/** /clients: the buyers' contacts, searched by name, email or company. */
export default function ClientsPage() {
  const { t } = useTranslation()
  usePipelineToasts()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [search, setSearch] = useSearchBox()
  const [creating, setCreating] = useState(false)
  const [importing, setImporting] = useState(false)
  const queryClient = useQueryClient()
  const { enqueueSnackbar } = useSnackbar()
  const q = params.get('q') ?? ''
  const clients = useClients(q, 100)

  return (
    <>
      <PageHeader
        title={t('pipeline.clients.title')}
        action={
          <Stack direction="row" spacing={1.5}>
            <Button variant="outlined" startIcon={<FileUploadRounded />} onClick={() => setImporting(true)}>
              {t('pipeline.clients.import')}
            </Button>
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setCreating(true)}>
              {t('pipeline.clients.create')}
            </Button>
          </Stack>
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
            {serverErrorText(t, clients.error)}
          </Alert>
        )}
        <ListTable
          label={t('pipeline.clients.title')}
          columns={[
            { label: t('pipeline.clients.name') },
            { label: t('pipeline.clients.company') },
            { label: t('pipeline.clients.email') },
            { label: t('pipeline.clients.phone') },
          ]}
          items={clients.data}
          loading={clients.isPending}
          empty={q ? t('pipeline.clients.noMatch') : t('pipeline.clients.empty')}
          row={(client) => (
            <LinkRow key={client.id} to={`/clients/${client.id}`}>
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Avatar alt="" sx={{ width: 32, height: 32, fontSize: 14, ...avatarColours(client.name) }}>
                    {client.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                  <div>
                    <RowTitle to={`/clients/${client.id}`}>{client.name}</RowTitle>
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
            </LinkRow>
          )}
        />
      </Card>
      <CsvImportDialog
        open={importing}
        title={t('pipeline.clients.importTitle')}
        fields={[
          { name: 'name', label: t('pipeline.clients.name'), required: true },
          { name: 'email', label: t('pipeline.clients.email') },
          { name: 'phone', label: t('pipeline.clients.phone') },
          { name: 'company', label: t('pipeline.clients.company') },
          { name: 'title', label: t('pipeline.clients.jobTitle') },
        ]}
        run={(body) => unwrap(client.POST('/clients/import', { body }))}
        onClose={() => setImporting(false)}
        onImported={(report) => {
          setImporting(false)
          enqueueSnackbar(t('pipeline.clients.imported', { count: report.imported }), { variant: 'success' })
          void queryClient.invalidateQueries({ queryKey: [...clientKeys.all, 'list'] })
        }}
      />
      <ClientDialog open={creating} onClose={() => setCreating(false)} onCreated={(client) => navigate(`/clients/${client.id}`)} />
    </>
  )
}
