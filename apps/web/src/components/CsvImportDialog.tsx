import { IMPORT_LIMITS, type ImportReport, type RefusedRow } from '@closeroom/shared'
import UploadFileRounded from '@mui/icons-material/UploadFileRounded'
import {
  Alert,
  Box,
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
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { useMutation } from '@tanstack/react-query'
import { type ChangeEvent, useEffect, useId, useState } from 'react'
import { ruleErrorText, serverErrorText } from '../lib/errorText'
import { useTranslation } from '../locales/i18n'

/**
 * A field a CSV column can fill, with its name on the page and, for a field that names something (a deal's stage,
 * owner or contact), what to say of a row whose value finds nothing.
 */
export type ImportField = { name: string; label: string; required?: boolean; notFound?: string }

/** What the dialog asks the server: a dry run while the member maps, the import itself at the end. */
export type ImportRun = (body: {
  csv: string
  mapping?: Record<string, number | null>
  duplicates: 'refuse' | 'skip'
  dryRun: boolean
}) => Promise<ImportReport>

type Chosen = { name: string; csv: string }

/**
 * Importing a CSV file: the member picks the file, sees its first rows under the fields each column fills (the
 * server's suggestion from the headers, changed at will), chooses what happens to duplicates, and sees, before
 * anything is written, every row that would be refused and why. The import is all or nothing, so the button
 * waits until no row is refused.
 */
export function CsvImportDialog({
  open,
  title,
  fields,
  duplicatesByEmail = true,
  run,
  onClose,
  onImported,
}: {
  open: boolean
  title: string
  fields: ImportField[]
  /** Whether rows are matched to existing records by email, so the member chooses what happens to those. */
  duplicatesByEmail?: boolean
  run: ImportRun
  onClose: () => void
  onImported: (report: ImportReport) => void
}) {
  const { t } = useTranslation()
  const [file, setFile] = useState<Chosen | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [mapping, setMapping] = useState<Record<string, number | null> | undefined>()
  const [duplicates, setDuplicates] = useState<'refuse' | 'skip'>('refuse')
  const check = useMutation({ mutationFn: run })
  const save = useMutation({
    mutationFn: run,
    onSuccess: (done) => {
      reset()
      setDuplicates('refuse')
      onImported(done)
    },
  })
  const report = check.data
  const inputId = useId()

  // Every change of file, mapping or duplicates is checked again by the server, which alone knows the
  // organization's emails: the member sees the outcome before importing.
  const { mutate } = check
  useEffect(() => {
    if (file) mutate({ csv: file.csv, mapping, duplicates, dryRun: true })
  }, [file, mapping, duplicates, mutate])

  function reset() {
    setFile(null)
    setFileError(null)
    setMapping(undefined)
    check.reset()
    save.reset()
  }

  function close() {
    reset()
    setDuplicates('refuse')
    onClose()
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0]
    event.target.value = ''
    if (!picked) return
    reset()
    if (picked.size > IMPORT_LIMITS.maxBytes) {
      setFileError(t('csvImport.tooLarge', { size: IMPORT_LIMITS.maxBytes / 1_000_000 }))
      return
    }
    setFile({ name: picked.name, csv: await picked.text() })
  }

  const shown = mapping ?? report?.mapping
  const mapped = fields.filter((field) => shown?.[field.name] != null)
  const ready = report && report.missing.length === 0 && report.refusedCount === 0 && report.imported > 0

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby={`${inputId}-title`}>
      <DialogTitle id={`${inputId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileRounded />} sx={{ flexShrink: 0 }}>
              {file ? t('csvImport.another') : t('csvImport.choose')}
            </Button>
            <input id={inputId} type="file" accept=".csv,text/csv,text/plain" hidden onChange={choose} />
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {file ? file.name : t('csvImport.hint', { rows: IMPORT_LIMITS.maxRows, size: IMPORT_LIMITS.maxBytes / 1_000_000 })}
            </Typography>
          </Stack>
          {fileError && <Alert severity="error">{fileError}</Alert>}
          {check.isError && <Alert severity="error">{serverErrorText(t, check.error)}</Alert>}

          {report && shown && (
            <>
              <Box>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
                  {t('csvImport.columns', { count: report.rowCount })}
                </Typography>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
                  {fields.map((field) => (
                    <TextField
                      key={field.name}
                      select
                      size="small"
                      label={field.required ? `${field.label} *` : field.label}
                      value={shown[field.name] ?? ''}
                      error={report.missing.includes(field.name)}
                      helperText={report.missing.includes(field.name) ? t('csvImport.required') : undefined}
                      // An unmapped field says so instead of looking like an empty box to fill.
                      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
                      onChange={(event) =>
                        setMapping({ ...shown, [field.name]: event.target.value === '' ? null : Number(event.target.value) })
                      }
                    >
                      <MenuItem value="">
                        <em>{t('csvImport.notImported')}</em>
                      </MenuItem>
                      {report.columns.map((column, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: two columns may share a name; their place is what identifies them.
                        <MenuItem key={index} value={index}>
                          {column || t('csvImport.columnNumber', { number: index + 1 })}
                        </MenuItem>
                      ))}
                    </TextField>
                  ))}
                </Box>
              </Box>

              {mapped.length > 0 && (
                <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
                  <Table size="small" aria-label={t('csvImport.preview')}>
                    <TableHead>
                      <TableRow>
                        {mapped.map((field) => (
                          <TableCell key={field.name}>{field.label}</TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {report.sample.map((cells, row) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the sample's rows are the file's first rows, in order.
                        <TableRow key={row}>
                          {mapped.map((field) => (
                            <TableCell key={field.name} dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                              {cells[shown[field.name] ?? -1] ?? ''}
                            </TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}

              {duplicatesByEmail && (
                <FormControl>
                  <FormLabel id={`${inputId}-duplicates`}>{t('csvImport.duplicates')}</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby={`${inputId}-duplicates`}
                    value={duplicates}
                    onChange={(event) => setDuplicates(event.target.value as 'refuse' | 'skip')}
                  >
                    <FormControlLabel value="refuse" control={<Radio />} label={t('csvImport.refuseDuplicates')} />
                    <FormControlLabel value="skip" control={<Radio />} label={t('csvImport.skipDuplicates')} />
                  </RadioGroup>
                </FormControl>
              )}

              <Outcome report={report} fields={fields} />
            </>
          )}
          {save.isError && <Alert severity="error">{serverErrorText(t, save.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('csvImport.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!ready || check.isPending || save.isPending || !file}
          onClick={() => file && save.mutate({ csv: file.csv, mapping: shown, duplicates, dryRun: false })}
        >
          {report && ready ? t('csvImport.import', { count: report.imported }) : t('csvImport.importNone')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** What the import would do: the rows it would write and skip, or the rows it refuses and why. */
function Outcome({ report, fields }: { report: ImportReport; fields: ImportField[] }) {
  const { t } = useTranslation()
  if (report.missing.length > 0) return null
  if (report.refusedCount === 0)
    return (
      <Alert severity="success" role="status">
        {t('csvImport.ready', { count: report.imported })}
        {report.skipped > 0 && ` ${t('csvImport.skipped', { count: report.skipped })}`}
      </Alert>
    )
  const label = (name?: string) => fields.find((field) => field.name === name)?.label ?? ''
  return (
    <Stack spacing={1.5}>
      <Alert severity="error" role="status">
        {t('csvImport.refused', { count: report.refusedCount, total: report.rowCount })}
      </Alert>
      <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={t('csvImport.refusedRows')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('csvImport.line')}</TableCell>
              <TableCell>{t('csvImport.field')}</TableCell>
              <TableCell>{t('csvImport.why')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.refused.map((row) => (
              <TableRow key={`${row.line}-${row.field ?? ''}`}>
                <TableCell>{row.line}</TableCell>
                <TableCell>{label(row.field)}</TableCell>
                <TableCell>{refusalText(t, row, fields)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {report.refusedCount > report.refused.length && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('csvImport.moreRefused', { count: report.refusedCount - report.refused.length })}
        </Typography>
      )}
    </Stack>
  )
}

type T = ReturnType<typeof useTranslation>['t']

/** Why a row is refused, in the reader's language: the shared rule's own text when it is one. */
function refusalText(t: T, row: RefusedRow, fields: ImportField[]): string {
  if (row.reason === 'not_found') return fields.find((field) => field.name === row.field)?.notFound ?? t('validation.invalid')
  if (row.reason === 'exists') return t('csvImport.exists')
  if (row.reason === 'repeated') return t('csvImport.repeated', { line: row.sameAs })
  return ruleErrorText(t, row.message)
}
