import { type Agreement, type AuditEntry, can, type Recipient } from '@closeroom/shared'
import DownloadRounded from '@mui/icons-material/DownloadRounded'
import { Alert, Box, Button, Grid, Link, Skeleton, Stack, TextField, Typography, useTheme } from '@mui/material'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { AddressField } from '../../components/AddressField'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { PdfPages } from '../../components/pdf/PdfPages'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { recipientColour } from './editor/colours'
import { Panel } from './Panel'
import { useAgreementAudit, useVoidAgreement } from './queries'
import { AgreementStatusChip, RecipientStatusChip } from './StatusChips'

/**
 * A sent agreement as it goes: each recipient's state and link, the audit log, the document with its fields;
 * void while it is out, download once sealed. It follows the server's agreement-changed events (AgreementPage).
 */
export function AgreementTracker({ agreement }: { agreement: Agreement }) {
  const { t, i18n } = useTranslation()
  const theme = useTheme()
  const me = useAuthContext().user
  const audit = useAgreementAudit(agreement.id, true)
  const sealed = agreement.status === 'completed' && agreement.sealedSha256 !== null
  const recipients = [...agreement.recipients].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
  const colourOf = (id: string) =>
    recipientColour(
      theme,
      recipients.findIndex((recipient) => recipient.id === id),
    )
  const declined = agreement.recipients.find((recipient) => recipient.status === 'declined')

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" dir="auto" sx={{ flex: 1, minWidth: 240 }}>
          {agreement.title}
        </Typography>
        <Box role="status">
          <AgreementStatusChip status={agreement.status} />
        </Box>
        {agreement.status === 'sent' && can(me, 'agreements.void', { ownerId: agreement.owner.id }) && <VoidButton id={agreement.id} />}
        {sealed && (
          <Button variant="contained" startIcon={<DownloadRounded />} href={`${agreement.documentUrl}?download=1`} download>
            {t('agreements.tracker.download')}
          </Button>
        )}
      </Stack>
      <Stack spacing={2} sx={{ mb: 3 }}>
        {agreement.deal && (
          <Typography>
            {t('agreements.tracker.deal')}{' '}
            <Link component={RouterLink} to={`/deals/${agreement.deal.id}`} dir="auto">
              {agreement.deal.name}
            </Link>
          </Typography>
        )}
        {agreement.status === 'completed' && !sealed && <Alert severity="info">{t('agreements.tracker.sealing')}</Alert>}
        {agreement.status === 'sent' && agreement.expiresAt && (
          <Alert severity="info">{t('agreements.tracker.expires', { date: formatDateTime(agreement.expiresAt, i18n.language) })}</Alert>
        )}
        {agreement.status === 'declined' && declined && (
          <Alert severity="error">{t('agreements.tracker.declined', { name: declined.name, reason: declined.declineReason ?? '' })}</Alert>
        )}
        {agreement.status === 'voided' && (
          <Alert severity="warning">
            {agreement.voidReason
              ? t('agreements.tracker.voidedBecause', { reason: agreement.voidReason })
              : t('agreements.tracker.voided')}
          </Alert>
        )}
        {agreement.status === 'expired' && <Alert severity="warning">{t('agreements.tracker.expired')}</Alert>}
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          <PdfPages
            url={agreement.documentUrl}
            overlay={(box) =>
              // Once sealed, the fields are part of the page itself.
              !sealed &&
              agreement.fields
                .filter((field) => field.page === box.number)
                .map((field) => (
                  <Box
                    key={field.id}
                    aria-hidden
                    style={{
                      left: `${field.x * 100}%`,
                      top: `${field.y * 100}%`,
                      width: `${field.width * 100}%`,
                      height: `${field.height * 100}%`,
                    }}
                    sx={{ position: 'absolute', border: 2, borderColor: colourOf(field.recipientId), borderRadius: 0.5 }}
                  />
                ))
            }
          />
        </Grid>
        <Grid size={{ xs: 12, md: 5, lg: 4 }} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Panel id="agreement-recipients" title={t('agreements.tracker.recipients')}>
            <Stack component="ol" spacing={2.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {recipients.map((recipient) => (
                <RecipientState
                  key={recipient.id}
                  recipient={recipient}
                  colour={colourOf(recipient.id)}
                  sequential={agreement.signingOrder === 'sequential'}
                  open={agreement.status === 'sent'}
                />
              ))}
            </Stack>
          </Panel>
          <Panel id="agreement-audit" title={t('agreements.tracker.audit')}>
            {audit.isError ? (
              <Alert severity="error">{serverErrorText(t, audit.error)}</Alert>
            ) : !audit.data ? (
              <Skeleton variant="rounded" height={120} />
            ) : (
              <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} data-audit>
                {audit.data.map((entry) => (
                  <AuditLine key={entry.id} entry={entry} />
                ))}
              </Stack>
            )}
          </Panel>
        </Grid>
      </Grid>
    </>
  )
}

/** `open`: the agreement is out for signature, so the links still work and are worth copying. */
function RecipientState({
  recipient,
  colour,
  sequential,
  open,
}: {
  recipient: Recipient
  colour: string
  sequential: boolean
  open: boolean
}) {
  const { t, i18n } = useTranslation()
  const when = recipient.signedAt ?? recipient.declinedAt ?? recipient.openedAt ?? recipient.sentAt
  return (
    <Box component="li" data-recipient={recipient.email} sx={{ borderLeft: 4, borderColor: colour, pl: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, flex: 1 }} dir="auto">
          {sequential && recipient.order ? `${recipient.order}. ` : ''}
          {recipient.name}
        </Typography>
        <RecipientStatusChip status={recipient.status} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <bdi>{recipient.email}</bdi> · {t(`agreements.roles.${recipient.role}`)}
        {when ? ` · ${formatDateTime(when, i18n.language)}` : ''}
      </Typography>
      {open && recipient.signingUrl && !['signed', 'approved', 'declined'].includes(recipient.status) && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          {recipient.salesroomUrl && (
            <>
              <AddressField url={recipient.salesroomUrl} texts="agreements.roomLink" testId={`room-link-${recipient.email}`} />
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('agreements.roomLink.hint')}
              </Typography>
            </>
          )}
          <AddressField url={recipient.signingUrl} texts="agreements.link" testId={`signing-link-${recipient.email}`} />
        </Stack>
      )}
    </Box>
  )
}

function AuditLine({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation()
  return (
    <Box component="li">
      <Typography variant="body2">
        <Box component="span" sx={{ fontWeight: 600 }}>
          {t(`agreements.auditKinds.${entry.kind}`)}
        </Box>{' '}
        · <bdi>{entry.actor.name}</bdi>
        {entry.detail ? ` · ${entry.detail}` : ''}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {formatDateTime(entry.at, i18n.language)}
        {entry.ip ? ` · ${entry.ip}` : ''}
      </Typography>
    </Box>
  )
}

function VoidButton({ id }: { id: string }) {
  const { t } = useTranslation()
  const cancel = useVoidAgreement(id)
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {t('agreements.tracker.void')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('agreements.tracker.voidTitle')}
        text={t('agreements.tracker.voidText')}
        confirmLabel={t('agreements.tracker.void')}
        cancelLabel={t('agreements.cancel')}
        color="error"
        pending={cancel.isPending}
        error={cancel.error ? serverErrorText(t, cancel.error) : null}
        onClose={() => setOpen(false)}
        onConfirm={() => cancel.mutate({ reason }, { onSuccess: () => setOpen(false) })}
      >
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={t('agreements.tracker.voidReason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000, dir: 'auto' } }}
          sx={{ mt: 2 }}
        />
      </ConfirmDialog>
    </>
  )
}
