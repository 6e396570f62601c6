type Plain = Record<string, unknown>

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype

/** `overrides` laid over `base`, object by object; arrays and everything else are replaced whole. */
export function deepMerge<T extends Plain>(base: T, overrides: Plain): T {
  const merged: Plain = { ...base }
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue
    const current = merged[key]
    merged[key] = isPlain(current) && isPlain(value) ? deepMerge(current, value) : value
  }
  return merged as T
}
