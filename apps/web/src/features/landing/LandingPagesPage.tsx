import { can } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded'
import { Alert, Button, Card, IconButton, Link as MuiLink, Stack, TableCell, Tooltip, Typography } from '@mui/material'
import { Link } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { LinkRow, ListTable, RowTitle, StatusChip } from '../../components/ListTable'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { formatDate } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { publicUrlOf, useLandingPages } from './queries'

/** /landing-pages: the organization's public pages, published or not, with their addresses. */
export default function LandingPagesPage() {
  const { t, i18n } = useTranslation()
  const me = useAuthContext().user
  const pages = useLandingPages()
  return (
    <>
      <PageHeader
        title={t('landingApp.list.title')}
        action={
          can(me, 'landing.manage') && (
            <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/landing-pages/new">
              {t('landingApp.list.create')}
            </Button>
          )
        }
      />
      {pages.isError && <Alert severity="error">{serverErrorText(t, pages.error)}</Alert>}
      <Card>
        <ListTable
          label={t('landingApp.list.title')}
          columns={[
            { label: t('landingApp.list.page') },
            { label: t('landingApp.list.status') },
            { label: t('landingApp.list.link') },
            { label: t('landingApp.list.updated') },
          ]}
          items={pages.data}
          loading={pages.isPending}
          empty={t('landingApp.list.empty')}
          row={(page) => {
            const url = publicUrlOf(page)
            return (
              <LinkRow key={page.id} to={`/landing-pages/${page.id}`}>
                <TableCell>
                  <RowTitle to={`/landing-pages/${page.id}`}>{page.title}</RowTitle>
                  {page.headline && (
                    <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', maxWidth: 480 }} noWrap>
                      {page.headline}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <StatusChip on={page.published} label={page.published ? t('landingApp.list.published') : t('landingApp.list.draft')} />
                </TableCell>
                <TableCell onClick={(event) => event.stopPropagation()}>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <MuiLink href={url} target="_blank" rel="noopener" dir="ltr" variant="body2" underline="hover">
                      /l/{page.publicId}
                    </MuiLink>
                    <Tooltip title={t('landingApp.editor.open')}>
                      <IconButton
                        size="small"
                        href={url}
                        target="_blank"
                        rel="noopener"
                        aria-label={`${t('landingApp.editor.open')}: ${page.title}`}
                      >
                        <OpenInNewRounded fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>{formatDate(page.updatedAt, i18n.language)}</TableCell>
              </LinkRow>
            )
          }}
        />
      </Card>
    </>
  )
}
