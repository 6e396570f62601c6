import type { Salesroom } from '@closeroom/shared'
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded'
import EditRounded from '@mui/icons-material/EditRounded'
import { Alert, Box, Button, Card, CardContent, CardHeader, IconButton, Link, Stack, TextField, Typography } from '@mui/material'
import { useState } from 'react'
import { useTranslation } from '../../locales/i18n'
import { type LinkFields, useAddLink, useRemoveLink, useUpdateLink } from './queries'
import { useInlineForm } from './useInlineForm'

type RoomLink = Salesroom['links'][number]

/** Title and address of a link; the server adds https:// when the seller leaves it out. */
function LinkForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: LinkFields
  submitLabel: string
  onSubmit(fields: LinkFields): Promise<unknown>
  onCancel?(): void
}) {
  const { t } = useTranslation()
  const { fields, setFields, error, busy, submit } = useInlineForm(initial, onSubmit, (f) => ({ title: f.title.trim(), url: f.url.trim() }))
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      {error && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('salesroom.editor.linkTitle')}
          value={fields.title}
          onChange={(event) => setFields({ ...fields, title: event.target.value })}
          size="small"
          sx={{ flex: 1 }}
        />
        <TextField
          label={t('salesroom.editor.linkUrl')}
          value={fields.url}
          onChange={(event) => setFields({ ...fields, url: event.target.value })}
          size="small"
          type="url"
          sx={{ flex: 1.4 }}
        />
        <Button type="submit" variant="contained" disabled={busy || !fields.title.trim() || !fields.url.trim()}>
          {submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('salesroom.editor.cancel')}</Button>}
      </Stack>
    </Box>
  )
}

export function LinksCard({ dealId, links }: { dealId: string; links: RoomLink[] }) {
  const { t } = useTranslation()
  const add = useAddLink(dealId)
  const update = useUpdateLink(dealId)
  const remove = useRemoveLink(dealId)
  const [editing, setEditing] = useState<string | null>(null)
  return (
    <Card>
      <CardHeader title={t('salesroom.editor.links')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {links.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('salesroom.editor.noLinks')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, mb: 2, p: 0 }}>
            {links.map((link) => (
              <Box component="li" key={link.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                {editing === link.id ? (
                  <LinkForm
                    initial={{ title: link.title, url: link.url }}
                    submitLabel={t('salesroom.editor.saveEdit')}
                    onSubmit={async (fields) => {
                      await update.mutateAsync({ id: link.id, ...fields })
                      setEditing(null)
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>{link.title}</Typography>
                      <Link href={link.url} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {link.url}
                      </Link>
                    </Box>
                    <IconButton aria-label={t('salesroom.editor.edit', { title: link.title })} onClick={() => setEditing(link.id)}>
                      <EditRounded fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('salesroom.editor.remove', { title: link.title })}
                      onClick={() => remove.mutate(link.id)}
                      disabled={remove.isPending}
                    >
                      <DeleteOutlineRounded fontSize="small" />
                    </IconButton>
                  </Stack>
                )}
              </Box>
            ))}
          </Box>
        )}
        <LinkForm
          initial={{ title: '', url: '' }}
          submitLabel={t('salesroom.editor.addLink')}
          onSubmit={(fields) => add.mutateAsync(fields)}
        />
      </CardContent>
    </Card>
  )
}
