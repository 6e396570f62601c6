import type { FastifyReply } from 'fastify'

/**
 * Sends JSON the service already wrote, as its UTF-8 bytes, as they are: Fastify sends a buffer without
 * serializing it, so the route's response schema then documents the answer (OpenAPI, the web's types) but does
 * not encode it. For the few hot answers written by the database (the board); their tests parse the answer with
 * the schema instead.
 */
export function sendJsonText(reply: FastifyReply, json: Buffer) {
  // The route's typed reply wants its schema's type; the bytes are that type's JSON.
  return reply.type('application/json; charset=utf-8').send(json as never)
}
