import '@fontsource/dancing-script/400.css'
import { Box, Button, Stack, Tab, Tabs, TextField, Typography } from '@mui/material'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import SignaturePadEngine from 'signature_pad'
import { useTranslation } from '../../locales/i18n'
import { croppedPng, HANDWRITING, INK, NotAnImage, typedPng, uploadedPng } from './ink'

// Its texts are in the 'signing' area: the pages that show a pad load it.

type Mode = 'draw' | 'type' | 'upload'

type Props = {
  /** Initials ask for a shorter mark in a smaller box. */
  kind: 'signature' | 'initials'
  /** What the typed mode starts with: the signer's name, or their initials. */
  suggestion: string
  /** The signature as a PNG data URL of the ink, or null while there is none. */
  onChange(value: string | null): void
  /** The field's error, shown under the pad and announced with it. */
  error?: string
}

/** A signature drawn (mouse, pen or finger), typed in a handwriting face, or uploaded as a picture. */
export function SignaturePad({ kind, suggestion, onChange, error }: Props) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<Mode>('draw')
  const id = useId()
  const errorId = `${id}-error`
  // Each mode keeps its own signature while the signer looks at another; the one shown is the one given.
  const made = useRef<Record<Mode, string | null>>({ draw: null, type: null, upload: null })
  const modeRef = useRef(mode)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  const give = (from: Mode, value: string | null) => {
    made.current[from] = value
    if (from === modeRef.current) onChangeRef.current(value)
  }
  const choose = (next: Mode) => {
    modeRef.current = next
    setMode(next)
    onChange(made.current[next])
  }
  const panel = (which: Mode, children: ReactNode) => (
    <Box role="tabpanel" id={`${id}-${which}`} aria-labelledby={`${id}-${which}-tab`} hidden={mode !== which} sx={{ pt: 1.5 }}>
      {children}
    </Box>
  )
  const described = error ? errorId : undefined

  return (
    <Box>
      <Tabs
        value={mode}
        onChange={(_, next: Mode) => choose(next)}
        selectionFollowsFocus
        aria-label={t(kind === 'initials' ? 'signature.howInitials' : 'signature.how')}
        variant="fullWidth"
        sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 1 } }}
      >
        {(['draw', 'type', 'upload'] as const).map((which) => (
          <Tab key={which} value={which} label={t(`signature.${which}`)} id={`${id}-${which}-tab`} aria-controls={`${id}-${which}`} />
        ))}
      </Tabs>
      {panel('draw', <DrawPad kind={kind} onChange={(value) => give('draw', value)} describedBy={described} />)}
      {panel(
        'type',
        <TypePad
          kind={kind}
          suggestion={suggestion}
          active={mode === 'type'}
          onChange={(value) => give('type', value)}
          describedBy={described}
        />,
      )}
      {panel('upload', <UploadPad kind={kind} onChange={(value) => give('upload', value)} describedBy={described} />)}
      {error && (
        <Typography id={errorId} role="alert" variant="body2" sx={{ color: 'error.main', mt: 1 }}>
          {error}
        </Typography>
      )}
    </Box>
  )
}

/** The paper the signature sits on: white in either theme, as the document's page is; lower on a phone. */
export const paper = (kind: Props['kind']) =>
  ({
    position: 'relative',
    height: kind === 'initials' ? { xs: 100, sm: 120 } : { xs: 130, sm: 160 },
    bgcolor: 'common.white',
    border: 1,
    borderColor: 'grey.500',
    borderRadius: 1,
    overflow: 'hidden',
  }) as const

/** The line a signature sits on, a quarter of the way up. */
const baseline = {
  position: 'absolute',
  insetInline: 24,
  bottom: '28%',
  borderBottom: '1px dashed',
  borderColor: 'grey.500',
  pointerEvents: 'none',
} as const

function DrawPad({ kind, onChange, describedBy }: { kind: Props['kind']; onChange(value: string | null): void; describedBy?: string }) {
  const { t } = useTranslation()
  const canvas = useRef<HTMLCanvasElement>(null)
  const engine = useRef<SignaturePadEngine | null>(null)
  const [empty, setEmpty] = useState(true)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange

  useEffect(() => {
    const element = canvas.current
    if (!element) return
    const pad = new SignaturePadEngine(element, { penColor: INK, minWidth: 1, maxWidth: 3 })
    engine.current = pad
    const ended = () => {
      setEmpty(pad.isEmpty())
      onChangeRef.current(croppedPng(element))
    }
    pad.addEventListener('endStroke', ended)
    // The canvas is drawn at the screen's density and its size follows the box (a hidden tab has none, and gets
    // one when shown); the strokes are kept as points and drawn again at the new size, so turning a phone loses nothing.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      const width = element.offsetWidth
      const height = element.offsetHeight
      if (width === 0 || element.width === Math.round(width * ratio)) return
      const strokes = pad.toData()
      element.width = Math.round(width * ratio)
      element.height = Math.round(height * ratio)
      element.getContext('2d')?.scale(ratio, ratio)
      pad.fromData(strokes)
    }
    const observer = new ResizeObserver(fit)
    observer.observe(element)
    fit()
    return () => {
      observer.disconnect()
      pad.removeEventListener('endStroke', ended)
      pad.off()
      engine.current = null
    }
  }, [])

  const clear = () => {
    engine.current?.clear()
    setEmpty(true)
    onChange(null)
  }

  return (
    <Stack spacing={1}>
      <Box sx={paper(kind)}>
        <Box sx={baseline} />
        {empty && (
          <Typography
            aria-hidden
            sx={{ position: 'absolute', insetInlineStart: 24, bottom: 'calc(28% + 6px)', color: 'grey.700', pointerEvents: 'none' }}
          >
            {t(kind === 'initials' ? 'signature.drawInitialsHere' : 'signature.drawHere')}
          </Typography>
        )}
        <Box
          component="canvas"
          ref={canvas}
          role="img"
          aria-label={t(kind === 'initials' ? 'signature.drawInitialsArea' : 'signature.drawArea')}
          aria-describedby={describedBy}
          data-testid="signature-canvas"
          // The finger draws instead of scrolling the page.
          sx={{ position: 'absolute', inset: 0, width: 1, height: 1, touchAction: 'none', cursor: 'crosshair' }}
        />
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" color="inherit" onClick={clear} disabled={empty}>
          {t('signature.clear')}
        </Button>
      </Stack>
    </Stack>
  )
}

function TypePad({
  kind,
  suggestion,
  active,
  onChange,
  describedBy,
}: {
  kind: Props['kind']
  suggestion: string
  active: boolean
  onChange(value: string | null): void
  describedBy?: string
}) {
  const { t } = useTranslation()
  const [text, setText] = useState(suggestion)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange

  // The picture is made from the text once the tab is open, again when the text changes; the last text wins.
  useEffect(() => {
    if (!active) return
    let current = true
    void typedPng(text).then((value) => {
      if (current) onChangeRef.current(value)
    })
    return () => {
      current = false
    }
  }, [text, active])

  return (
    <Stack spacing={1.5}>
      <TextField
        label={t(kind === 'initials' ? 'signature.typeInitials' : 'signature.typeName')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        size="small"
        fullWidth
        autoComplete={kind === 'initials' ? 'off' : 'name'}
        slotProps={{ htmlInput: { 'aria-describedby': describedBy, maxLength: 80, 'data-testid': 'typed-signature' } }}
      />
      <Box sx={{ ...paper(kind), display: 'flex', alignItems: 'center', px: 3 }}>
        <Box sx={baseline} />
        <Typography
          dir="auto"
          aria-hidden
          sx={{
            fontFamily: HANDWRITING,
            fontSize: kind === 'initials' ? 40 : 48,
            color: INK,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {text}
        </Typography>
      </Box>
    </Stack>
  )
}

function UploadPad({ kind, onChange, describedBy }: { kind: Props['kind']; onChange(value: string | null): void; describedBy?: string }) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [picture, setPicture] = useState<string | null>(null)
  const [refused, setRefused] = useState(false)
  const refusedId = useId()

  const chosen = async (file: File | undefined) => {
    if (!file) return
    try {
      const value = await uploadedPng(file)
      setRefused(false)
      setPicture(value)
      onChange(value)
    } catch (error) {
      if (!(error instanceof NotAnImage)) throw error
      setRefused(true)
      setPicture(null)
      onChange(null)
    }
  }

  return (
    <Stack spacing={1.5}>
      <Box sx={{ ...paper(kind), display: 'grid', placeItems: 'center' }}>
        {picture ? (
          <Box
            component="img"
            src={picture}
            alt={t('signature.uploaded')}
            sx={{ maxWidth: '90%', maxHeight: '85%', objectFit: 'contain' }}
          />
        ) : (
          <Typography sx={{ color: 'grey.700', px: 2, textAlign: 'center' }}>{t('signature.uploadHint')}</Typography>
        )}
      </Box>
      <Box
        component="input"
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        onChange={(event) => {
          const target = event.target as HTMLInputElement
          void chosen(target.files?.[0])
          // The same file chosen again after a change of mind is a change too.
          target.value = ''
        }}
        data-testid="signature-upload"
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          size="small"
          onClick={() => input.current?.click()}
          aria-describedby={[refused ? refusedId : null, describedBy].filter(Boolean).join(' ') || undefined}
        >
          {t(picture ? 'signature.chooseAnother' : 'signature.choose')}
        </Button>
      </Stack>
      {refused && (
        <Typography id={refusedId} role="alert" variant="body2" sx={{ color: 'error.main' }}>
          {t('signature.notImage')}
        </Typography>
      )}
    </Stack>
  )
}
