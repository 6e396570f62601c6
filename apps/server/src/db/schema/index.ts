export * from './accounts.ts'
export * from './booking.ts'
export * from './deals.ts'
export * from './salesrooms.ts'
