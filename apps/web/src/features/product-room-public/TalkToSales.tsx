import { ProductInquiry } from '@closeroom/shared'
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded'
import { Box, Button, Typography } from '@mui/material'
import { useState } from 'react'
import { FormError } from '../../components/FormError'
import { FormTextField } from '../../components/FormTextField'
import { FormPhoneField } from '../../components/phone/FormPhoneField'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { productRoomApi } from './api'

const empty = { name: '', email: '', phone: '', company: '', message: '' }

/** The "talk to sales" form: the shared ProductInquiry rules, messages under their fields, then a thank-you. */
export default function TalkToSales({ roomId }: { roomId: string }) {
  const { t } = useTranslation()
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null)
  const { form, serverError, submit } = useSchemaForm(ProductInquiry, empty)
  const send = submit(async (values) => {
    await productRoomApi.inquire(roomId, values)
    setSent({ name: values.name, email: values.email })
    form.reset(empty)
  })

  if (sent)
    return (
      <Box role="status" sx={{ textAlign: 'center', py: 3 }}>
        <CheckCircleRounded color="success" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h5" component="p" sx={{ mt: 1 }}>
          {t('productRoom.page.thanksTitle', { name: sent.name })}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('productRoom.page.thanksText', { email: sent.email })}</Typography>
        <Button sx={{ mt: 2 }} onClick={() => setSent(null)}>
          {t('productRoom.page.sendAnother')}
        </Button>
      </Box>
    )

  return (
    <Box component="form" noValidate onSubmit={send} aria-labelledby="product-talk">
      <Typography sx={{ color: 'text.secondary', mb: 2.5 }}>{t('productRoom.page.talkIntro')}</Typography>
      <FormError error={serverError} />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField form={form} name="name" label={t('productRoom.page.name')} autoComplete="name" required />
        <FormTextField form={form} name="email" label={t('productRoom.page.email')} type="email" autoComplete="email" required />
        <FormTextField form={form} name="company" label={t('productRoom.page.company')} autoComplete="organization" />
        <FormPhoneField form={form} name="phone" label={t('productRoom.page.phone')} helperText={t('productRoom.page.phoneHelp')} />
        <FormTextField
          form={form}
          name="message"
          label={t('productRoom.page.message')}
          helperText={t('productRoom.page.messageHelp')}
          multiline
          minRows={4}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      </Box>
      <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting} sx={{ mt: 2.5 }}>
        {t('productRoom.page.send')}
      </Button>
    </Box>
  )
}
