import { expect, it } from 'vitest'
import { operationIdOf, summaryOf } from './api-docs.ts'

it.each([
  ['GET', '/api/deals', 'List deals', 'getDeals'],
  ['GET', '/api/organization', 'Get organization', 'getOrganization'],
  ['GET', '/api/deals/{id}', 'Get deal', 'getDealsById'],
  ['GET', '/api/deals/{id}/messages', 'List deal messages', 'getDealsByIdMessages'],
  ['POST', '/api/products', 'Create product', 'postProducts'],
  ['POST', '/api/bookings/{id}/confirm', 'Confirm booking', 'postBookingsByIdConfirm'],
  ['POST', '/api/meetings/{id}/recordings', 'Create meeting recording', 'postMeetingsByIdRecordings'],
  ['PATCH', '/api/clients/{id}', 'Update client', 'patchClientsById'],
  ['DELETE', '/api/teams/{id}', 'Delete team', 'deleteTeamsById'],
  ['GET', '/api/routings/{id}/responses.csv', 'Get routing responses csv', 'getRoutingsByIdResponsesCsv'],
])('names %s %s "%s" (%s)', (method, url, summary, operationId) => {
  expect(summaryOf(method, url)).toBe(summary)
  expect(operationIdOf(method, url)).toBe(operationId)
})
