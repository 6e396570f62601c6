import type { BookingSettings } from '@closeroom/shared'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { bookingSettings } from '../../db/schema/index.ts'
import { authorize } from '../../permissions.ts'
import type { AuthContext } from '../auth/module.ts'

/** What an organization gets before an admin changes anything: half-hour meetings, two hours' notice, reminders a day and an hour before. */
export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  defaultDuration: 30,
  bufferBefore: 0,
  bufferAfter: 0,
  minimumNotice: 120,
  windowDays: 60,
  reminderMinutes: [1440, 60],
  requiresConfirmation: false,
}

/** The organization's booking defaults: everyone reads them (a new event type starts from them), admins change them. */
export function createBookingSettings({ db }: { db: Db }) {
  async function of(organizationId: string): Promise<BookingSettings> {
    const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.organizationId, organizationId))
    return { ...DEFAULT_BOOKING_SETTINGS, ...row?.settings }
  }

  async function update(auth: AuthContext, settings: BookingSettings): Promise<BookingSettings> {
    authorize(auth.user, 'organization.update')
    const organizationId = auth.user.organizationId
    await db
      .insert(bookingSettings)
      .values({ organizationId, settings })
      .onConflictDoUpdate({ target: bookingSettings.organizationId, set: { settings } })
    return of(organizationId)
  }

  return { of, get: (auth: AuthContext) => of(auth.user.organizationId), update }
}

export type BookingSettingsService = ReturnType<typeof createBookingSettings>
