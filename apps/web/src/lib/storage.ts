/** Whether localStorage can be used: private modes and locked-down browsers throw on write. */
export function localStorageAvailable(): boolean {
  try {
    const key = '__closeroom_storage_test__'
    window.localStorage.setItem(key, key)
    window.localStorage.removeItem(key)
    return true
  } catch {
    return false
  }
}
