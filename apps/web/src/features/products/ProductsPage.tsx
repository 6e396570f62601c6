import { can } from '@closeroom/shared'
import AddRounded from '@mui/icons-material/AddRounded'
import { Alert, Button, Card, TableCell, Typography } from '@mui/material'
import { Link } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { LinkRow, ListTable, RowTitle, StatusChip } from '../../components/ListTable'
import { formatMoney } from '../../components/money/money'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { usePipelineToasts } from '../deals/realtime'
import { useProducts } from './queries'

/** /products: what the organization sells; admins add and edit, everyone reads. */
export default function ProductsPage() {
  const { t, i18n } = useTranslation()
  usePipelineToasts()
  const me = useAuthContext().user
  const products = useProducts()
  return (
    <>
      <PageHeader
        title={t('pipeline.products.title')}
        action={
          can(me, 'products.manage') && (
            <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/products/new">
              {t('pipeline.products.create')}
            </Button>
          )
        }
      />
      {products.isError && <Alert severity="error">{serverErrorText(t, products.error)}</Alert>}
      <Card>
        <ListTable
          label={t('pipeline.products.title')}
          columns={[
            { label: t('pipeline.products.name') },
            { label: t('pipeline.products.price'), align: 'right' },
            { label: t('pipeline.products.status') },
          ]}
          items={products.data}
          loading={products.isPending}
          empty={t('pipeline.products.empty')}
          row={(product) => (
            <LinkRow key={product.id} to={`/products/${product.id}`}>
              <TableCell>
                <RowTitle to={`/products/${product.id}`}>{product.name}</RowTitle>
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
                <StatusChip on={product.active} label={product.active ? t('pipeline.products.active') : t('pipeline.products.inactive')} />
              </TableCell>
            </LinkRow>
          )}
        />
      </Card>
    </>
  )
}
