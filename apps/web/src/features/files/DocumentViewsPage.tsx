import FolderOutlined from '@mui/icons-material/FolderOutlined'
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  Link,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { Link as RouterLink } from 'react-router'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { readingTime } from './format'
import { useDocumentViews } from './queries'

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

/** /file: how buyers read the documents of every room, most read first, by document and by visitor. */
export default function DocumentViewsPage() {
  const { t, i18n } = useTranslation()
  const views = useDocumentViews()
  const data = views.data
  return (
    <>
      <PageHeader
        title={t('files.views.title')}
        action={
          <Button component={RouterLink} to="/files-manager" startIcon={<FolderOutlined />}>
            {t('files.library.title')}
          </Button>
        }
      />
      {views.isError && <Alert severity="error">{serverErrorText(t, views.error)}</Alert>}
      <Grid container spacing={3} sx={{ mb: 3 }}>
        {(['documents', 'opens', 'time', 'visitors'] as const).map((key) => (
          <Grid key={key} size={{ xs: 6, md: 3 }}>
            <Card>
              <CardContent>
                <Typography variant="body2" sx={{ color: 'text.secondary' }} id={`total-${key}`}>
                  {t(`files.views.totals.${key}`)}
                </Typography>
                <Typography
                  variant="h4"
                  component="p"
                  aria-describedby={`total-${key}`}
                  sx={{ ...numeric, fontSize: { xs: '1.5rem', sm: undefined } }}
                >
                  {!data ? <Skeleton width={60} /> : key === 'time' ? readingTime(t, data.totals.ms) : data.totals[key]}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      {data && data.documents.length === 0 ? (
        <Card>
          <CardContent>
            <Typography sx={{ color: 'text.secondary' }}>{t('files.views.empty')}</Typography>
          </CardContent>
        </Card>
      ) : (
        <Grid container spacing={3}>
          <Grid size={12}>
            <Card component="section" aria-labelledby="views-documents">
              <CardHeader
                title={t('files.views.byDocument')}
                slotProps={{ title: { component: 'h2', variant: 'h6', id: 'views-documents' } }}
              />
              <TableContainer>
                <Table size="small" aria-labelledby="views-documents">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('files.views.document')}</TableCell>
                      <TableCell>{t('files.views.room')}</TableCell>
                      <TableCell align="right">{t('files.reading.opens')}</TableCell>
                      <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {t('files.views.totals.visitors')}
                      </TableCell>
                      <TableCell align="right">{t('files.reading.time')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('files.reading.lastOpened')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {!data ? (
                      <TableRow>
                        <TableCell colSpan={6}>
                          <Skeleton />
                        </TableCell>
                      </TableRow>
                    ) : (
                      data.documents.map((row) => (
                        <TableRow key={row.documentId}>
                          <TableCell dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                            {row.title}
                          </TableCell>
                          <TableCell>
                            <Link component={RouterLink} to={`/deals/${row.dealId}/room`}>
                              <bdi>{row.dealName}</bdi>
                            </Link>
                          </TableCell>
                          <TableCell align="right" sx={numeric}>
                            {row.opens}
                          </TableCell>
                          <TableCell align="right" sx={{ ...numeric, display: { xs: 'none', sm: 'table-cell' } }}>
                            {row.visitors}
                          </TableCell>
                          <TableCell align="right" sx={numeric}>
                            {readingTime(t, row.ms)}
                          </TableCell>
                          <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                            {row.lastOpenedAt ? formatDateTime(row.lastOpenedAt, i18n.language) : '—'}
                          </TableCell>
                        </TableRow>
                      ))
                    )}
                  </TableBody>
                </Table>
              </TableContainer>
            </Card>
          </Grid>
          <Grid size={12}>
            <Card component="section" aria-labelledby="views-visitors">
              <CardHeader
                title={t('files.views.byVisitor')}
                slotProps={{ title: { component: 'h2', variant: 'h6', id: 'views-visitors' } }}
              />
              <TableContainer>
                <Table size="small" aria-labelledby="views-visitors">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('files.reading.visitor')}</TableCell>
                      <TableCell>{t('files.views.room')}</TableCell>
                      <TableCell align="right">{t('files.views.totals.documents')}</TableCell>
                      <TableCell align="right">{t('files.reading.time')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data?.visitors.map((row) => (
                      <TableRow key={`${row.dealId}:${row.visitor ?? ''}`}>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>
                          <bdi>{row.visitor ?? t('files.reading.anonymous')}</bdi>
                        </TableCell>
                        <TableCell>
                          <Link component={RouterLink} to={`/deals/${row.dealId}/room`}>
                            <bdi>{row.dealName}</bdi>
                          </Link>
                        </TableCell>
                        <TableCell align="right" sx={numeric}>
                          {row.documents}
                        </TableCell>
                        <TableCell align="right" sx={numeric}>
                          {readingTime(t, row.ms)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </Card>
          </Grid>
        </Grid>
      )}
    </>
  )
}
