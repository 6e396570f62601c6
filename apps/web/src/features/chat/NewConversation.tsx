import { CHAT_LIMITS, type ChatConversation, type Person } from '@closeroom/shared'
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded'
import { Alert, Autocomplete, Avatar, Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { avatarColours } from '../../components/PeopleAvatars'
import { serverErrorText } from '../../lib/errorText'
import { useTranslation } from '../../locales/i18n'
import { PresenceBadge } from '../presence/PresenceBadge'
import { usePresence } from '../presence/presence'
import { chatApi, conversationsQuery } from './api'
import type { ChatAction, ChatState } from './store'

/**
 * Starting a conversation: one person opens (or finds again) the direct conversation with them; several, or a
 * name, make a group.
 */
export function NewConversation({ state, dispatch }: { state: ChatState; dispatch: (action: ChatAction) => void }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const presence = usePresence()
  const [name, setName] = useState('')
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const contacts = state.contacts.allIds.map((id) => state.contacts.byId[id]).filter((c): c is Person => !!c)
  const recipients = state.recipients

  async function start() {
    setSaving(true)
    setError(null)
    try {
      const conversation: ChatConversation = await chatApi.create({
        participantIds: recipients.map((r) => r.id),
        name: name.trim() || undefined,
      })
      dispatch({ type: 'conversation', conversation })
      queryClient.setQueryData(
        conversationsQuery.queryKey,
        (list) => list && [conversation, ...list.filter((c) => c.id !== conversation.id)],
      )
      dispatch({ type: 'recipients', recipients: [] })
      void navigate(`/chat/${conversation.id}`)
    } catch (caught) {
      setError(caught)
    } finally {
      setSaving(false)
    }
  }

  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton component={RouterLink} to="/chat" aria-label={t('chat.back')} sx={{ display: { md: 'none' } }}>
          <ArrowBackRounded sx={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
        </IconButton>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, py: 1 }}>
          {t('chat.newTitle')}
        </Typography>
      </Stack>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault()
          if (recipients.length > 0) void start()
        }}
        sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}
      >
        {!!error && <Alert severity="error">{serverErrorText(t, error)}</Alert>}
        <Autocomplete
          multiple
          options={contacts}
          value={recipients}
          onChange={(_event, value) => dispatch({ type: 'recipients', recipients: value })}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          noOptionsText={t('chat.noContacts')}
          renderOption={({ key, ...props }, option) => (
            <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
              <PresenceBadge state={presence(option.id)}>
                <Avatar
                  alt=""
                  src={option.avatarUrl ?? undefined}
                  sx={{ width: 28, height: 28, fontSize: 13, ...avatarColours(option.name) }}
                >
                  {option.name.slice(0, 1).toUpperCase()}
                </Avatar>
              </PresenceBadge>
              <span dir="auto">{option.name}</span>
            </Box>
          )}
          renderInput={(params) => <TextField {...params} label={t('chat.recipients')} helperText={t('chat.recipientsHint')} />}
        />
        {recipients.length > 1 && (
          <TextField
            label={t('chat.groupName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.maxNameLength } }}
          />
        )}
        <Button type="submit" variant="contained" disabled={recipients.length === 0} loading={saving} sx={{ alignSelf: 'flex-start' }}>
          {t('chat.start')}
        </Button>
      </Box>
    </>
  )
}
