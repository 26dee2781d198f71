import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A response serializer for hot routes (docs/decisions/0107): the route's zod response schema,
 * turned into JSON Schema once at start, drives fast-json-stringify, which writes only the
 * declared properties (nothing else a row carries can leak) and fails on a missing required one.
 * About 4x faster than zod's encode plus JSON.stringify on a feed page (~5 against ~20 µs). It
 * does not check types as zod does, so it is for routes whose data comes straight from typed
 * queries; a schema JSON Schema cannot express (a transform, a date) stops the server at start.
 * Use it per route: `{ serializerCompiler: fastSerializer, schema }`.
 */
export const fastSerializer = <S>({ schema, method, url }: { schema: S; method: string; url: string }) => {
  let json: unknown;
  try {
    // Fastify hands the serializer one status code's schema, a zod schema on these routes.
    json = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-07', unrepresentable: 'throw' });
  } catch (error) {
    throw new Error(`${method} ${url}: its response schema has no JSON Schema for fastSerializer`, { cause: error });
  }
  return fastJson(json as Parameters<typeof fastJson>[0]);
};
