import type { MailMessage } from '@closeroom/shared'
import AttachFileRounded from '@mui/icons-material/AttachFileRounded'
import ImageOutlined from '@mui/icons-material/ImageOutlined'
import { Box, Button, Chip, Stack, Typography } from '@mui/material'
import { useMemo, useRef, useState } from 'react'
import { API_URL } from '../../lib/api'
import { formatFileSize } from '../../lib/upload'
import { useTranslation } from '../../locales/i18n'

/**
 * A message's body: its HTML (already sanitised by the server) in a frame that may run no script at all, on the
 * white page mail is written for; else its text. Remote images wait until the reader asks for them.
 */
export function MessageBody({ message }: { message: MailMessage }) {
  const { t } = useTranslation()
  if (!message.html)
    return (
      <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.text}
      </Typography>
    )
  return <HtmlBody html={message.html} title={t('mail.htmlTitle', { subject: message.subject || t('mail.noSubject') })} />
}

function HtmlBody({ html, title }: { html: string; title: string }) {
  const { t } = useTranslation()
  const [images, setImages] = useState(false)
  const [height, setHeight] = useState(120)
  const frame = useRef<HTMLIFrameElement>(null)
  const remote = html.includes(' data-remote-src="')
  const document = useMemo(() => {
    const body = images ? html.replaceAll(' data-remote-src="', ' src="') : html
    // A second lock besides the sandbox: nothing but inline styles and (when asked) images may load.
    const policy = `default-src 'none'; style-src 'unsafe-inline'; img-src data:${images ? ' https: http:' : ''}`
    return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"><base target="_blank"><style>html{color-scheme:light}body{margin:0;padding:12px;font:14px/1.5 'Public Sans',Arial,sans-serif;color:#1c252e;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}</style></head><body>${body}</body></html>`
  }, [html, images])

  const fit = () => {
    const doc = frame.current?.contentDocument
    if (doc) setHeight(Math.min(4000, doc.documentElement.scrollHeight + 2))
  }

  return (
    <Stack spacing={1}>
      {remote && !images && (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('mail.imagesHeld')}
          </Typography>
          <Button size="small" startIcon={<ImageOutlined />} onClick={() => setImages(true)}>
            {t('mail.showImages')}
          </Button>
        </Stack>
      )}
      <Box
        component="iframe"
        ref={frame}
        title={title}
        srcDoc={document}
        onLoad={fit}
        // No allow-scripts: whatever the mail holds never runs. Same origin only so its height can be read;
        // popups so its links open in a new tab, outside the sandbox.
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        sx={{ width: '100%', height, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff', display: 'block' }}
      />
    </Stack>
  )
}

/** The files that came with a message; those the file rules refused are named, not offered. */
export function MessageAttachments({ message }: { message: MailMessage }) {
  const { t, i18n } = useTranslation()
  if (message.attachments.length === 0) return null
  return (
    <Box
      component="ul"
      aria-label={t('mail.attachments')}
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap' }}
    >
      {message.attachments.map((file) => {
        const label = `${file.name} · ${formatFileSize(file.size, i18n.language)}`
        return (
          <li key={file.id}>
            {file.kept ? (
              <Chip
                icon={<AttachFileRounded />}
                label={label}
                component="a"
                href={`${API_URL}/mail/attachments/${file.id}`}
                download={file.name}
                clickable
                variant="outlined"
              />
            ) : (
              <Chip icon={<AttachFileRounded />} label={`${label} · ${t('mail.attachmentRefused')}`} variant="outlined" disabled />
            )}
          </li>
        )
      })}
    </Box>
  )
}
