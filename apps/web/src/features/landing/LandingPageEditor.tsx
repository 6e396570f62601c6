import { type BookingLinkOption, can, type LandingPage, LandingPageFields, type Product } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  FormHelperText,
  Grid,
  IconButton,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { type ReactNode, useState } from 'react'
import { Controller, type FieldError } from 'react-hook-form'
import { Link, useNavigate, useParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { AddressField } from '../../components/AddressField'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { formatMoney } from '../../components/money/money'
import { fieldErrorText, isServerFieldError, serverErrorText } from '../../lib/errorText'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { useProducts } from '../products/queries'
import { RoutingFormSelect } from '../routing/RoutingFormSelect'
import { OrderedPicker, type PickerOption } from './OrderedPicker'
import { publicUrlOf, useBookingLinkOptions, useDeleteLandingPage, useLandingPage, useSaveLandingPage } from './queries'

/** /landing-pages/new and /landing-pages/:id: what the page says, what it features, and whether it is out. */
export default function LandingPageEditor() {
  const { t } = useTranslation()
  const { id } = useParams()
  const page = useLandingPage(id)
  const products = useProducts()
  const links = useBookingLinkOptions()
  const me = useAuthContext().user
  const error = page.error ?? products.error ?? links.error
  if (error) return <Alert severity="error">{serverErrorText(t, error)}</Alert>
  if (!can(me, 'landing.manage')) return <Alert severity="info">{t('landingApp.editor.adminsOnly')}</Alert>
  if ((id && !page.data) || !products.data || !links.data) return <Skeleton variant="rounded" height={480} />
  // A new page's form starts afresh; a saved page's form starts from what was saved.
  return <Editor key={page.data?.id ?? 'new'} page={page.data} products={products.data} links={links.data} />
}

function Section({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} subheader={subtitle} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  )
}

function Editor({ page, products, links }: { page?: LandingPage; products: Product[]; links: BookingLinkOption[] }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const save = useSaveLandingPage(page?.id)
  const { form, serverError, submit } = useSchemaForm(LandingPageFields, {
    title: page?.title ?? '',
    headline: page?.headline ?? '',
    intro: page?.intro ?? '',
    productIds: page?.productIds ?? [],
    handles: page?.handles ?? [],
    published: page?.published ?? false,
    routingFormId: page?.routingFormId ?? null,
  })

  const onSubmit = submit(async (values) => {
    const saved = await save.mutateAsync(values)
    form.reset(values)
    enqueueSnackbar(t('landingApp.editor.saved'), { variant: 'success' })
    if (!page) navigate(`/landing-pages/${saved.id}`, { replace: true })
  })

  const productOptions: PickerOption[] = products.map((p) => ({
    id: p.id,
    primary: p.name,
    secondary: [formatMoney(p.price, p.currency, i18n.language), p.active ? '' : t('landingApp.editor.inactive')]
      .filter(Boolean)
      .join(' · '),
  }))
  const linkOptions: PickerOption[] = links.map((l) => ({
    id: l.handle,
    primary: l.name,
    secondary: `/u/${l.handle} · ${l.kind === 'team' ? t('landingApp.editor.team') : t('landingApp.editor.person')}`,
  }))
  // The shared schema's one message a person meets here, in their language, or the server's refusal translated.
  const titleError = (error: FieldError) =>
    isServerFieldError(error)
      ? fieldErrorText(t, error)
      : error.type === 'too_big'
        ? t('validation.tooLong')
        : t('landingApp.editor.titleRequired')
  const pickerError = (name: 'productIds' | 'handles') => {
    const text = fieldErrorText(t, form.formState.errors[name] as FieldError | undefined)
    return text && <FormHelperText error>{text}</FormHelperText>
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Tooltip title={t('landingApp.editor.back')}>
          <IconButton component={Link} to="/landing-pages" aria-label={t('landingApp.editor.back')}>
            <ArrowBackRounded sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        </Tooltip>
        <Typography variant="h4" component="h1" dir="auto" sx={{ flex: 1, minWidth: 200 }}>
          {page ? page.title : t('landingApp.editor.newTitle')}
        </Typography>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          {page ? t('landingApp.editor.save') : t('landingApp.editor.create')}
        </Button>
      </Stack>
      <FormError error={serverError} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            <Section title={t('landingApp.editor.content')} subtitle={t('landingApp.editor.contentHelp')}>
              <Stack spacing={2.5}>
                <TextField
                  {...form.register('title')}
                  label={t('landingApp.editor.title')}
                  required
                  fullWidth
                  autoFocus={!page}
                  error={!!form.formState.errors.title}
                  helperText={form.formState.errors.title && titleError(form.formState.errors.title as FieldError)}
                />
                <FormTextField form={form} name="headline" label={t('landingApp.editor.headline')} fullWidth />
                <FormTextField
                  form={form}
                  name="intro"
                  label={t('landingApp.editor.intro')}
                  helperText={t('landingApp.editor.introHelp')}
                  multiline
                  minRows={4}
                  fullWidth
                />
              </Stack>
            </Section>
            <Section title={t('landingApp.editor.products')} subtitle={t('landingApp.editor.productsHelp')}>
              <Controller
                control={form.control}
                name="productIds"
                render={({ field }) => (
                  <OrderedPicker
                    label={t('landingApp.editor.addProduct')}
                    empty={t('landingApp.editor.noProducts')}
                    options={productOptions}
                    value={field.value ?? []}
                    onChange={field.onChange}
                  />
                )}
              />
              {pickerError('productIds')}
            </Section>
            <Section title={t('landingApp.editor.routingForm')} subtitle={t('landingApp.editor.routingFormHelp')}>
              <Controller
                control={form.control}
                name="routingFormId"
                render={({ field, fieldState }) => (
                  <RoutingFormSelect
                    label={t('landingApp.editor.routingForm')}
                    none={t('landingApp.editor.noRoutingForm')}
                    value={field.value ?? null}
                    onChange={field.onChange}
                    error={!!fieldState.error}
                    helperText={fieldErrorText(t, fieldState.error)}
                  />
                )}
              />
            </Section>
            <Section title={t('landingApp.editor.bookingLinks')} subtitle={t('landingApp.editor.bookingLinksHelp')}>
              <Controller
                control={form.control}
                name="handles"
                render={({ field }) => (
                  <OrderedPicker
                    label={t('landingApp.editor.addBookingLink')}
                    empty={t('landingApp.editor.noBookingLinks')}
                    options={linkOptions}
                    value={field.value ?? []}
                    onChange={field.onChange}
                  />
                )}
              />
              {pickerError('handles')}
            </Section>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <Section title={t('landingApp.editor.publishing')}>
              <Controller
                control={form.control}
                name="published"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={!!field.value} onChange={(_, checked) => field.onChange(checked)} />}
                    label={t('landingApp.editor.published')}
                  />
                )}
              />
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 2 }}>
                {t('landingApp.editor.publishedHelp')}
              </Typography>
              {page ? <Address page={page} /> : <Alert severity="info">{t('landingApp.editor.addressAfterSave')}</Alert>}
            </Section>
            {page && <DeleteCard page={page} />}
          </Stack>
        </Grid>
      </Grid>
    </form>
  )
}

function Address({ page }: { page: LandingPage }) {
  const { t } = useTranslation()
  const url = publicUrlOf(page)
  return (
    <>
      {!page.published && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('landingApp.editor.unpublished')}
        </Alert>
      )}
      <AddressField url={url} testId="landing-url" texts="landingApp.editor" />
    </>
  )
}

function DeleteCard({ page }: { page: LandingPage }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { enqueueSnackbar } = useSnackbar()
  const remove = useDeleteLandingPage(page.id)
  const [confirming, setConfirming] = useState(false)
  return (
    <Section title={t('landingApp.editor.deleteTitle')} subtitle={t('landingApp.editor.deleteHelp')}>
      <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
        {t('landingApp.editor.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('landingApp.editor.deleteConfirmTitle', { title: page.title })}
        text={t('landingApp.editor.deleteConfirmText')}
        confirmLabel={t('landingApp.editor.delete')}
        cancelLabel={t('landingApp.editor.cancel')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              enqueueSnackbar(t('landingApp.editor.deleted'), { variant: 'success' })
              navigate('/landing-pages', { replace: true })
            },
          })
        }
      />
    </Section>
  )
}
