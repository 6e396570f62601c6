/** Responses per page of GET /routings/:id/responses: the server's page size, which the list's answer does not carry. */
export const RESPONSES_PAGE_SIZE = 50
