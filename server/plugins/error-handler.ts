import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors';

const GENERIC_FAILURE = 'Something went wrong. Please try again.';

interface ValidationItem {
  keyword?: string;
  instancePath?: string;
  message?: string;
}

/** A person-readable line for a failed schema: our rules' own messages as they are, others with the field named. */
function validationMessage(error: FastifyError): string {
  const first = (error.validation?.[0] ?? {}) as ValidationItem;
  const field = first.instancePath?.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
  if (first.keyword === 'custom' && first.message) return first.message;
  return `${field}: ${first.message ?? 'is invalid'}`;
}

/** Central error handling: every 4xx says what was wrong, every 5xx hides its details and is logged. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        return reply.code(400).send({ error: 'Bad Request', message: validationMessage(error) });
      }
      const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
      if (status >= 400 && status < 500) {
        const message =
          error instanceof HttpError || error.code?.startsWith('FST_') ? error.message : (STATUS_CODES[status] ?? 'Bad request');
        if (error instanceof HttpError && error.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(status).send({ error: STATUS_CODES[status] ?? 'Error', message });
      }
      // PostgreSQL's "data exception" class: a value from the request the database cannot hold
      // (out of range, malformed). A schema should have refused it; this keeps it a 400 regardless.
      if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code)) {
        request.log.warn({ err: error }, 'database refused a value from the request');
        return reply.code(400).send({ error: 'Bad Request', message: 'Some of the values sent cannot be stored.' });
      }
      // Busy, not broken (a 503 of ours): it says when to try again, and is not an error to log.
      if (error instanceof HttpError && status === 503) {
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(503).send({ error: 'Service Unavailable', message: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'Internal Server Error', message: GENERIC_FAILURE, requestId: String(request.id) });
    });
  },
  { name: 'error-handler' },
);

/**
 * Errors Fastify raises before routing (an address that does not decode, or a path parameter
 * past its length limit). Its own answers echo the whole address back; ours say what was wrong.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : 400;
  void reply
    .code(status)
    .send({ error: STATUS_CODES[status], message: tooLong ? 'The address is too long.' : 'The address is not valid.' });
}
