import { httpsUrl, phone } from '@closeroom/shared'
import { Box, Button, MenuItem, Stack, Typography } from '@mui/material'
import { useSnackbar } from 'notistack'
import { z } from 'zod'
import { FormTextField } from '../../components/FormTextField'
import { FormPhoneField } from '../../components/phone/FormPhoneField'
import { useSchemaForm } from '../../lib/forms'
import { useTranslation } from '../../locales/i18n'
import { Section } from './Section'
import { stages } from './sampleData'

const SampleDeal = z.object({
  company: z.string().trim().max(120),
  stage: z.enum(stages),
  phone,
  website: httpsUrl,
  notes: z.string().max(2000),
})

function SavedValue({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation()
  return value ? (
    <Box component="bdi" data-testid={testId} sx={{ color: 'text.primary', fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
      {value}
    </Box>
  ) : (
    <Box component="span" data-testid={testId} sx={{ fontStyle: 'italic' }}>
      {t('gallery.inputs.nothing')}
    </Box>
  )
}

export function InputsSection() {
  const { t } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const { form, submit } = useSchemaForm(SampleDeal, { company: 'Harbor Bank', stage: 'proposal', phone: '', website: '', notes: '' })
  const [phoneValue, websiteTyped] = form.watch(['phone', 'website'])
  // What the server would store: the URL rule puts https:// in front.
  const website = httpsUrl.safeParse(websiteTyped)
  const check = submit(async () => {
    enqueueSnackbar(t('gallery.inputs.valid'), { variant: 'success' })
  })

  return (
    <Section id="inputs" title={t('gallery.sections.inputs')} text={t('gallery.inputs.text')}>
      <Box
        component="form"
        noValidate
        onSubmit={check}
        sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <FormTextField form={form} name="company" label={t('gallery.inputs.company')} autoComplete="organization" />
        <FormTextField form={form} name="stage" label={t('gallery.inputs.stage')} select defaultValue="proposal">
          {stages.map((stage) => (
            <MenuItem key={stage} value={stage}>
              {t(`gallery.stages.${stage}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormPhoneField form={form} name="phone" label={t('gallery.inputs.phone')} helperText={t('gallery.inputs.phoneHelp')} />
        <FormTextField
          form={form}
          name="website"
          label={t('gallery.inputs.website')}
          helperText={t('gallery.inputs.websiteHelp')}
          autoComplete="url"
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url' } }}
        />
        <FormTextField
          form={form}
          name="notes"
          label={t('gallery.inputs.notes')}
          placeholder={t('gallery.inputs.notesPlaceholder')}
          multiline
          minRows={3}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gridColumn: { sm: '1 / -1' }, gap: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Box data-testid="saved-values" sx={{ typography: 'body2', color: 'text.secondary' }}>
            <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
              {t('gallery.inputs.saved')}
            </Typography>
            <div>
              {t('gallery.inputs.phoneValue')} <SavedValue testId="phone-value" value={phoneValue} />
            </div>
            <div>
              {t('gallery.inputs.websiteValue')} <SavedValue testId="website-value" value={website.success ? website.data : ''} />
            </div>
          </Box>
          <Button type="submit" variant="contained" sx={{ flexShrink: 0 }}>
            {t('gallery.inputs.check')}
          </Button>
        </Stack>
      </Box>
    </Section>
  )
}
