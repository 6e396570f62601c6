import { can, type MailLabel, type MailThread } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import EditOutlined from '@mui/icons-material/EditOutlined'
import InboxOutlined from '@mui/icons-material/InboxOutlined'
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined'
import ReplyRounded from '@mui/icons-material/ReplyRounded'
import SendOutlined from '@mui/icons-material/SendOutlined'
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material'
import { type ReactElement, useState } from 'react'
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router'
import { useAuthContext } from '../../app/AuthProvider'
import { PageHeader } from '../../components/PageHeader'
import { serverErrorText } from '../../lib/errorText'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { ComposeDialog } from './ComposeDialog'
import { MessageAttachments, MessageBody } from './MessageBody'
import { type MailItem, type MailScope, useMailArrivals, useMailbox, useMailState, useThread } from './queries'

const labelIcons: Record<MailLabel, ReactElement> = {
  inbox: <InboxOutlined />,
  sent: <SendOutlined />,
  closeroom: <MarkEmailReadOutlined />,
}

const isLabel = (value: string | null, labels: MailLabel[]): value is MailLabel => labels.includes(value as MailLabel)

/**
 * /mail (the member's own mailbox) and /mail/all (what the organization lets them read): labels, the
 * conversations under the chosen one, and the chosen conversation, side by side on a wide screen and one
 * after the other on a phone. The label and the open conversation are kept in the address.
 */
export default function MailPage() {
  const scope: MailScope = useLocation().pathname.startsWith('/mail/all') ? 'all' : 'mine'
  const { t } = useTranslation()
  const me = useAuthContext().user
  const theme = useTheme()
  const wide = useMediaQuery(theme.breakpoints.up('md'))
  const [params, setParams] = useSearchParams()
  const [composing, setComposing] = useState(false)
  const mailbox = useMailbox()
  const labels: MailLabel[] = can(me, 'outbox.read') ? ['inbox', 'sent', 'closeroom'] : ['inbox', 'sent']
  const rawLabel = params.get('label')
  const label: MailLabel = isLabel(rawLabel, labels) ? rawLabel : 'inbox'
  const state = useMailState(scope, label, labels)
  useMailArrivals()
  const openId = params.get('thread')
  const open = openId ? state.mails.byId[openId] : undefined

  const go = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current)
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value)
        else next.delete(key)
      }
      return next
    })

  const connected = !!mailbox.data
  const showList = wide || !openId
  const showThread = wide || !!openId

  return (
    <>
      <PageHeader
        title={t('mail.title')}
        action={
          connected && (
            <Button variant="contained" startIcon={<EditOutlined />} onClick={() => setComposing(true)}>
              {t('mail.compose')}
            </Button>
          )
        }
      />
      {mailbox.data === null && scope === 'mine' && (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/settings/connected-apps">
              {t('mail.connect')}
            </Button>
          }
        >
          {t('mail.notConnected')}
        </Alert>
      )}
      {mailbox.data?.lastError && (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/settings/connected-apps">
              {t('mail.settingsLink')}
            </Button>
          }
        >
          {t('mail.mailboxError', { error: mailbox.data.lastError })}
        </Alert>
      )}
      <Tabs value={scope} aria-label={t('mail.scopesLabel')} sx={{ mb: 2 }}>
        <Tab value="mine" label={t('mail.scopes.mine')} component={RouterLink} to="/mail" />
        <Tab value="all" label={t('mail.scopes.all')} component={RouterLink} to="/mail/all" />
      </Tabs>
      <Card sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, minHeight: { md: 560 } }}>
        <Box
          component="nav"
          aria-label={t('mail.labelsTitle')}
          sx={{ width: { md: 200 }, flexShrink: 0, borderInlineEnd: { md: 1 }, borderBottom: { xs: 1, md: 0 }, borderColor: 'divider' }}
        >
          <List dense sx={{ display: { xs: 'flex', md: 'block' }, overflowX: 'auto', p: 1 }}>
            {state.labels.map((value) => (
              <ListItem key={value} disablePadding sx={{ width: 'auto' }}>
                <ListItemButton
                  selected={value === label}
                  aria-current={value === label ? 'page' : undefined}
                  onClick={() => go({ label: value === 'inbox' ? null : value, thread: null })}
                  sx={{ borderRadius: 1, flexShrink: 0 }}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>{labelIcons[value]}</ListItemIcon>
                  <ListItemText primary={t(`mail.labels.${value}`)} slotProps={{ primary: { noWrap: true } }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
        {showList && (
          <Box
            component="section"
            aria-label={t('mail.listLabel')}
            sx={{
              width: { md: 360 },
              flexShrink: 0,
              borderInlineEnd: { md: 1 },
              borderColor: 'divider',
              overflowY: 'auto',
              maxHeight: { md: 720 },
            }}
          >
            {state.error && (
              <Alert severity="error" sx={{ m: 2 }}>
                {serverErrorText(t, state.error)}
              </Alert>
            )}
            {state.isLoading && (
              <Stack spacing={1} sx={{ p: 2 }}>
                <Skeleton variant="rounded" height={64} />
                <Skeleton variant="rounded" height={64} />
              </Stack>
            )}
            {!state.isLoading && !state.error && state.mails.allIds.length === 0 && (
              <Typography sx={{ p: 3, color: 'text.secondary' }}>
                {/* Said of whose mail is listed, and promising new mail only where a mailbox brings it. */}
                {label === 'closeroom'
                  ? t('mail.empty.closeroom')
                  : scope === 'all'
                    ? t(`mail.emptyAll.${label}`)
                    : mailbox.data === null
                      ? t('mail.empty.noMailbox')
                      : t(`mail.empty.${label}`)}
              </Typography>
            )}
            <List disablePadding>
              {state.mails.allIds.map((id) => {
                const item = state.mails.byId[id]
                return item ? <MailRow key={id} item={item} selected={id === openId} onOpen={() => go({ thread: id })} /> : null
              })}
            </List>
            {state.older.has && (
              <Box sx={{ p: 2, textAlign: 'center' }}>
                <Button onClick={state.older.load} loading={state.older.loading}>
                  {label === 'closeroom' ? t('mail.olderEmails') : t('mail.older')}
                </Button>
              </Box>
            )}
            {!!state.older.error && (
              <Alert severity="error" sx={{ m: 2 }}>
                {serverErrorText(t, state.older.error)}
              </Alert>
            )}
          </Box>
        )}
        {showThread && (
          <Box component="section" aria-live="polite" sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
            {!wide && (
              <Button
                startIcon={<ArrowBackRounded sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} />}
                onClick={() => go({ thread: null })}
                sx={{ mb: 2 }}
              >
                {t('mail.back')}
              </Button>
            )}
            {open?.kind === 'closeroom' ? (
              <CloseroomEmailView item={open} />
            ) : openId ? (
              <ThreadView id={openId} />
            ) : (
              <Typography sx={{ color: 'text.secondary', textAlign: 'center', mt: { md: 10 } }}>{t('mail.pickThread')}</Typography>
            )}
          </Box>
        )}
      </Card>
      <ComposeDialog open={composing} onClose={() => setComposing(false)} onSent={(thread) => go({ thread: thread.id, label: 'sent' })} />
    </>
  )
}

function MailRow({ item, selected, onOpen }: { item: MailItem; selected: boolean; onOpen: () => void }) {
  const { t, i18n } = useTranslation()
  const when = item.kind === 'thread' ? item.thread.lastMessageAt : item.createdAt
  const who = item.kind === 'thread' ? item.thread.participants.map((p) => p.name || p.address).join(', ') || t('mail.me') : item.to
  const subject = (item.kind === 'thread' ? item.thread.subject : item.subject) || t('mail.noSubject')
  const snippet = item.kind === 'thread' ? item.thread.snippet : item.text
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        selected={selected}
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        sx={{ alignItems: 'flex-start', py: 1.5 }}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline' }}>
            <Typography variant="subtitle2" noWrap sx={{ flex: 1 }} dir="auto">
              {who}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary', flexShrink: 0 }}>
              {formatDateTime(when, i18n.language)}
            </Typography>
          </Stack>
          <Typography variant="body2" noWrap dir="auto">
            {subject}
            {item.kind === 'thread' && item.thread.messageCount > 1 ? ` (${item.thread.messageCount})` : ''}
          </Typography>
          <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }} dir="auto">
            {snippet}
          </Typography>
          {item.kind === 'thread' && item.thread.deal && (
            <Chip size="small" variant="outlined" label={item.thread.deal.title} sx={{ mt: 0.5, maxWidth: '100%' }} />
          )}
        </Box>
      </ListItemButton>
    </ListItem>
  )
}

function ThreadView({ id }: { id: string }) {
  const { t, i18n } = useTranslation()
  const thread = useThread(id)
  const [replying, setReplying] = useState(false)
  if (thread.isError) return <Alert severity="error">{serverErrorText(t, thread.error)}</Alert>
  if (!thread.data) return <Skeleton variant="rounded" height={240} />
  const data: MailThread = thread.data
  const lastIn = data.messages.findLast((m) => m.direction === 'in')
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h2" dir="auto">
          {data.subject || t('mail.noSubject')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Chip size="small" label={t('mail.owner', { name: data.owner.name })} />
          {data.client && (
            <Chip
              size="small"
              variant="outlined"
              label={t('mail.client', { name: data.client.name })}
              component={RouterLink}
              to={`/clients/${data.client.id}`}
              clickable
            />
          )}
          {data.deal && (
            <Chip
              size="small"
              variant="outlined"
              color="primary"
              label={t('mail.deal', { name: data.deal.title })}
              component={RouterLink}
              to={`/deals/${data.deal.id}`}
              clickable
            />
          )}
        </Stack>
      </Box>
      {data.messages.map((message) => (
        <Card key={message.id} variant="outlined" component="article" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }} dir="auto">
              {message.from.name ? `${message.from.name} <${message.from.address}>` : message.from.address}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {formatDateTime(message.sentAt, i18n.language)}
            </Typography>
          </Stack>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }} dir="auto">
            {t('mail.to', { to: message.to.map((a) => a.address).join(', ') })}
            {message.cc.length > 0 && ` · ${t('mail.cc', { cc: message.cc.map((a) => a.address).join(', ') })}`}
          </Typography>
          <Divider sx={{ my: 1.5 }} />
          <MessageBody message={message} />
          <MessageAttachments message={message} />
        </Card>
      ))}
      {data.canReply ? (
        <Box>
          <Button variant="contained" startIcon={<ReplyRounded />} onClick={() => setReplying(true)}>
            {t('mail.reply')}
          </Button>
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('mail.replyReadOnly', { name: data.owner.name })}
        </Typography>
      )}
      <ComposeDialog
        open={replying}
        onClose={() => setReplying(false)}
        reply={{ threadId: data.id, to: lastIn?.from.address ?? data.participants[0]?.address ?? '', subject: data.subject }}
      />
    </Stack>
  )
}

function CloseroomEmailView({ item }: { item: Extract<MailItem, { kind: 'closeroom' }> }) {
  const { t, i18n } = useTranslation()
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2" dir="auto">
        {item.subject}
      </Typography>
      <Card variant="outlined" component="article" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" sx={{ flex: 1 }}>
            {t('mail.closeroomTo', { to: item.to })}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {formatDateTime(item.createdAt, i18n.language)}
          </Typography>
        </Stack>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {t('mail.closeroomNote')}
        </Typography>
        <Divider sx={{ my: 1.5 }} />
        <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.text}
        </Typography>
      </Card>
    </Stack>
  )
}
