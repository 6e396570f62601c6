import { can, type Product } from '@closeroom/shared'
import { Alert, Button, Card, FormControlLabel, Skeleton, Stack, Switch, TextField, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Link, useNavigate, useParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { FormError } from '../../components/FormError'
import { CurrencySelect } from '../../components/money/CurrencySelect'
import { formatMoney, toMajor, toMinor } from '../../components/money/money'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { usePipelineToasts } from '../deals/realtime'
import { ProductMediaCard } from './ProductMediaCard'
import { ProductRoomCard } from './ProductRoomCard'
import { useDeleteProduct, useProduct, useSaveProduct } from './queries'

/** /products/new and /products/:id: admins edit; others see the product as it is. */
export default function ProductFormPage() {
  const { t } = useTranslation()
  usePipelineToasts()
  const { id } = useParams()
  const product = useProduct(id)
  const me = useAuthContext().user
  const canManage = can(me, 'products.manage')
  if (product.isError) return <Alert severity="error">{serverErrorText(t, product.error)}</Alert>
  if (id && !product.data) return <Skeleton variant="rounded" height={400} sx={{ maxWidth: 640 }} />
  if (canManage) return <ProductForm product={product.data} />
  if (!product.data) return <Alert severity="info">{t('pipeline.products.adminsOnly')}</Alert>
  return <ProductView product={product.data} />
}

function ProductView({ product }: { product: Product }) {
  const { t, i18n } = useTranslation()
  return (
    <>
      <PageHeader
        title={product.name}
        action={
          <Button component={Link} to={`/products/${product.id}/automations`} variant="outlined">
            {t('automations.link')}
          </Button>
        }
      />
      <Card sx={{ p: 3, maxWidth: 640 }}>
        <Stack spacing={1.5}>
          <Typography variant="h5">{formatMoney(product.price, product.currency, i18n.language)}</Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{product.description}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {product.active ? t('pipeline.products.active') : t('pipeline.products.inactive')} · {t('pipeline.products.adminsOnly')}
          </Typography>
          <div>
            <Button component={Link} to="/products" color="inherit">
              {t('pipeline.back')}
            </Button>
          </div>
        </Stack>
      </Card>
    </>
  )
}

type Values = { name: string; description: string; price: string; currency: string; active: boolean }

function ProductForm({ product }: { product?: Product }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const save = useSaveProduct(product?.id)
  const remove = useDeleteProduct(product?.id ?? '')
  const [confirming, setConfirming] = useState(false)
  const { register, control, handleSubmit, formState, setError, watch } = useForm<Values>({
    defaultValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      price: product ? String(toMajor(product.price, product.currency)) : '',
      currency: product?.currency ?? 'EUR',
      active: product?.active ?? true,
    },
  })
  const _currency = watch('currency')

  const onSubmit = handleSubmit(async (values) => {
    const price = toMinor(values.price || '0', values.currency)
    if (price === null) return setError('price', { message: t('pipeline.deal.amountInvalid') })
    try {
      await save.mutateAsync({ ...values, name: values.name.trim(), price })
      enqueueSnackbar(t('pipeline.saved'), { variant: 'success' })
      navigate('/products')
    } catch {
      // FormError shows the server's message
    }
  })

  return (
    <>
      <PageHeader
        title={product ? product.name : t('pipeline.products.newTitle')}
        action={
          product && (
            <Button component={Link} to={`/products/${product.id}/automations`} variant="outlined">
              {t('automations.link')}
            </Button>
          )
        }
      />
      <Card sx={{ p: 3, maxWidth: 640 }}>
        <FormError error={save.error ?? remove.error} />
        <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void onSubmit(event)}>
          <TextField
            {...register('name', { validate: (v) => !!v.trim() || t('pipeline.deal.nameRequired') })}
            label={t('pipeline.products.name')}
            required
            autoFocus={!product}
            error={!!formState.errors.name}
            helperText={formState.errors.name?.message}
          />
          <TextField {...register('description')} label={t('pipeline.products.description')} multiline minRows={3} />
          <Stack direction="row" spacing={2}>
            <TextField
              {...register('price')}
              type="number"
              label={t('pipeline.products.price')}
              error={!!formState.errors.price}
              helperText={formState.errors.price?.message}
              slotProps={{ htmlInput: { min: 0, step: 'any' } }}
              sx={{ flex: 2 }}
            />
            <Controller
              control={control}
              name="currency"
              render={({ field }) => (
                <CurrencySelect label={t('pipeline.deal.currency')} value={field.value} onChange={field.onChange} inputRef={field.ref} />
              )}
            />
          </Stack>
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label={t('pipeline.products.activeHelp')}
              />
            )}
          />
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            {product &&
              (confirming ? (
                <Button
                  color="error"
                  variant="contained"
                  loading={remove.isPending}
                  onClick={() =>
                    void remove.mutateAsync().then(
                      () => navigate('/products'),
                      () => undefined,
                    )
                  }
                >
                  {t('pipeline.products.deleteConfirm')}
                </Button>
              ) : (
                <Button color="error" onClick={() => setConfirming(true)}>
                  {t('pipeline.products.delete')}
                </Button>
              ))}
            <Stack direction="row" spacing={1.5} sx={{ flex: 1, justifyContent: 'flex-end' }}>
              <Button component={Link} to="/products" color="inherit">
                {t('pipeline.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={save.isPending}>
                {t('pipeline.save')}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      </Card>
      {product && <ProductMediaCard productId={product.id} />}
      {product && <ProductRoomCard product={product} />}
    </>
  )
}
