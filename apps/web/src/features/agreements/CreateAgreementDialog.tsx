import { AGREEMENT_MAX_BYTES, AGREEMENT_MAX_PAGES, type LibraryFile } from '@closeroom/shared'
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { FileDrop, useFileUploads } from '../../components/FileDrop'
import { FileTypeIcon } from '../../components/FileTypeIcon'
import { ApiError } from '../../lib/api'
import { serverErrorText } from '../../lib/errorText'
import { intlLocale } from '../../lib/intl'
import { formatFileSize } from '../../lib/upload'
import type { TFunction } from '../../locales/i18n'
import { useTranslation } from '../../locales/i18n'
import { LibraryPicker } from '../files/LibraryPicker'
import { type DealChoice, DealPicker } from './DealPicker'
import { uploadAgreement, useCreateAgreement, useTemplates } from './queries'

type Source = 'upload' | 'library' | 'template' | 'orderForm'
const SOURCES: Source[] = ['upload', 'library', 'template', 'orderForm']

/**
 * The words for an upload the server refused, by its code (not a PDF, encrypted, broken, too many pages: the
 * shared error texts say what to do); a file too large names the limit in the reader's units.
 */
export function uploadErrorText(t: TFunction, error: unknown, language: string): string {
  if (error instanceof ApiError && error.code === 'too_large')
    return t('agreements.uploadErrors.too_large', { size: formatFileSize(AGREEMENT_MAX_BYTES, intlLocale(language)) })
  return serverErrorText(t, error)
}

const withoutExtension = (name: string) => name.replace(/\.[^.]+$/, '')

/** A new agreement: an uploaded PDF, a copy of a template, or a deal's order form; then its editor opens. */
export function CreateAgreementDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const sourceLabel = useId()
  const [source, setSource] = useState<Source>('upload')
  const [title, setTitle] = useState('')
  const [deal, setDeal] = useState<DealChoice | null>(null)
  const [templateId, setTemplateId] = useState('')
  const [libraryFile, setLibraryFile] = useState<LibraryFile | null>(null)
  const [picking, setPicking] = useState(false)
  const templates = useTemplates(open && source === 'template')
  const create = useCreateAgreement()
  const size = formatFileSize(AGREEMENT_MAX_BYTES, intlLocale(i18n.language))

  const uploads = useFileUploads({
    send: async (file, onProgress) => {
      const agreement = await uploadAgreement(file, { title: title.trim() || withoutExtension(file.name), dealId: deal?.id }, onProgress)
      navigate(`/agreements/${agreement.id}/edit`)
    },
    maxBytes: AGREEMENT_MAX_BYTES,
    tooBig: () => t('agreements.uploadErrors.too_large', { size }),
    uploading: (name) => t('agreements.new.uploading', { name }),
    failed: (error) => uploadErrorText(t, error, i18n.language),
  })

  const defaultTitle =
    source === 'orderForm' && deal
      ? t('agreements.new.orderFormTitle', { deal: deal.name })
      : source === 'library'
        ? libraryFile
          ? withoutExtension(libraryFile.name)
          : ''
        : (templates.data?.find((template) => template.id === templateId)?.title ?? '')

  function submit() {
    if (source === 'upload') return
    const from =
      source === 'library' && libraryFile
        ? ({ from: 'library', fileId: libraryFile.id } as const)
        : { from: source === 'orderForm' ? 'order-form' : templateId }
    create.mutate(
      { title: title.trim() || defaultTitle, dealId: deal?.id, ...from },
      { onSuccess: (agreement) => navigate(`/agreements/${agreement.id}/edit`) },
    )
  }

  const fieldError = create.error instanceof ApiError && create.error.field === 'dealId' ? serverErrorText(t, create.error) : undefined
  const ready = source === 'orderForm' ? !!deal : source === 'template' ? !!templateId : source === 'library' ? !!libraryFile : false

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('agreements.new.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <FormControl>
            <FormLabel id={sourceLabel}>{t('agreements.new.source')}</FormLabel>
            <RadioGroup
              aria-labelledby={sourceLabel}
              value={source}
              onChange={(event) => {
                setSource(event.target.value as Source)
                create.reset()
              }}
            >
              {SOURCES.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={value === 'library' ? t('files.picker.agreementSource') : t(`agreements.new.sources.${value}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            label={t('agreements.new.name')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            placeholder={defaultTitle}
            helperText={source === 'upload' ? t('agreements.new.nameHint') : undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 200, dir: 'auto' } }}
          />
          <DealPicker
            label={source === 'orderForm' ? t('agreements.new.deal') : t('agreements.new.dealOptional')}
            value={deal}
            onChange={setDeal}
            required={source === 'orderForm'}
            error={fieldError}
          />
          {source === 'upload' && (
            <>
              {uploads.error && <Alert severity="error">{uploads.error}</Alert>}
              <FileDrop
                label={t('agreements.new.choose')}
                hint={t('agreements.new.hint', { size, pages: AGREEMENT_MAX_PAGES })}
                accept="application/pdf,.pdf"
                progress={uploads.progress}
                onFiles={(files) => void uploads.start(files.slice(0, 1))}
              />
            </>
          )}
          {source === 'template' &&
            (templates.data?.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{t('agreements.new.noTemplates')}</Typography>
            ) : (
              <TextField
                select
                required
                label={t('agreements.new.template')}
                value={templates.data ? templateId : ''}
                onChange={(event) => setTemplateId(event.target.value)}
              >
                {templates.data?.map((template) => (
                  <MenuItem key={template.id} value={template.id}>
                    {template.title}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          {source === 'library' && (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              {libraryFile && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="agreement-library-file">
                  <FileTypeIcon contentType={libraryFile.contentType} fontSize="small" />
                  <Typography sx={{ overflowWrap: 'anywhere' }}>
                    <bdi>{libraryFile.name}</bdi>
                  </Typography>
                </Stack>
              )}
              <Button variant="outlined" startIcon={<LibraryAddOutlined />} onClick={() => setPicking(true)}>
                {libraryFile ? t('files.picker.another') : t('files.picker.choosePdf')}
              </Button>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('files.picker.agreementHint')}
              </Typography>
              <LibraryPicker
                open={picking}
                accepts={(file) => file.contentType === 'application/pdf'}
                pending={false}
                error={null}
                uploads={{ accept: 'application/pdf,.pdf' }}
                onPick={(file) => {
                  setLibraryFile(file)
                  setPicking(false)
                  create.reset()
                }}
                onClose={() => setPicking(false)}
              />
            </Stack>
          )}
          {source === 'orderForm' && <Typography sx={{ color: 'text.secondary' }}>{t('agreements.new.orderFormText')}</Typography>}
          {create.error && !fieldError && <Alert severity="error">{serverErrorText(t, create.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('agreements.cancel')}
        </Button>
        {source !== 'upload' && (
          <Button variant="contained" onClick={submit} disabled={!ready} loading={create.isPending}>
            {t('agreements.new.create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}
