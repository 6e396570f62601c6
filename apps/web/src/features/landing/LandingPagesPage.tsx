import AddRounded from '@mui/icons-material/AddRounded'
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded'
import {
  Alert,
  Button,
  Card,
  Chip,
  IconButton,
  Link as MuiLink,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material'
import { Link, useNavigate } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { formatDate } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { publicUrlOf, useLandingPages } from './queries'

/** /landing-pages: the organization's public pages, published or not, with their addresses. */
export default function LandingPagesPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const me = useAuthContext().user
  const isAdmin = me?.role === 'owner' || me?.role === 'admin'
  const pages = useLandingPages()
  return (
    <>
      <PageHeader
        title={t('landingApp.list.title')}
        action={
          isAdmin && (
            <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/landing-pages/new">
              {t('landingApp.list.create')}
            </Button>
          )
        }
      />
      {pages.isError && <Alert severity="error">{serverErrorText(t, pages.error.message)}</Alert>}
      <Card>
        <TableContainer>
          <Table aria-label={t('landingApp.list.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('landingApp.list.page')}</TableCell>
                <TableCell>{t('landingApp.list.status')}</TableCell>
                <TableCell>{t('landingApp.list.link')}</TableCell>
                <TableCell>{t('landingApp.list.updated')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {pages.isPending &&
                [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={4}>
                      <Skeleton height={36} />
                    </TableCell>
                  </TableRow>
                ))}
              {pages.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4} sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
                    {t('landingApp.list.empty')}
                  </TableCell>
                </TableRow>
              )}
              {pages.data?.map((page) => {
                const url = publicUrlOf(page)
                return (
                  <TableRow key={page.id} hover onClick={() => navigate(`/landing-pages/${page.id}`)} sx={{ cursor: 'pointer' }}>
                    <TableCell>
                      <Typography
                        component={Link}
                        to={`/landing-pages/${page.id}`}
                        onClick={(event) => event.stopPropagation()}
                        dir="auto"
                        sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
                      >
                        {page.title}
                      </Typography>
                      {page.headline && (
                        <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', maxWidth: 480 }} noWrap>
                          {page.headline}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={page.published ? 'success' : 'default'}
                        variant={page.published ? 'filled' : 'outlined'}
                        label={page.published ? t('landingApp.list.published') : t('landingApp.list.draft')}
                      />
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
                    <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                      {formatDate(page.updatedAt, i18n.language)}
                    </TableCell>
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </>
  )
}
