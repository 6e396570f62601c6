/** Board positions are sparse integers: a drop between two deals writes one row until a gap runs out. */
export const POSITION_GAP = 1024
const MAX_POSITION = 2_147_483_647
const MIN_POSITION = -2_147_483_648

/**
 * Where a deal dropped between `previous` and `next` (null at either end of the column) goes, or null
 * when there is no integer left between them and the column must be renumbered first.
 */
export function positionBetween(previous: number | null, next: number | null): number | null {
  if (previous === null && next === null) return POSITION_GAP
  if (next === null) return (previous as number) + POSITION_GAP <= MAX_POSITION ? (previous as number) + POSITION_GAP : null
  if (previous === null) return next - POSITION_GAP >= MIN_POSITION ? next - POSITION_GAP : null
  return next - previous > 1 ? previous + Math.floor((next - previous) / 2) : null
}
