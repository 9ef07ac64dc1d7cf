/**
 * A reply serializer compiled from a shared reply schema (zod -> JSON Schema -> fast-json-stringify), for routes
 * whose reply objects carry exactly the schema's keys (the item grids: a page of 20 cards is ~15 KB of JSON,
 * written in half the time of JSON.stringify). It writes the schema's keys in the schema's order, so it equals
 * JSON.stringify only for objects built in that order with no other keys: reply-serializer.test.ts checks that for
 * the routes that use it, and the server tests' reply check (config.checkReplies) keeps the handlers to the schema.
 */
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

export function replySerializer(schema: z.ZodType): (payload: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return fastJson(json as Parameters<typeof fastJson>[0]);
}
