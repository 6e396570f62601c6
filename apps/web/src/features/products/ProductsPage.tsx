import AddRounded from '@mui/icons-material/AddRounded'
import {
  Alert,
  Button,
  Card,
  Chip,
  Skeleton,
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
import { formatMoney } from '../deals/money'
import { usePipelineToasts } from '../deals/realtime'
import { useProducts } from './queries'

/** /products: what the organization sells; admins add and edit, everyone reads. */
export default function ProductsPage() {
  const { t, i18n } = useTranslation()
  usePipelineToasts()
  const navigate = useNavigate()
  const me = useAuthContext().user
  const isAdmin = me?.role === 'owner' || me?.role === 'admin'
  const products = useProducts()
  return (
    <>
      <PageHeader
        title={t('pipeline.products.title')}
        action={
          isAdmin && (
            <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/products/new">
              {t('pipeline.products.create')}
            </Button>
          )
        }
      />
      {products.isError && <Alert severity="error">{serverErrorText(t, products.error.message)}</Alert>}
      <Card>
        <TableContainer>
          <Table aria-label={t('pipeline.products.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('pipeline.products.name')}</TableCell>
                <TableCell align="right">{t('pipeline.products.price')}</TableCell>
                <TableCell>{t('pipeline.products.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {products.isPending &&
                [0, 1, 2].map((row) => (
                  <TableRow key={row}>
                    <TableCell colSpan={3}>
                      <Skeleton height={36} />
                    </TableCell>
                  </TableRow>
                ))}
              {products.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3} sx={{ py: 8, textAlign: 'center', color: 'text.secondary' }}>
                    {t('pipeline.products.empty')}
                  </TableCell>
                </TableRow>
              )}
              {products.data?.map((product) => (
                <TableRow key={product.id} hover onClick={() => navigate(`/products/${product.id}`)} sx={{ cursor: 'pointer' }}>
                  <TableCell>
                    <Typography
                      component={Link}
                      to={`/products/${product.id}`}
                      onClick={(event) => event.stopPropagation()}
                      sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none' }}
                    >
                      {product.name}
                    </Typography>
                    {product.description && (
                      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 520 }} noWrap>
                        {product.description}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(product.price, product.currency, i18n.language)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={product.active ? 'success' : 'default'}
                      variant={product.active ? 'filled' : 'outlined'}
                      label={product.active ? t('pipeline.products.active') : t('pipeline.products.inactive')}
                    />
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
