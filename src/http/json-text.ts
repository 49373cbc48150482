/**
 * Sends a body that is already JSON (serialised, maybe cached, by the layer below) as is: a
 * string or Buffer with a JSON content type skips the route's response serialiser.
 */
import type { FastifyReply } from 'fastify';
import type { JsonText } from '../store/stored-json.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export function sendJsonText(reply: FastifyReply, json: JsonText): FastifyReply {
  return reply.type(JSON_TYPE).send(json);
}
