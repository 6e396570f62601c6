import type { ActionStep, PublicSalesroom } from '@closeroom/shared'
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded'
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded'
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded'
import { Box, Checkbox, Chip, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { ClientSuspense, useHydrated } from '../../components/public/ClientSuspense'
import { money } from '../../components/public/money'
import { PersonAvatar } from '../../components/public/PersonAvatar'
import { PublicFrame } from '../../components/public/PublicFrame'
import { LoadFailed, Loading, NotFound } from '../../components/public/states'
import { surface } from '../../components/public/surface'
import { useRemote } from '../../components/public/useRemote'
import { dateTimeFormat, intlLocale, numberFormat } from '../../lib/intl'
import { loadTexts, useTranslation } from '../../locales/i18n'
import { RoomInvoices } from '../invoices/RoomInvoices'
import { RoomRecordings } from '../recordings/RoomRecordings'
import { AccessGate } from './AccessGate'
import { roomApi, roomPaths, videoOf } from './api'
import { Parts, Section } from './bits'
import { RoomAgreements } from './RoomAgreements'
import { RoomDocuments } from './RoomDocuments'
import { visitStarted } from './visit'

// The chat (socket.io-client) and the booking widget (the booker) load after the room itself, the booker once the
// reader scrolls near it.
const RoomChat = lazy(() => import('./RoomChat'))
const RoomBooking = lazy(() => import('./RoomBooking'))
// Signing (the document, the signature pad and their texts) loads only for a buyer who came with their link.
const RoomSigning = lazy(async () => (await Promise.all([import('./RoomSigning'), loadTexts('signing')]))[0])

const HEARTBEAT_MS = 15_000
// On a phone the pricing table drops its unit price column: quantity and amount tell the same.
const narrowHidden = { display: { xs: 'none', sm: 'table-cell' } } as const

/** /d/:id — the buyer's sales room, or the private room's door (email, then code). */
export default function SalesroomPage() {
  const { id = '' } = useParams()
  const room = useRemote(id, (signal) => roomApi.room(id, signal), roomPaths.room(id))
  if (room.error?.code === 'unauthorized') return <AccessGate publicId={id} onOpen={room.set} />
  if (room.error?.code === 'not_found' || room.error?.code === 'invalid') return <NotFound />
  if (room.error) return <LoadFailed retry={room.reload} />
  if (!room.data) return <Loading />
  return <RoomView room={room.data} reload={room.reload} />
}

/**
 * Reports the visit, then a heartbeat every 15 s while the page is on screen (the seller's "time in the
 * room"); the visit's id is what the link clicks are reported under.
 */
function useVisit(publicId: string) {
  const visitId = useRef<Promise<string | null> | null>(null)
  useEffect(() => {
    const visit = roomApi.visit(publicId).then(
      (answer) => visitStarted(publicId, answer.visitId),
      () => null,
    )
    visitId.current = visit
    let timer: number | undefined
    const beat = () => {
      void visit.then((id) => {
        if (id) roomApi.heartbeat(publicId, id).catch(() => undefined)
      })
    }
    const schedule = () => {
      window.clearInterval(timer)
      timer = undefined
      if (document.visibilityState === 'visible') timer = window.setInterval(beat, HEARTBEAT_MS)
    }
    schedule()
    document.addEventListener('visibilitychange', schedule)
    return () => {
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', schedule)
    }
  }, [publicId])
  return (linkId: string) => {
    void visitId.current?.then((id) => {
      if (id) roomApi.linkOpened(publicId, id, linkId).catch(() => undefined)
    })
  }
}

// The seller's words (title, welcome, steps, links) take their own direction (dir="auto": an English welcome
// keeps its punctuation in an Arabic page) but align with the page: 'left' is flipped to 'right' in rtl.
function RoomView({ room: initial, reload }: { room: PublicSalesroom; reload: () => void }) {
  const { t, i18n } = useTranslation()
  const [room, setRoom] = useState(initial)
  // A reload after the seller's change brings a new room; a step ticked here lives in the state until then.
  useEffect(() => setRoom(initial), [initial])
  const linkOpened = useVisit(room.publicId)
  const signToken = useSearchParams()[0].get('sign')
  const video = room.videoUrl ? videoOf(room.videoUrl) : null
  const agreements = room.agreements.length > 0 && <RoomAgreements agreements={room.agreements} />
  const locale = intlLocale(i18n.language)

  const toggle = async (step: ActionStep, done: boolean) => {
    const replace = (next: ActionStep) => setRoom((r) => ({ ...r, steps: r.steps.map((s) => (s.id === next.id ? next : s)) }))
    replace({ ...step, done })
    try {
      replace(await roomApi.toggleStep(room.publicId, step.id, done))
    } catch {
      replace(step)
    }
  }

  return (
    <PublicFrame width="md">
      <Stack spacing={3}>
        <Box component="header" sx={{ ...surface, p: { xs: 2, md: 3 } }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 2 }}>
            <PersonAvatar name={room.organization.name} src={room.organization.logoUrl} size={48} />
            <Typography variant="subtitle1" dir="auto" sx={{ fontWeight: 700, flex: 1, minWidth: 120, textAlign: 'left' }}>
              {room.organization.name}
            </Typography>
            <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
              <PersonAvatar name={room.seller.name} src={room.seller.avatarUrl} size={36} />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('salesroom.room.sharedBy', { name: room.seller.name })}
              </Typography>
            </Stack>
          </Stack>
          <Typography
            variant="h3"
            component="h1"
            dir="auto"
            sx={{ mt: 3, overflowWrap: 'anywhere', textAlign: 'left', fontSize: { xs: '2rem', sm: '3rem' } }}
          >
            {room.title}
          </Typography>
          {room.welcome && (
            <Typography
              dir="auto"
              sx={{ mt: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere', color: 'text.secondary', textAlign: 'left' }}
            >
              {room.welcome}
            </Typography>
          )}
          {video && (
            <Box sx={{ mt: 3 }}>
              {video.embed && (
                <Box sx={{ position: 'relative', pt: '56.25%', borderRadius: 1.5, overflow: 'hidden', mb: 1, bgcolor: 'grey.900' }}>
                  <Box
                    component="iframe"
                    src={video.embed}
                    title={t('salesroom.room.video')}
                    allow="encrypted-media; picture-in-picture; fullscreen"
                    sandbox="allow-scripts allow-same-origin allow-presentation"
                    loading="lazy"
                    sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
                  />
                </Box>
              )}
              <Link
                href={video.href}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                {t('salesroom.room.watchVideo')}
                <OpenInNewRounded fontSize="small" aria-label={t('salesroom.room.opensNewTab')} />
              </Link>
            </Box>
          )}
        </Box>

        {signToken ? (
          <Suspense fallback={<Loading inline />}>
            <RoomSigning token={signToken} publicId={room.publicId} otherwise={agreements} />
          </Suspense>
        ) : (
          agreements
        )}

        {room.invoices.length > 0 && <RoomInvoices invoices={room.invoices} />}

        {room.links.length > 0 && (
          <Section id="room-links" title={t('salesroom.room.links')}>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {room.links.map((link) => (
                <li key={link.id}>
                  <Link
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={() => linkOpened(link.id)}
                    onAuxClick={() => linkOpened(link.id)}
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    <span dir="auto">{link.title}</span>
                    <OpenInNewRounded fontSize="small" aria-label={t('salesroom.room.opensNewTab')} />
                  </Link>
                </li>
              ))}
            </Box>
          </Section>
        )}

        {room.documents.length > 0 && (
          <Section id="room-documents" title={t('salesroom.room.documents')}>
            <RoomDocuments publicId={room.publicId} documents={room.documents} />
          </Section>
        )}

        {room.recordings.length > 0 && (
          <Section id="room-recordings" title={t('salesroom.room.recordings')}>
            <RoomRecordings publicId={room.publicId} recordings={room.recordings} />
          </Section>
        )}

        {room.steps.length > 0 && (
          <Section id="room-plan" title={t('salesroom.room.plan')}>
            <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {room.steps.map((step) => (
                <PlanStep key={step.id} step={step} locale={locale} onToggle={(done) => void toggle(step, done)} />
              ))}
            </Box>
          </Section>
        )}

        {room.total && room.lines.length > 0 && (
          <Section id="room-pricing" title={t('salesroom.room.pricing')}>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-labelledby="room-pricing" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('salesroom.room.product')}</TableCell>
                    <TableCell align="right">{t('salesroom.room.quantity')}</TableCell>
                    <TableCell align="right" sx={narrowHidden}>
                      {t('salesroom.room.unitPrice')}
                    </TableCell>
                    <TableCell align="right">{t('salesroom.room.amount')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {room.lines.map((line) => (
                    <TableRow key={line.productId}>
                      <TableCell dir="auto">{line.name}</TableCell>
                      <TableCell align="right">{numberFormat(locale).format(line.quantity)}</TableCell>
                      <TableCell align="right" sx={narrowHidden}>
                        {money(line.unitPrice, line.currency, locale)}
                      </TableCell>
                      <TableCell align="right">{money(line.unitPrice * line.quantity, line.currency, locale)}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell colSpan={3} sx={{ fontWeight: 700, borderBottom: 0, display: { xs: 'none', sm: 'table-cell' } }}>
                      {t('salesroom.room.total')}
                    </TableCell>
                    <TableCell colSpan={2} sx={{ fontWeight: 700, borderBottom: 0, display: { sm: 'none' } }}>
                      {t('salesroom.room.total')}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700, borderBottom: 0 }} data-testid="room-total">
                      {money(room.total.amount, room.total.currency, locale)}
                    </TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            </Box>
          </Section>
        )}

        {room.bookingHandle && (
          <Section id="room-booking" title={t('salesroom.room.booking')}>
            <ClientSuspense whenNear fallback={<Loading inline />}>
              <RoomBooking handle={room.bookingHandle} sellerName={room.seller.name} />
            </ClientSuspense>
          </Section>
        )}

        <Section id="room-chat" title={t('salesroom.room.chat', { name: room.seller.name })}>
          <ClientSuspense fallback={<Loading inline />}>
            <RoomChat publicId={room.publicId} visitorEmail={room.visitorEmail} onRoomChanged={reload} />
          </ClientSuspense>
        </Section>
      </Stack>
    </PublicFrame>
  )
}

function PlanStep({ step, locale, onToggle }: { step: ActionStep; locale: string; onToggle(done: boolean): void }) {
  const { t } = useTranslation()
  const buyer = step.side === 'buyer'
  // Rendered by the server, the box shows before the page listens: until hydrated it is disabled, so a tick is
  // never shown without being saved.
  const hydrated = useHydrated()
  const due = step.dueDate
    ? dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${step.dueDate}T00:00:00Z`))
    : null
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Box sx={{ width: 32, flexShrink: 0, display: 'grid', placeItems: 'center' }}>
        {buyer ? (
          <Checkbox
            checked={step.done}
            disabled={!hydrated}
            onChange={(event) => onToggle(event.target.checked)}
            slotProps={{ input: { 'aria-label': t('salesroom.room.markDone', { title: step.title }) } }}
            sx={{ p: 0.5 }}
          />
        ) : step.done ? (
          <CheckCircleRounded color="success" aria-label={t('salesroom.room.done')} role="img" />
        ) : (
          <RadioButtonUncheckedRounded sx={{ color: 'text.disabled' }} aria-label={t('salesroom.room.notDone')} role="img" />
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          dir="auto"
          sx={{ fontWeight: 600, textDecoration: step.done ? 'line-through' : undefined, overflowWrap: 'anywhere', textAlign: 'left' }}
        >
          {step.title}
        </Typography>
        {(step.ownerName || due) && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            <Parts parts={[step.ownerName, due && t('salesroom.room.due', { date: due })]} />
          </Typography>
        )}
      </Box>
      <Chip
        size="small"
        variant="outlined"
        color={buyer ? 'primary' : 'default'}
        label={buyer ? t('salesroom.room.buyerSide') : t('salesroom.room.sellerSide')}
      />
    </Stack>
  )
}
