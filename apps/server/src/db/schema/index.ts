export * from './accounts.ts'
export * from './booking.ts'
