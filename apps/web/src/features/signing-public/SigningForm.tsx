import type { PublicSigning } from '@closeroom/shared'
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material'
import { useEffect, useMemo, useRef, useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { PdfPages } from '../../components/pdf/PdfPages'
import { surface } from '../../components/public/surface'
import { useTranslation } from '../../locales/i18n'
import { DeclineDialog } from './DeclineDialog'
import { FieldBox } from './FieldBox'
import { FieldPanel } from './FieldPanel'
import { inReadingOrder, isFilled, missingFields, startingValues, type Values, valuesToSend } from './fields'

type Props = {
  signing: PublicSigning
  /** What the recipient does here: fill and sign, approve, or only read. */
  step: 'sign' | 'approve' | 'view'
  onSign(values: Values): Promise<void>
  onDecline(reason: string): Promise<void>
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * The document with the recipient's own fields on it and, beside it (under it on a phone, kept in view), the
 * field being filled: "Next field" walks them in reading order, Finish refuses while a required one is empty.
 * The signing page and the sales room's panel both show this.
 */
export function SigningForm({ signing, step, onSign, onDecline }: Props) {
  const { t } = useTranslation()
  const fields = useMemo(() => inReadingOrder(signing.fields), [signing.fields])
  const [values, setValues] = useState<Values>(() => startingValues(signing, new Date()))
  const [active, setActive] = useState(0)
  // The signer asked to finish: from then on each empty required field says so.
  const [tried, setTried] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [declining, setDeclining] = useState(false)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const panel = useRef<HTMLFormElement>(null)
  // Set when the signer moved to a field: its input takes the focus (not on the first paint, which would
  // scroll a phone's page to the panel before the document is seen).
  const [moved, setMoved] = useState(0)

  const missing = missingFields(fields, values)
  const filled = fields.filter((field) => isFilled(field, values[field.id])).length
  const field = fields[active]

  useEffect(() => {
    if (moved === 0 || !field) return
    const form = panel.current
    const target =
      form?.querySelector<HTMLElement>('[role=tab][aria-selected=true], input:not([type=file]), textarea') ??
      form?.querySelector<HTMLElement>('button[type=submit]')
    target?.focus({ preventScroll: true })
    document
      .querySelector(`[data-field-id="${field.id}"]`)
      ?.scrollIntoView({ block: 'start', behavior: reducedMotion() ? 'auto' : 'smooth' })
  }, [moved, field])

  const go = (index: number) => {
    setActive(index)
    setMoved((n) => n + 1)
  }

  const finish = () => {
    setTried(true)
    const first = missing[0]
    if (first) go(fields.indexOf(first))
    else setConfirming(true)
  }

  const submit = async () => {
    setPending(true)
    setFailure(null)
    try {
      await onSign(step === 'sign' ? valuesToSend(fields, values) : {})
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
      setPending(false)
    }
  }

  const canDecline = step !== 'view'
  const title = signing.agreement.title

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ ...surface, p: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography>{t(`signing.intro.${step}`)}</Typography>
          {step === 'sign' && fields.length > 0 && (
            <Box sx={{ mt: 1 }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }} id="signing-progress">
                {t('signing.progress', { done: filled, count: fields.length })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={(filled / fields.length) * 100}
                aria-labelledby="signing-progress"
                sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
              />
            </Box>
          )}
        </Box>
        {canDecline && (
          <Button color="error" variant="outlined" onClick={() => setDeclining(true)} sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}>
            {t('signing.decline.button')}
          </Button>
        )}
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: step === 'view' ? 'minmax(0, 1fr)' : 'minmax(0, 1fr) 340px' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-label={t('signing.document')} sx={{ minWidth: 0 }}>
          <PdfPages
            url={signing.documentUrl}
            overlay={(page) =>
              step === 'sign' &&
              fields
                .filter((each) => each.page === page.number)
                .map((each) => (
                  <FieldBox
                    key={each.id}
                    field={each}
                    value={values[each.id]}
                    active={each === field}
                    invalid={tried && missing.includes(each)}
                    onPick={() => go(fields.indexOf(each))}
                  />
                ))
            }
          />
        </Box>

        {step !== 'view' && (
          <Box
            aria-label={t('signing.fieldPanel')}
            role="region"
            sx={{
              ...surface,
              p: 2,
              position: 'sticky',
              // Beside the document on a wide screen; on a phone, kept at the bottom of the screen as it scrolls.
              top: { md: 16 },
              bottom: { xs: 0, md: 'auto' },
              maxHeight: { xs: '65vh', md: 'calc(100vh - 32px)' },
              overflowY: 'auto',
              zIndex: 1,
            }}
          >
            {step === 'sign' && field ? (
              <FieldPanel
                field={field}
                index={active}
                count={fields.length}
                value={values[field.id]}
                signerName={signing.recipient.name}
                error={tried && missing.includes(field) ? t('signing.missing') : undefined}
                missing={tried ? missing.length : 0}
                panel={panel}
                onChange={(value) => setValues((current) => ({ ...current, [field.id]: value }))}
                onPrevious={() => go(Math.max(0, active - 1))}
                onNext={() => (active < fields.length - 1 ? go(active + 1) : finish())}
              />
            ) : (
              <Button variant="contained" fullWidth onClick={() => setConfirming(true)}>
                {t(step === 'approve' ? 'signing.approve.button' : 'signing.finish')}
              </Button>
            )}
          </Box>
        )}
      </Box>

      <ConfirmDialog
        open={confirming}
        color="primary"
        title={t(step === 'approve' ? 'signing.approve.title' : 'signing.confirm.title')}
        text={t(step === 'approve' ? 'signing.approve.text' : 'signing.confirm.text', { title })}
        confirmLabel={t(step === 'approve' ? 'signing.approve.confirm' : 'signing.confirm.confirm')}
        cancelLabel={t('signing.confirm.cancel')}
        pending={pending}
        error={failure}
        onConfirm={() => void submit()}
        onClose={() => {
          if (pending) return
          setConfirming(false)
          setFailure(null)
        }}
      />
      <DeclineDialog open={declining} senderName={signing.sender.name} onDecline={onDecline} onClose={() => setDeclining(false)} />
    </Stack>
  )
}
