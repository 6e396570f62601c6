import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined'
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { formatDateTime } from '../../lib/intl'
import { useTranslation } from '../../locales/i18n'
import { useMarkRead, useNotifications } from './queries'
import { sentenceOf } from './sentence'

/**
 * The bell in the header: how many notifications are unread, and the latest of them. Each new one also
 * shows as a toast, wherever the user is in the app.
 */
export function NotificationsButton() {
  const { t, i18n } = useTranslation()
  const { enqueueSnackbar } = useSnackbar()
  const navigate = useNavigate()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const list = useNotifications((entry) => enqueueSnackbar(sentenceOf(t, entry, i18n.language), { variant: 'info' }))
  const markRead = useMarkRead()
  const unread = list.data?.unread ?? 0

  const open = (id: string, url: string, read: boolean) => {
    if (!read) markRead.mutate([id])
    setAnchor(null)
    navigate(url)
  }

  return (
    <>
      <IconButton
        aria-label={unread ? t('notifications.buttonUnread', { count: unread }) : t('notifications.button')}
        aria-haspopup="dialog"
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* The count is in the button's name already: the badge only draws it. */}
        <Badge badgeContent={unread || undefined} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-labelledby': 'notifications-title', sx: { width: 380, maxWidth: 'calc(100vw - 32px)' } },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2.5, py: 2, gap: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="subtitle1" component="h2" id="notifications-title" sx={{ fontWeight: 700 }}>
              {t('notifications.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('notifications.unread', { count: unread })}
            </Typography>
          </Box>
          {unread > 0 && (
            <Button size="small" onClick={() => markRead.mutate(undefined)} disabled={markRead.isPending}>
              {t('notifications.markAll')}
            </Button>
          )}
        </Stack>
        <Divider />
        {!list.data ? (
          <Box sx={{ p: 2 }}>
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Box>
        ) : list.data.notifications.length === 0 ? (
          <Typography sx={{ p: 3, color: 'text.secondary', textAlign: 'center' }}>{t('notifications.empty')}</Typography>
        ) : (
          <List disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }} aria-label={t('notifications.title')}>
            {list.data.notifications.map((entry) => {
              const read = entry.readAt !== null
              return (
                <ListItemButton
                  key={entry.id}
                  onClick={() => open(entry.id, entry.url, read)}
                  sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5, px: 2.5, bgcolor: read ? undefined : 'action.selected' }}
                >
                  <Box
                    aria-hidden
                    sx={{ mt: 1, width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: read ? 'transparent' : 'info.main' }}
                  />
                  <ListItemText
                    primary={sentenceOf(t, entry, i18n.language)}
                    secondary={formatDateTime(entry.createdAt, i18n.language)}
                    slotProps={{
                      primary: { sx: { fontWeight: read ? 400 : 600, overflowWrap: 'anywhere' }, dir: 'auto' },
                      secondary: { variant: 'caption' },
                    }}
                  />
                </ListItemButton>
              )
            })}
          </List>
        )}
      </Popover>
    </>
  )
}
