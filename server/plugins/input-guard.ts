import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../http-errors';

export const NUL_MESSAGE = 'Text cannot contain null characters.';

/** True when any string in value (walked without recursion: bodies can nest deeply) holds U+0000. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (ArrayBuffer.isView(item)) {
      // Bytes (an uploaded image) are not text: a zero byte there is data.
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000, so a null character anywhere in the parameters, query or
 * body would fail deep in a query; it is refused up front with a message instead.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
        throw badRequest(NUL_MESSAGE);
      }
    });
  },
  { name: 'input-guard' },
);
