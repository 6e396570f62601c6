import { AGREEMENT_LIMITS } from '@closeroom/shared'
import { MenuItem, Stack, TextField } from '@mui/material'
import { useTranslation } from '../../../locales/i18n'

const REMINDER_DAYS = [1, 2, 3, 7, 14].filter((days) => days <= AGREEMENT_LIMITS.maxReminderDays)

/** The day (in the reader's zone) an expiry instant falls on, for a date input. */
function dayOf(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The end of a chosen day in the reader's zone: an agreement expiring "on the 12th" can be signed all that day. */
function endOf(day: string): string | null {
  if (!day) return null
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, date, 23, 59, 59).toISOString()
}

type Props = {
  expiresAt: string | null
  reminderEveryDays: number | null
  onExpires(expiresAt: string | null): void
  onReminders(days: number | null): void
}

/** When the agreement expires, and how often those whose turn it is are reminded. */
export function SettingsEditor({ expiresAt, reminderEveryDays, onExpires, onReminders }: Props) {
  const { t } = useTranslation()
  return (
    <Stack spacing={2}>
      <TextField
        size="small"
        type="date"
        label={t('agreements.editor.expires')}
        value={dayOf(expiresAt)}
        onChange={(event) => onExpires(endOf(event.target.value))}
        helperText={t('agreements.editor.expiresHint')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dayOf(new Date().toISOString()) } }}
      />
      <TextField
        select
        size="small"
        label={t('agreements.editor.reminders')}
        value={reminderEveryDays ?? 0}
        onChange={(event) => onReminders(Number(event.target.value) || null)}
      >
        <MenuItem value={0}>{t('agreements.editor.noReminders')}</MenuItem>
        {REMINDER_DAYS.map((days) => (
          <MenuItem key={days} value={days}>
            {t('agreements.editor.everyDays', { count: days })}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  )
}
