import { localStorageAvailable } from '../../lib/storage'
import { detectedTimeZone, prefers12h } from './time'

// The buyer's time zone and clock, remembered on this device from one booking page to the next.

const ZONE_KEY = 'closeroom.booking.timeZone'
const CLOCK_KEY = 'closeroom.booking.clock'
const read = (key: string) => (localStorageAvailable() ? window.localStorage.getItem(key) : null)
const write = (key: string, value: string) => {
  if (localStorageAvailable()) window.localStorage.setItem(key, value)
}

export const savedTimeZone = () => read(ZONE_KEY) ?? detectedTimeZone()
export const saveTimeZone = (zone: string) => write(ZONE_KEY, zone)
export const savedH12 = (language: string) => (read(CLOCK_KEY) ?? (prefers12h(language) ? '12' : '24')) === '12'
export const saveH12 = (h12: boolean) => write(CLOCK_KEY, h12 ? '12' : '24')
