import { DOCUMENT_TYPES } from '@closeroom/shared'
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined'
import { alpha, Box, Button, LinearProgress, Typography } from '@mui/material'
import { type DragEvent, useId, useRef, useState } from 'react'

/** A document picker's accept list: the types, and the extensions for systems that know a file by its name only. */
export const DOCUMENT_ACCEPT = [...DOCUMENT_TYPES, '.pdf', '.docx', '.xlsx', '.pptx', '.txt', '.csv'].join(',')

type Props = {
  /** The button's words, e.g. "Choose a file". */
  label: string
  /** What may be dropped and how big, under the button. */
  hint: string
  /** The file input's accept list; the server decides in the end, from the bytes. */
  accept: string
  multiple?: boolean
  /** While a file goes up: its name's progress line, and 0..1. */
  progress: { label: string; value: number } | null
  onFiles(files: File[]): void
}

/** Where files are dropped or chosen, with the upload's progress: the same look wherever files go up. */
export function FileDrop({ label, hint, accept, multiple, progress, onFiles }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const hintId = useId()
  const [over, setOver] = useState(false)
  const busy = progress !== null
  const drop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    if (!busy && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files])
  }
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={(theme) => ({
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
        borderRadius: 2,
        p: 2.5,
        textAlign: 'center',
        transition: theme.transitions.create(['border-color', 'background-color']),
      })}
    >
      <CloudUploadOutlined sx={{ color: 'text.secondary', fontSize: 32 }} aria-hidden />
      <Box sx={{ mt: 1 }}>
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy} aria-describedby={hintId}>
          {label}
        </Button>
      </Box>
      <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {hint}
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          event.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
      {progress && (
        <Box sx={{ mt: 2, textAlign: 'start' }}>
          <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {progress.label}
          </Typography>
          <LinearProgress variant="determinate" value={Math.round(progress.value * 100)} aria-label={progress.label} />
        </Box>
      )}
    </Box>
  )
}

/**
 * Sends files one after the other, with the progress for FileDrop and the refusals to show, one line each: a
 * file over `maxBytes` is refused here with `tooBig(name)`, the rest by the server's message (`failed` is given
 * the file's name too, so that a refusal among several files says which one).
 */
export function useFileUploads({
  send,
  maxBytes,
  tooBig,
  uploading,
  failed,
}: {
  send(file: File, onProgress: (fraction: number) => void): Promise<unknown>
  maxBytes: number
  tooBig(name: string): string
  uploading(name: string): string
  failed(error: unknown, name: string): string
}) {
  const [progress, setProgress] = useState<{ label: string; value: number } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const start = async (files: File[]) => {
    setError(null)
    const refused: string[] = []
    for (const file of files) {
      if (file.size > maxBytes) {
        refused.push(tooBig(file.name))
        setError(refused.join('\n'))
        continue
      }
      const label = uploading(file.name)
      setProgress({ label, value: 0 })
      try {
        await send(file, (value) => setProgress({ label, value }))
      } catch (caught) {
        refused.push(failed(caught, file.name))
        setError(refused.join('\n'))
      }
    }
    setProgress(null)
  }
  return { progress, error, start }
}
